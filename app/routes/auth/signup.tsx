import { Form, Link, data, redirect } from "react-router";
import type { Route } from "./+types/signup";
import { privatePageMeta } from "#app/private-pages.ts";
import { passRetryAfter } from "#app/retry-after.ts";
import { formText, readForm } from "#app/server/forms.server.ts";
import { EmailField, NameField, NewPasswordField } from "#app/components/form-field.tsx";
import { AccountSubmit, FormMessage, GoogleLink, TermsNote } from "#app/components/account-parts.tsx";
import { SignUpSchema, accountLimits, fieldErrors, type FormErrors } from "#app/schemas/account.ts";
import { getBackend, requestContext } from "#app/server/context.server.ts";
import { requireAnonymous, signIn } from "#app/server/auth/session.server.ts";
import { createDeviceToken, serializeDeviceCookie } from "#app/server/auth/device-cookie.server.ts";
import { safeReturnTo } from "#app/server/auth/return-to.server.ts";
import type { StyleGroup } from "#app/styles/groups.ts";

/** A new customer account with a password. A plain form (no JavaScript); never page-cached. */
export const handle = { hydrate: false, styles: ["account", "tables", "estimate"] satisfies StyleGroup[] };

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, "/signup");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(request, context);
  const { env } = getBackend(context).config;
  const raw = new URL(request.url).searchParams.get("redirectTo");
  return {
    redirectTo: raw ? safeReturnTo(raw) : "",
    google: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
  };
}

type Field = "name" | "email" | "password";

type SignUpActionData = {
  redirectTo: string;
  /** What was typed, to put back (never the password). */
  values: { name: string; email: string };
  fieldErrors: FormErrors<Field>;
  /** Too many sign-ups from this address: the minutes to wait. */
  limited?: { minutes: number };
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const text = (name: string) => formText(form, name);
  const redirectTo = text("redirectTo") ?? "";
  const safeRedirect = redirectTo ? safeReturnTo(redirectTo) : "";
  const values = {
    name: (text("name") ?? "").slice(0, accountLimits.name.max + 50),
    email: (text("email") ?? "").slice(0, accountLimits.email.max + 50),
  };
  const invalid = (errors: FormErrors<Field>) =>
    data<SignUpActionData>({ redirectTo: safeRedirect, values, fieldErrors: errors }, { status: 400 });

  const parsed = SignUpSchema.safeParse({ name: text("name"), email: text("email"), password: text("password") });
  if (!parsed.success) return invalid(fieldErrors<Field>(parsed.error));

  const backend = getBackend(context);
  const { isHttps } = backend.config;
  const result = await backend.accounts.registerWithPassword({
    ...parsed.data,
    clientIp: context.get(requestContext).clientIp,
  });
  if (!result.ok && "reason" in result) {
    backend.logger.warn("sign-up limited", { requestId: context.get(requestContext).requestId });
    return data<SignUpActionData>(
      {
        redirectTo: safeRedirect,
        values,
        fieldErrors: {},
        limited: { minutes: Math.ceil(result.retryAfterSeconds / 60) },
      },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  if (!result.ok) return invalid({ [result.field]: result.message });

  backend.logger.info("account created", {
    userId: result.user.id,
    method: "password",
    requestId: context.get(requestContext).requestId,
  });
  const cookie = await signIn({ request, context, userId: result.user.id });
  const headers = new Headers();
  headers.append("Set-Cookie", cookie);
  // This browser made the account: it gets the account's device cookie, as after a sign-in (ADR 020).
  const deviceToken = createDeviceToken({ secret: backend.secret, login: result.user.email });
  headers.append("Set-Cookie", serializeDeviceCookie({ token: deviceToken, isHttps }));
  return redirect(safeReturnTo(redirectTo), { headers });
}

/** Passes a 429's Retry-After on to the document a plain form post gets back. */
export const headers: Route.HeadersFunction = passRetryAfter;

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const redirectTo = actionData?.redirectTo ?? loaderData.redirectTo;
  const errors = actionData?.fieldErrors ?? {};
  const query = redirectTo ? `?${new URLSearchParams({ redirectTo })}` : "";
  const errorCount = Object.keys(errors).length;
  return (
    <section className="page-section account" aria-labelledby="page-title">
      <h1 id="page-title">Sign up</h1>
      <p>With an account you can follow the estimate requests you send us.</p>
      {actionData?.limited ? (
        <FormMessage kind="error">
          <p>
            Your account was not created yet. Several accounts have been made from your network in a short time; please wait about{" "}
            {actionData.limited.minutes} minute{actionData.limited.minutes === 1 ? "" : "s"} and try again.
          </p>
        </FormMessage>
      ) : null}
      {errorCount > 0 ? (
        <FormMessage kind="error">
          <p>Your account was not created yet. Please check the highlighted field{errorCount === 1 ? "" : "s"} below.</p>
        </FormMessage>
      ) : null}
      <Form method="post" action={`/signup${query}`} className="account-form">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <NameField defaultValue={actionData?.values.name} error={errors.name} />
        <EmailField defaultValue={actionData?.values.email} error={errors.email} />
        <NewPasswordField
          hint={`At least ${accountLimits.password.min} characters. A few words you will remember work well; very common passwords are refused.`}
          error={errors.password}
        />
        <AccountSubmit>Sign up</AccountSubmit>
      </Form>
      {loaderData.google ? <GoogleLink redirectTo={redirectTo} /> : null}
      <p>
        Already have an account? <Link to={`/login${query}`}>Log in</Link>
      </p>
      <TermsNote />
    </section>
  );
}
