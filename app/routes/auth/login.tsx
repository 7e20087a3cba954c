import { Form, Link, data, redirect } from "react-router";
import type { Route } from "./+types/login";
import { privatePageMeta } from "#app/private-pages.ts";
import { passRetryAfter } from "#app/retry-after.ts";
import { readForm } from "#app/server/forms.server.ts";
import { EmailField, FormField } from "#app/components/form-field.tsx";
import { AccountSubmit, FormMessage, GoogleLink } from "#app/components/account-parts.tsx";
import { SignInSchema, accountLimits, fieldErrors, type FormErrors } from "#app/schemas/account.ts";
import { getBackend, requestContext } from "#app/server/context.server.ts";
import { requireAnonymous, signIn } from "#app/server/auth/session.server.ts";
import { readDeviceCookie, serializeDeviceCookie } from "#app/server/auth/device-cookie.server.ts";
import { OIDC_FAILURE_MESSAGES } from "#app/server/auth/oidc.server.ts";
import { safeReturnTo } from "#app/server/auth/return-to.server.ts";
import type { StyleGroup } from "#app/styles/groups.ts";

/**
 * Email and password sign-in, and where Google sign-in comes back to with an error. A plain
 * form: it needs no JavaScript and ships none (ADR 006). Never page-cached: what it shows
 * depends on the query and on who asks.
 */
export const handle = { hydrate: false, styles: ["account", "tables", "estimate"] satisfies StyleGroup[] };

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, "/login");

/** The same words for an unknown email and a wrong password: nobody learns which accounts exist. */
const NOT_SIGNED_IN = "User not signed in.";
const NOT_SIGNED_IN_HINT = "Please check that your email address and password are correct, then try again. Passwords are case-sensitive.";

/** What the Google callback's `?error=google-<reason>` means, for a homeowner. */
const GOOGLE_ERRORS: Record<string, string> = {
  ...OIDC_FAILURE_MESSAGES,
  unverified:
    "Google has not verified the email address of this Google account, so we cannot use it to sign you in. Please log in with your email and password instead.",
  "linked-elsewhere":
    "This email address is already linked to a different Google account. Please continue with that Google account, or log in with your email and password.",
  "not-configured": "Signing in with Google is not available on this site right now. Please log in with your email and password.",
  "account-error":
    "Google signed you in, but we could not open your account on our side. Please try again in a few minutes, or log in with your email and password.",
};
const GOOGLE_ERROR_GENERIC = "Signing in with Google did not work. Please try again, or log in with your email and password.";

/** Only our own sentences reach the page; the query's text is never shown. */
function googleErrorMessage(code: string | null): string | null {
  if (!code) return null;
  const reason = code.startsWith("google-") ? code.slice("google-".length) : "";
  return Object.hasOwn(GOOGLE_ERRORS, reason) ? GOOGLE_ERRORS[reason]! : GOOGLE_ERROR_GENERIC;
}

function isGoogleConfigured(context: Route.LoaderArgs["context"]): boolean {
  const { env } = getBackend(context).config;
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
}

/** The page to go to after signing in, if the link named one (only same-site paths survive). */
function redirectToParam(url: URL): string {
  const raw = url.searchParams.get("redirectTo");
  return raw ? safeReturnTo(raw) : "";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(request, context);
  const url = new URL(request.url);
  const everywhere = url.searchParams.get("everywhere") === "1";
  const signedOut = everywhere || url.searchParams.get("signedOut") === "1";
  return {
    passwordReset: url.searchParams.get("reset") === "1",
    redirectTo: redirectToParam(url),
    google: isGoogleConfigured(context),
    signedOut: signedOut ? { everywhere } : null,
    googleError: googleErrorMessage(url.searchParams.get("error")),
  };
}

