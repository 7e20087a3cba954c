import { data, isRouteErrorResponse, redirect } from "react-router";
import type { Route } from "./+types/homeowner";
import { ErrorPage } from "#app/components/error-page.tsx";
import { HomeownerConfirm, type ConfirmAnswer } from "#app/components/homeowner/homeowner-confirm.tsx";
import { HomeownerPage } from "#app/components/homeowner/homeowner-page.tsx";
import { localeOf } from "#app/i18n/locale.ts";
import { translate } from "#app/i18n/messages.ts";
import { passRetryAfter } from "#app/retry-after.ts";
import { siteFrom } from "#app/site-profile.ts";
import { getBackend, requestContext } from "#app/server/context.server.ts";
import { formText, readForm } from "#app/server/forms.server.ts";
import type { StyleGroup } from "#app/styles/groups.ts";

/**
 * The homeowner's own page, /my/<token> and /es/mi/<token> (ADR 069): the link is the key, no
 * password. Plain HTML and forms (no JavaScript), never cached by anyone, kept out of search
 * results; a wrong or replaced token is the site's own 404 in the URL's language.
 */
export const handle = { hydrate: false, styles: ["account", "estimate"] satisfies StyleGroup[] };

/** Every answer of this page, the 404 included. */
const PRIVATE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "same-origin" };

function notFound(): never {
  throw data(null, { status: 404, headers: PRIVATE });
}

export const meta: Route.MetaFunction = ({ error, location, matches, loaderData }) => {
  const locale = localeOf(location.pathname);
  if (error) {
    const key = isRouteErrorResponse(error) && error.status === 404 ? "errors.title.notFound" : "errors.title.failed";
    return [{ title: `${translate(locale, key)} | ${siteFrom(matches).name}` }, { name: "robots", content: "noindex" }];
  }
  const business = loaderData ? (loaderData.state === "open" ? loaderData.view.business.name : loaderData.business.name) : undefined;
  const title = translate(locale, "homeowner.meta.title");
  return [
    { title: business ? `${title} | ${business}` : title },
    { name: "description", content: translate(locale, "homeowner.meta.description") },
    { name: "robots", content: "noindex, nofollow" },
    { name: "referrer", content: "same-origin" },
  ];
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const locale = localeOf(new URL(request.url).pathname);
  const opened = await getBackend(context).homeowner.openPage({ token: params.token, locale, cookieHeader: request.headers.get("cookie") });
  if (opened.state === "not-found") notFound();
  return data(opened, { headers: PRIVATE });
}

function answer(result: ConfirmAnswer, status = 200, headers: Record<string, string> = {}) {
  return data(result, { status, headers: { ...PRIVATE, ...headers } });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const url = new URL(request.url);
  const locale = localeOf(url.pathname);
  const { homeowner } = getBackend(context);
  const form = await readForm(request);

  if (formText(form, "intent") === "send-code") {
    const sent = await homeowner.sendCode({ token: params.token, locale, clientIp: context.get(requestContext).clientIp });
    if (sent.outcome === "not-found") notFound();
    if (sent.outcome === "limited") {
      const minutes = Math.max(1, Math.ceil(sent.retryAfterSeconds / 60));
      return answer({ kind: "error", message: translate(locale, "homeowner.code.limited", { minutes }) }, 429, {
        "Retry-After": String(sent.retryAfterSeconds),
      });
    }
    return answer({ kind: "sent", message: translate(locale, "homeowner.code.sent", { email: sent.maskedEmail }) });
  }

  const checked = await homeowner.checkCode({ token: params.token, code: formText(form, "code") });
  switch (checked.outcome) {
    case "not-found":
      return notFound();
    case "invalid":
      return answer({ kind: "error", message: translate(locale, "homeowner.code.invalid") }, 400);
    case "wrong":
      return answer({ kind: "error", message: translate(locale, "homeowner.code.wrong", { left: checked.triesLeft }) }, 400);
    case "locked":
      return answer({ kind: "error", message: translate(locale, "homeowner.code.locked") }, 400);
    case "confirmed":
      // Back to the page itself (a GET), now with the cookie scoped to this link's path.
      throw redirect(url.pathname, {
        status: 303,
        headers: { ...PRIVATE, "Set-Cookie": homeowner.confirmCookie({ link: checked.link, path: url.pathname }) },
      });
  }
}

/** Keeps every answer private, and passes a 429's Retry-After on to the document a plain form post gets. */
export const headers: Route.HeadersFunction = ({ actionHeaders, parentHeaders }) => {
  const result = passRetryAfter({ actionHeaders, parentHeaders });
  for (const [name, value] of Object.entries(PRIVATE)) result.set(name, value);
  return result;
};

export default function Homeowner({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state === "confirm") {
    return <HomeownerConfirm business={loaderData.business} maskedEmail={loaderData.maskedEmail} answer={actionData} />;
  }
  return <HomeownerPage view={loaderData.view} />;
}

/** The site's own 404 (or error) page, inside this route so its headers stay private. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error)) return <ErrorPage status={error.status} />;
  return <ErrorPage status={500} />;
}
