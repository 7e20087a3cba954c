import { Form, Link, data } from "react-router";
import type { Route } from "./+types/profile";
import { formText, readForm } from "~/server/forms.server";
import { FormField, NewPasswordField } from "~/components/form-field";
import { FormMessage } from "~/components/account-parts";
import { ChangePasswordSchema, fieldErrors, type FormErrors } from "~/schemas/account";
import { getServices, requestContext } from "~/server/context.server";
import { loadAuth, requireUser } from "~/server/auth/session.server";
import { readDeviceCookie } from "~/server/auth/device-cookie.server";
import type { LeadStatus } from "~/schemas/lead";
import { pageMeta, pageTitle, publicUrlFrom } from "~/seo";
import { siteFrom } from "~/site-profile";

/**
 * The signed-in visitor's own page: who they are, the estimate requests they sent, their
 * password, signing out. Private: never page-cached, never stored by the browser, not indexed.
 * Plain forms, no JavaScript (ADR 006).
 */
export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFrom(matches);
  return pageMeta({
    title: pageTitle("My account", site),
    description: "Your account: your details, the estimate requests you sent us, your password.",
    path: "/profile",
    publicUrl: publicUrlFrom(matches),
    noindex: true,
    site,
  });
};

/** A lead's status in the words a homeowner would use. */
const STATUS_WORDS: Record<LeadStatus, string> = {
  new: "Received, we will be in touch",
  review: "Received, we will be in touch",
  contacted: "We have contacted you",
  scheduled: "Visit scheduled",
  won: "Accepted",
  lost: "Closed",
  spam: "Closed",
};

const PRIVATE = { "Cache-Control": "private, no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const { accounts, clock } = getServices(context);
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
  | { status: "success"; message: string }
  | { status: "error"; message?: string; fieldErrors?: FormErrors<PasswordField> };

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

  const services = getServices(context);
  const { accounts } = services;
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
      deviceToken: readDeviceCookie(request, services.config.isHttps),
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
  const removed = await accounts.changePassword({ userId: user.id, password: next, keepIdHash: sessionIdHash ?? undefined });
  services.logger.info("password changed", { userId: user.id, otherSessionsEnded: removed, requestId });
  return data<ProfileActionData>({ status: "success", message: "Your password was changed." }, { headers: PRIVATE });
}

/** Keeps the page private, and passes a 429's Retry-After on to the document a form post gets. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders, parentHeaders }) => {
  const result = new Headers(parentHeaders);
  result.set("Cache-Control", loaderHeaders.get("Cache-Control") ?? PRIVATE["Cache-Control"]);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) result.set("Retry-After", retryAfter);
  return result;
};

function signInMethods(account: { hasPassword: boolean; hasGoogle: boolean }): string {
  if (account.hasPassword && account.hasGoogle) return "Password and Google";
  if (account.hasGoogle) return "Google";
  return "Password";
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { account, requests, sessionCount } = loaderData;
  const errors = actionData?.status === "error" ? (actionData.fieldErrors ?? {}) : {};
  const passwordTitle = account.hasPassword ? "Change your password" : "Set a password";
  return (
    <div className="page-section account account--wide">
      <h1>My account</h1>
      <p className="account__lead">
        Signed in as <strong>{account.name}</strong>.
      </p>

      <section className="account__section" aria-labelledby="details-title">
        <h2 id="details-title">Your details</h2>
        <dl className="details-list">
          <div>
            <dt>Name</dt>
            <dd>{account.name}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>
              {account.email}
              {account.emailVerified ? " (verified)" : null}
            </dd>
          </div>
          <div>
            <dt>Role</dt>
            <dd>{account.isAdmin ? "Administrator" : "Customer"}</dd>
          </div>
          <div>
            <dt>Signs in with</dt>
            <dd>{signInMethods(account)}</dd>
          </div>
        </dl>
      </section>

      {account.isAdmin ? (
        <nav className="account__section" aria-labelledby="admin-title">
          <h2 id="admin-title">Admin area</h2>
          <ul className="link-list">
            <li>
              <Link to="/admin">Admin dashboard</Link>
            </li>
            <li>
              <Link to="/admin/leads">Estimate requests from the website</Link>
            </li>
            <li>
              <Link to="/admin/users">Accounts and roles</Link>
            </li>
          </ul>
        </nav>
      ) : null}

      <section className="account__section" aria-labelledby="requests-title">
        <h2 id="requests-title">Your estimate requests</h2>
        {requests.length > 0 ? (
          <div className="table-scroll">
            <table className="data-table">
              <caption className="visually-hidden">Estimate requests you sent us, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Sent</th>
                  <th scope="col">Subject</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {requests.map((lead) => (
                  <tr key={lead.id}>
                    <td>
                      <time dateTime={lead.dateTime}>{lead.date}</time>
                    </td>
                    <td>{lead.subject}</td>
                    <td>{lead.status}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <div className="account__empty">
            <p>You have not sent us an estimate request from this account yet.</p>
            {account.emailVerified ? null : (
              <p>
                Requests sent while you were not signed in are not listed here, because we cannot be sure they came
                from you. Call us if you want to know where one stands.
              </p>
            )}
            <p>
              <Link to="/contact" className="button button--primary">
                Request a free estimate
              </Link>
            </p>
          </div>
        )}
      </section>

      <section className="account__section" aria-labelledby="password-title">
        <h2 id="password-title">{passwordTitle}</h2>
        {actionData?.status === "success" ? (
          <FormMessage kind="success">
            <p>
              {actionData.message} You stay signed in here; every other browser and device was signed out.
            </p>
          </FormMessage>
        ) : null}
        {actionData?.status === "error" && actionData.message ? (
          <FormMessage kind="error">
            <p>{actionData.message}</p>
          </FormMessage>
        ) : null}
        {account.hasPassword ? null : (
          <p>You sign in with Google. You can also set a password, to log in with your email address.</p>
        )}
        <Form method="post" className="account-form">
          <input type="hidden" name="intent" value="change-password" />
          {account.hasPassword ? (
            <FormField
              label="Current password"
              name="current_password"
              type="password"
              autoComplete="current-password"
              required
              error={errors.current_password}
            />
          ) : null}
          <NewPasswordField label="New password" name="new_password" error={errors.new_password} />
          <div className="account-form__actions">
            <button type="submit" className="button button--primary">
              {account.hasPassword ? "Change password" : "Set password"}
            </button>
          </div>
        </Form>
      </section>

      <section className="account__section" aria-labelledby="signout-title">
        <h2 id="signout-title">Sign out</h2>
        <p>
          You are signed in on {sessionCount === 1 ? "this browser only" : `${sessionCount} browsers or devices`}.
          &lsquo;Sign out everywhere&rsquo; also ends the others, for example on a phone you no longer have.
        </p>
        <div className="account__signout">
          <Form method="post" action="/logout">
            <button type="submit" className="button button--secondary">
              Sign out
            </button>
          </Form>
          <Form method="post" action="/logout">
            <input type="hidden" name="intent" value="everywhere" />
            <button type="submit" className="button button--secondary">
              Sign out everywhere
            </button>
          </Form>
        </div>
      </section>
    </div>
  );
}