type LoginActionData = {
  redirectTo: string;
  values: { email: string };
  fieldErrors?: FormErrors<"email" | "password">;
  failure?: { kind: "invalid" } | { kind: "limited"; minutes: number };
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const redirectTo = String(form.get("redirectTo") ?? "");
  const email = String(form.get("email") ?? "");
  const values = { email: email.slice(0, accountLimits.email.max) };
  const safeRedirect = redirectTo ? safeReturnTo(redirectTo) : "";

  const parsed = SignInSchema.safeParse({ email, password: form.get("password") ?? undefined });
  if (!parsed.success) {
    return data<LoginActionData>({ redirectTo: safeRedirect, values, fieldErrors: fieldErrors(parsed.error) }, { status: 400 });
  }

  const backend = getBackend(context);
  const { isHttps } = backend.config;
  const result = await backend.accounts.signInWithPassword({
    email: parsed.data.email,
    password: parsed.data.password,
    clientIp: context.get(requestContext).clientIp,
    // A browser that signed in to this account before has its own budget of failures (ADR 020).
    deviceToken: readDeviceCookie(request, isHttps),
  });
  if (!result.ok && result.reason === "limited") {
    backend.logger.warn("sign-in limited", { requestId: context.get(requestContext).requestId });
    return data<LoginActionData>(
      {
        redirectTo: safeRedirect,
        values,
        failure: { kind: "limited", minutes: Math.ceil(result.retryAfterSeconds / 60) },
      },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  if (!result.ok) {
    // 400, not 401: a 401 would need a WWW-Authenticate challenge, and this is a form.
    return data<LoginActionData>({ redirectTo: safeRedirect, values, failure: { kind: "invalid" } }, { status: 400 });
  }

  const cookie = await signIn({ request, context, userId: result.user.id });
  const headers = new Headers();
  headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", serializeDeviceCookie({ token: result.deviceToken, isHttps }));
  return redirect(safeReturnTo(redirectTo), { headers });
}

/** Passes a 429's Retry-After on to the document a plain form post gets back. */
export const headers: Route.HeadersFunction = passRetryAfter;

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const redirectTo = actionData?.redirectTo ?? loaderData.redirectTo;
  const errors = actionData?.fieldErrors ?? {};
  const failure = actionData?.failure;
  const query = redirectTo ? `?${new URLSearchParams({ redirectTo })}` : "";
  return (
    <section className="page-section account" aria-labelledby="page-title">
      <h1 id="page-title">Log in</h1>
      {!actionData && loaderData.signedOut ? (
        <FormMessage kind="success">
          <p>
            You are signed out.
            {loaderData.signedOut.everywhere ? " We also signed you out on every other device and browser." : null}
          </p>
        </FormMessage>
      ) : null}
      {!actionData && loaderData.passwordReset ? (
        <FormMessage kind="success">
          <p>Your password was changed, and your account was signed out on every device. Please log in with your new password.</p>
        </FormMessage>
      ) : null}
      {!actionData && loaderData.googleError ? (
        <FormMessage kind="error">
          <p>{loaderData.googleError}</p>
        </FormMessage>
      ) : null}
      {failure?.kind === "invalid" ? (
        <FormMessage kind="error">
          <p>
            <strong>{NOT_SIGNED_IN}</strong> {NOT_SIGNED_IN_HINT}
          </p>
        </FormMessage>
      ) : null}
      {failure?.kind === "limited" ? (
        <FormMessage kind="error">
          <p>
            <strong>{NOT_SIGNED_IN}</strong> There have been too many failed attempts to log in. For your security, please wait about{" "}
            {failure.minutes} minute{failure.minutes === 1 ? "" : "s"} and try again.
          </p>
        </FormMessage>
      ) : null}
      <Form method="post" action={`/login${query}`} className="account-form">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <EmailField defaultValue={actionData?.values.email} error={errors.email} />
        <FormField label="Password" name="password" type="password" autoComplete="current-password" required error={errors.password} />
        <AccountSubmit>Log in</AccountSubmit>
      </Form>
      <p>
        <Link to="/forgot-password">Forgot password?</Link>
      </p>
      {loaderData.google ? <GoogleLink redirectTo={redirectTo} /> : null}
      <p>
        New here? <Link to={`/signup${query}`}>Create an account</Link>
      </p>
    </section>
  );
}
