import { Form, Link, data, redirect } from "react-router";
import type { Route } from "./+types/setup";
import { privatePageMeta } from "#app/private-pages.ts";
import { formText, readForm } from "#app/server/forms.server.ts";
import { EmailField, NameField, NewPasswordField } from "#app/components/form-field.tsx";
import { AccountSubmit, FormMessage } from "#app/components/account-parts.tsx";
import { SignUpSchema, accountLimits, fieldErrors, type FormErrors } from "#app/schemas/account.ts";
import { getBackend, requestContext } from "#app/server/context.server.ts";
import { signIn } from "#app/server/auth/session.server.ts";
import type { SetupTokenState } from "#app/server/auth/accounts.server.ts";
import { useSiteProfile } from "#app/site-profile.ts";
import type { StyleGroup } from "#app/styles/groups.ts";

/**
 * The one-time link the server prints while the site has no administrator
 * (`/setup?token=…`). With a valid token it shows a form that creates the first admin; any
 * other visit gets a page that says why not, and no form. Private, never cached.
 *
 * The token never stays in the address bar: opening the link moves it into a short-lived
 * HttpOnly cookie scoped to /setup and redirects to plain `/setup` (so it is not in the
 * history, a bookmark, a screenshot or a Referer). Creating the admin clears the cookie, signs
 * the admin in and continues to the business step (/setup/business).
 */
export const handle = { hydrate: false, styles: ["account", "tables", "estimate"] satisfies StyleGroup[] };

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, "/setup");

const PRIVATE = { "Cache-Control": "private, no-store" };

type Refusal = Exclude<SetupTokenState, "valid"> | "used";

/** 403 for a token we never issued; 410 for one that was good once (used, expired) or not needed any more. */
const REFUSALS: Record<Refusal, { status: number; title: string; text: string }> = {
  invalid: {
    status: 403,
    title: "This setup link is not valid",
    text: "Please copy the whole link from the server's start-up output, including everything after “token=”.",
  },
  expired: {
    status: 410,
    title: "This setup link has expired",
    text: "Setup links work for one hour. Restart the server: while there is no administrator, it prints a new link.",
  },
  used: {
    status: 410,
    title: "This setup link has already been used",
    text: "Each setup link works once. If the administrator account was created, log in with it.",
  },
  "admin-exists": {
    status: 410,
    title: "This site already has an administrator",
    text: "Setup links only work before the first administrator exists. Log in with an administrator account; an administrator can give other accounts the admin role.",
  },
};

type SetupField = "name" | "email" | "password";

/** What the page shows: the form (with what was typed and the errors, after a post) or why not. */
type SetupPage =
  | { state: "refused"; status: number; title: string; text: string }
  | { state: "form"; values?: { name: string; email: string }; fieldErrors?: FormErrors<SetupField> };

function refuse(reason: Refusal) {
  const { status, title, text } = REFUSALS[reason];
  return data<SetupPage>({ state: "refused", title, text, status }, { status, headers: PRIVATE });
}

/** Holds the link's token between opening the link and creating the admin; only /setup sees it. */
const TOKEN_COOKIE = "setup_token";
/** As long as a setup link lives at most. */
const TOKEN_COOKIE_SECONDS = 3600;

function tokenCookie(value: string, isHttps: boolean, maxAgeSeconds: number): string {
  const parts = [`${TOKEN_COOKIE}=${value}`, "Path=/setup", `Max-Age=${maxAgeSeconds}`, "HttpOnly", "SameSite=Lax"];
  if (isHttps) parts.push("Secure");
  return parts.join("; ");
}

function tokenFromCookie(request: Request): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [name, ...rest] = part.split("=");
    if (name?.trim() === TOKEN_COOKIE) return rest.join("=").trim() || null;
  }
  return null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { config, accounts } = getBackend(context);
  const fromLink = new URL(request.url).searchParams.get("token");
  if (fromLink !== null) {
    const state = await accounts.checkSetupToken({ token: fromLink });
    if (state !== "valid") return refuse(state);
    // Out of the address bar at once: the cookie carries it to the form.
    return redirect("/setup", {
      headers: { ...PRIVATE, "Set-Cookie": tokenCookie(fromLink, config.isHttps, TOKEN_COOKIE_SECONDS) },
    });
  }
  const state = await accounts.checkSetupToken({ token: tokenFromCookie(request) });
  if (state !== "valid") return refuse(state);
  return data<SetupPage>({ state: "form" }, { headers: PRIVATE });
}

