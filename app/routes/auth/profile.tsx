import { data } from "react-router";
import type { Route } from "./+types/profile";
import { privatePageMeta } from "#app/private-pages.ts";
import { passRetryAfter } from "#app/retry-after.ts";
import { formText, readForm } from "#app/server/forms.server.ts";
import { AccountDetails, AdminLinks } from "#app/components/account/account-details.tsx";
import { AccountRequests } from "#app/components/account/account-requests.tsx";
import { PasswordSection } from "#app/components/account/password-form.tsx";
import { SignOutSection } from "#app/components/account/sign-out.tsx";
import { ChangePasswordSchema, fieldErrors, type FormErrors } from "#app/schemas/account.ts";
import { getBackend, requestContext } from "#app/server/context.server.ts";
import { loadAuth, requireUser } from "#app/server/auth/session.server.ts";
import { readDeviceCookie } from "#app/server/auth/device-cookie.server.ts";
import type { LeadStatus } from "#app/schemas/lead.ts";
import type { StyleGroup } from "#app/styles/groups.ts";

/**
 * The signed-in visitor's own page: who they are, the estimate requests they sent, their
 * password, signing out. Private: never page-cached, never stored by the browser, not indexed.
 * Plain forms, no JavaScript (ADR 006).
 */
export const handle = { hydrate: false, styles: ["account", "tables", "estimate"] satisfies StyleGroup[] };

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, "/profile");

/** A lead's status in the words a homeowner would use. */
const STATUS_WORDS: Record<LeadStatus, string> = {
  new: "Received, we will be in touch",
  review: "Received, we will be in touch",
  contacted: "We have contacted you",
  scheduled: "Visit scheduled",
  quoted: "Quote sent to you",
  won: "Accepted",
  done: "Work finished",
  lost: "Closed",
  spam: "Closed",
};

const PRIVATE = { "Cache-Control": "private, no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const { accounts, clock } = getBackend(context);
  const { requests, sessionCount } = await accounts.loadAccountOverview({ user });
  return data(
    {
      account: {
        name: user.name,
        email: user.email,
        isAdmin: user.role === "admin",
        emailVerified: user.email_verified === 1,
        hasPassword: user.password_hash !== null,
        hasGoogle: user.google_sub !== null,
      },
      sessionCount,
      requests: requests.map((lead) => ({
        id: lead.id,
        date: clock.formatDate(lead.created_at),
        dateTime: lead.created_at,
        subject: lead.subject,
        status: STATUS_WORDS[lead.status] ?? lead.status,
      })),
    },
    { headers: PRIVATE },
  );
}

type PasswordField = "current_password" | "new_password";

type ProfileActionData =
  { status: "success"; message: string } | { status: "error"; message?: string; fieldErrors?: FormErrors<PasswordField> };

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await readForm(request);
  const refuse = (result: ProfileActionData, status = 400, headers: Record<string, string> = {}) =>
    data<ProfileActionData>(result, { status, headers: { ...PRIVATE, ...headers } });

  if (form.get("intent") !== "change-password") {
    return refuse({ status: "error", message: "This form is not one we know. Please reload the page and try again." });
  }
  const text = (name: string) => formText(form, name);
  const parsed = ChangePasswordSchema.safeParse({
    current_password: text("current_password"),
    new_password: text("new_password"),
  });
  if (!parsed.success) return refuse({ status: "error", fieldErrors: fieldErrors<PasswordField>(parsed.error) });
  const { current_password: current, new_password: next } = parsed.data;

  const backend = getBackend(context);
  const { accounts } = backend;
  const requestId = context.get(requestContext).requestId;

  // An account with a password must prove it knows it. The check goes through the sign-in
  // limit, so a borrowed session cannot be used to guess the password either.
  if (user.password_hash !== null) {
    if (current === "") {
      return refuse({ status: "error", fieldErrors: { current_password: "Please enter your current password." } });
    }
    const check = await accounts.signInWithPassword({
      email: user.email,
      password: current,
      clientIp: context.get(requestContext).clientIp,
      deviceToken: readDeviceCookie(request, backend.config.isHttps),
    });
    if (!check.ok && check.reason === "limited") {
      const minutes = Math.ceil(check.retryAfterSeconds / 60);
      return refuse(
        {
          status: "error",
          message: `There have been too many wrong passwords. For your security, please wait about ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
        },
        429,
        { "Retry-After": String(check.retryAfterSeconds) },
      );
    }
    if (!check.ok || check.user.id !== user.id) {
      return refuse({
        status: "error",
        fieldErrors: { current_password: "That is not your current password. Please check it and try again." },
      });
    }
  }

  const problem = accounts.checkNewPassword(next, { email: user.email, name: user.name });
  if (problem) return refuse({ status: "error", fieldErrors: { new_password: problem } });

  // Whoever knew the old password may be signed in elsewhere: only this browser stays signed in.
  const { sessionIdHash } = await loadAuth(request, context);
  const removed = await accounts.changePassword({
    userId: user.id,
    password: next,
    keepIdHash: sessionIdHash ?? undefined,
  });
  backend.logger.info("password changed", { userId: user.id, otherSessionsEnded: removed, requestId });
  return data<ProfileActionData>({ status: "success", message: "Your password was changed." }, { headers: PRIVATE });
}

/** Keeps the page private, and passes a 429's Retry-After on to the document a form post gets. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders, parentHeaders }) => {
  const result = passRetryAfter({ actionHeaders, parentHeaders });
  result.set("Cache-Control", loaderHeaders.get("Cache-Control") ?? PRIVATE["Cache-Control"]);
  return result;
};

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { account, requests, sessionCount } = loaderData;
  return (
    <div className="page-section account account--wide">
      <h1>My account</h1>
      <p className="account__lead">
        Signed in as <strong>{account.name}</strong>.
      </p>

      <AccountDetails account={account} />

      {account.isAdmin ? <AdminLinks /> : null}

      <AccountRequests requests={requests} emailVerified={account.emailVerified} />

      <PasswordSection hasPassword={account.hasPassword} answer={actionData} />

      <SignOutSection sessionCount={sessionCount} />
    </div>
  );
}
