import { Form } from "react-router";
import { AccountSubmit, FormMessage } from "#app/components/account-parts.tsx";
import { FormField } from "#app/components/form-field.tsx";
import { useT } from "#app/i18n/react.ts";
import type { HomeownerPageView } from "#app/schemas/homeowner-page.ts";

/** What the page's two forms answer: the code went out, or a sentence saying why not. */
export type ConfirmAnswer = { kind: "sent" | "error"; message: string };

/**
 * The page after 14 days (ADR 069): "Email me a code", then the code. Both forms post to the
 * page's own address and work without JavaScript; the right code brings the page back with it.
 */
export function HomeownerConfirm({
  business,
  maskedEmail,
  answer,
}: {
  business: HomeownerPageView["business"];
  maskedEmail: string;
  answer: ConfirmAnswer | undefined;
}) {
  const t = useT();
  return (
    <section className="page-section account homeowner" aria-labelledby="page-title">
      <p className="eyebrow">{business.name}</p>
      <h1 id="page-title">{t("homeowner.code.title")}</h1>
      <p>{t("homeowner.code.why", { email: maskedEmail })}</p>
      {answer ? (
        <FormMessage kind={answer.kind === "sent" ? "success" : "error"}>
          <p>{answer.message}</p>
        </FormMessage>
      ) : null}
      <Form method="post" className="account-form" reloadDocument>
        <input type="hidden" name="intent" value="send-code" />
        <AccountSubmit>{t("homeowner.code.send")}</AccountSubmit>
      </Form>
      <Form method="post" className="account-form" reloadDocument>
        <input type="hidden" name="intent" value="check-code" />
        <FormField
          label={t("homeowner.code.label")}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          required
          hint={t("homeowner.code.again")}
          error={answer?.kind === "error" ? answer.message : undefined}
        />
        <AccountSubmit>{t("homeowner.code.check")}</AccountSubmit>
      </Form>
      <p>
        <a href={business.phoneHref}>{t("homeowner.call", { phone: business.phone })}</a>
      </p>
    </section>
  );
}
