import { Form, Link, data, redirect } from "react-router";
import type { Route } from "./+types/reset-password";
import { privatePageMeta } from "#app/private-pages.ts";
import { formText, readForm } from "#app/server/forms.server.ts";
import { NewPasswordField } from "#app/components/form-field.tsx";
import { AccountSubmit, FormMessage } from "#app/components/account-parts.tsx";
import { ResetPasswordSchema, accountLimits, fieldErrors } from "#app/schemas/account.ts";
import { getBackend, requestContext } from "#app/server/context.server.ts";
import type { ResetTokenState } from "#app/server/auth/password-reset.server.ts";
import type { StyleGroup } from "#app/styles/groups.ts";

/**
 * A password reset link from the email (ADR 028): the new-password form while the link is
 * valid; a 410 with a way to ask again once it is used, expired or unknown. Success ends every
 * session of the account and sends the person to /login. Works signed in or not (the link is
 * what proves the address). A plain form; never page-cached; the token never leaves this page.
 */
export const handle = { hydrate: false, styles: ["account", "tables", "estimate"] satisfies StyleGroup[] };

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, "/reset-password");

const DEAD_LINK: Record<Exclude<ResetTokenState, "valid">, string> = {
  used: "This link has already been used to choose a new password, and each link works only once.",
  expired: "This link has expired: a link to choose a new password works for one hour.",
  unknown: "This link is not valid. It may have been copied incompletely from the email.",
};

type ResetData = { state: "valid"; error?: string } | { state: Exclude<ResetTokenState, "valid">; error?: undefined };

function deadLink(state: Exclude<ResetTokenState, "valid">) {
  // 410 Gone: the link existed (or may have) and will never work again.
  return data<ResetData>({ state }, { status: 410 });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const state = await getBackend(context).accounts.checkResetToken({ token: params.token });
  return state === "valid" ? data<ResetData>({ state }) : deadLink(state);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const backend = getBackend(context);
  const parsed = ResetPasswordSchema.safeParse({ password: formText(form, "password") });
  if (!parsed.success) {
    const state = await backend.accounts.checkResetToken({ token: params.token });
    if (state !== "valid") return deadLink(state);
    return data<ResetData>({ state, error: fieldErrors<"password">(parsed.error).password }, { status: 400 });
  }
  const result = await backend.accounts.resetPassword({ token: params.token, password: parsed.data.password });
  if (!result.ok && result.reason === "password") {
    return data<ResetData>({ state: "valid", error: result.message }, { status: 400 });
  }
  if (!result.ok) return deadLink(result.reason === "valid" ? "unknown" : result.reason);
  backend.logger.info("password reset", {
    userId: result.userId,
    sessionsEnded: result.sessionsEnded,
    requestId: context.get(requestContext).requestId,
  });
  return redirect("/login?reset=1");
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const shown = actionData ?? loaderData;
  if (shown.state !== "valid") {
    return (
      <section className="page-section account" aria-labelledby="page-title">
        <h1 id="page-title">This link no longer works</h1>
        <FormMessage kind="error">
          <p>{DEAD_LINK[shown.state]}</p>
        </FormMessage>
        <p>
          <Link to="/forgot-password">Ask for a new link</Link>, or <Link to="/login">log in</Link> if you remember your password.
        </p>
      </section>
    );
  }
  return (
    <section className="page-section account" aria-labelledby="page-title">
      <h1 id="page-title">Choose a new password</h1>
      {shown.error ? (
        <FormMessage kind="error">
          <p>Your password was not changed yet. Please check the highlighted field below.</p>
        </FormMessage>
      ) : null}
      <Form method="post" className="account-form">
        <NewPasswordField
          label="New password"
          hint={`At least ${accountLimits.password.min} characters. A few words you will remember work well; very common passwords are refused.`}
          error={shown.error}
        />
        <AccountSubmit>Save new password</AccountSubmit>
      </Form>
      <p>Saving it signs your account out on every device; then you log in with the new password.</p>
    </section>
  );
}