/**
 * Setup posts in this process run one at a time. The database already lets only one caller use
 * a token; this also keeps a second post from looking at the token in the moment between the
 * first one using it up and creating the admin (it would read "not valid", 403, instead of
 * "already has an administrator", 410).
 */
let setupQueue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = setupQueue.then(work, work);
  setupQueue = run.catch(() => undefined);
  return run;
}

export function action(args: Route.ActionArgs) {
  return oneAtATime(() => setupAction(args));
}

async function setupAction({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const text = (name: string) => formText(form, name);
  // The cookie the link left; a scripted post may send the token as a field instead.
  const token = text("token") ?? tokenFromCookie(request) ?? "";
  const backend = getBackend(context);
  const { accounts } = backend;
  const requestId = context.get(requestContext).requestId;

  const state = await accounts.checkSetupToken({ token });
  if (state !== "valid") return refuse(state);

  const values = {
    name: (text("name") ?? "").slice(0, accountLimits.name.max + 50),
    email: (text("email") ?? "").slice(0, accountLimits.email.max + 50),
  };
  const invalid = (errors: FormErrors<SetupField>) =>
    data<SetupPage>({ state: "form", values, fieldErrors: errors }, { status: 400, headers: PRIVATE });

  // Everything is checked before the token is used up, so a typo does not cost the link.
  const parsed = SignUpSchema.safeParse({ name: text("name"), email: text("email"), password: text("password") });
  if (!parsed.success) return invalid(fieldErrors<SetupField>(parsed.error));
  const problem = accounts.checkNewPassword(parsed.data.password, { email: parsed.data.email, name: parsed.data.name });
  if (problem) return invalid({ password: problem });

  // Two posts of one link: only the one that deletes the token goes on.
  if (!(await accounts.consumeSetupToken({ token }))) return refuse("used");

  const result = await accounts.createOrPromoteAdmin(parsed.data);
  if (!result.ok) {
    backend.logger.error("setup link: admin not created", { reason: result.message, requestId });
    throw data("The administrator account could not be created. Restart the server to get a new setup link.", {
      status: 500,
    });
  }
  backend.logger.info("first admin created with the setup link", {
    userId: result.user.id,
    created: result.created,
    requestId,
  });
  const headers = new Headers(PRIVATE);
  headers.append("Set-Cookie", await signIn({ request, context, userId: result.user.id }));
  headers.append("Set-Cookie", tokenCookie("", backend.config.isHttps, 0));
  // Step two: the business itself (name, phone, inboxes, service area).
  return redirect("/setup/business", { headers });
}

export const headers: Route.HeadersFunction = ({ parentHeaders }) => {
  const result = new Headers(parentHeaders);
  result.set("Cache-Control", PRIVATE["Cache-Control"]);
  return result;
};

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const page = actionData ?? loaderData;
  const site = useSiteProfile();
  if (page.state === "refused") {
    return (
      <section className="page-section account" aria-labelledby="page-title">
        <p className="eyebrow">Error {page.status}</p>
        <h1 id="page-title">{page.title}</h1>
        <p>{page.text}</p>
        <p>
          <Link to="/login">Log in</Link> or go to the <Link to="/">home page</Link>.
        </p>
      </section>
    );
  }
  const errors = page.fieldErrors ?? {};
  const values = page.values;
  return (
    <section className="page-section account" aria-labelledby="page-title">
      <p className="eyebrow">Step 1 of 2</p>
      <h1 id="page-title">Create the administrator account</h1>
      <p>
        This one-time page creates the administrator of the {site.name} website: the account that sees every estimate request, manages the
        gallery and decides who else may do so. The link works once and for one hour.
      </p>
      <p>If an account with this email already exists, it becomes the administrator and gets this password.</p>
      <p>Next, you give the site your business name, phone and email.</p>
      {Object.keys(errors).length > 0 ? (
        <FormMessage kind="error">
          <p>The account was not created yet. Please check the highlighted fields below.</p>
        </FormMessage>
      ) : null}
      <Form method="post" className="account-form">
        <NameField label="Your name" defaultValue={values?.name} error={errors.name} />
        <EmailField defaultValue={values?.email} error={errors.email} />
        <NewPasswordField error={errors.password} />
        <AccountSubmit>Create administrator account</AccountSubmit>
      </Form>
    </section>
  );
}
