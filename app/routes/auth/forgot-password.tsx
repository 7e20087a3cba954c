import { Form, Link, data } from "react-router";
import type { Route } from "./+types/forgot-password";
import { privatePageMeta } from "#app/private-pages.ts";
import { passRetryAfter } from "#app/retry-after.ts";
import { formText, readForm } from "#app/server/forms.server.ts";
import { EmailField } from "#app/components/form-field.tsx";
import { AccountSubmit, FormMessage } from "#app/components/account-parts.tsx";
import { ForgotPasswordSchema, accountLimits, fieldErrors, type FormErrors } from "#app/schemas/account.ts";
import { getBackend, requestContext } from "#app/server/context.server.ts";
import { requireAnonymous } from "#app/server/auth/session.server.ts";
import type { StyleGroup } from "#app/styles/groups.ts";

/**
 * "Forgot password?": asks for an email address and answers the same whether or not an account
 * uses it (ADR 028). A plain form (no JavaScript); never page-cached.
 */
export const handle = { hydrate: false, styles: ["account", "tables", "estimate"] satisfies StyleGroup[] };

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, "/forgot-password");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(request, context);
  return null;
}

type ForgotActionData = { sent: true } | { sent: false; email: string; fieldErrors?: FormErrors<"email">; limited?: { minutes: number } };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const email = (formText(form, "email") ?? "").slice(0, accountLimits.email.max + 50);
  const parsed = ForgotPasswordSchema.safeParse({ email: formText(form, "email") });
  if (!parsed.success) {
    return data<ForgotActionData>({ sent: false, email, fieldErrors: fieldErrors(parsed.error) }, { status: 400 });
  }
  const backend = getBackend(context);
  const result = await backend.accounts.requestPasswordReset({
    email: parsed.data.email,
    clientIp: context.get(requestContext).clientIp,
  });
  if (!result.ok) {
    backend.logger.warn("password reset limited", { requestId: context.get(requestContext).requestId });
    return data<ForgotActionData>(
      { sent: false, email, limited: { minutes: Math.ceil(result.retryAfterSeconds / 60) } },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  return data<ForgotActionData>({ sent: true });
}

/** Passes a 429's Retry-After on to the document a plain form post gets back. */
export const headers: Route.HeadersFunction = passRetryAfter;

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  if (actionData?.sent) {
    return (
      <section className="page-section account" aria-labelledby="page-title">
        <h1 id="page-title">Check your email</h1>
        <FormMessage kind="success">
          <p>
            If an account uses that address, we have emailed a link to choose a new password. The link works once, for one hour. If nothing
            arrives in a few minutes, check your spam folder.
          </p>
        </FormMessage>
        <p>
          <Link to="/login">Back to log in</Link>
        </p>
      </section>
    );
  }
  const errors = actionData?.fieldErrors ?? {};
  return (
    <section className="page-section account" aria-labelledby="page-title">
      <h1 id="page-title">Forgot your password?</h1>
      <p>Enter the email address of your account and we will email you a link to choose a new password.</p>
      {actionData?.limited ? (
        <FormMessage kind="error">
          <p>
            No email was sent. There have been several requests for this address or from your network in a short time; please wait about{" "}
            {actionData.limited.minutes} minute{actionData.limited.minutes === 1 ? "" : "s"} and try again.
          </p>
        </FormMessage>
      ) : null}
      <Form method="post" action="/forgot-password" className="account-form">
        <EmailField defaultValue={actionData?.email} error={errors.email} />
        <AccountSubmit>Email me a link</AccountSubmit>
      </Form>
      <p>
        Remembered it? <Link to="/login">Log in</Link>
      </p>
    </section>
  );
}
