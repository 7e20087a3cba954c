import { Form, data, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { AccountSubmit, FormMessage } from "#app/components/account-parts.tsx";
import { ErrorPage } from "#app/components/error-page.tsx";
import { useT } from "#app/i18n/react.ts";
import { localeOf } from "#app/i18n/locale.ts";
import { translate } from "#app/i18n/messages.ts";
import { siteFrom } from "#app/site-profile.ts";
import { getBackend } from "#app/server/context.server.ts";
import { formText, readForm } from "#app/server/forms.server.ts";
import type { StyleGroup } from "#app/styles/groups.ts";

/**
 * "Stop these emails?", /unsubscribe/<token> and /es/baja/<token> (issue 29, RFC 8058). A GET only
 * asks (mail scanners follow links); a POST stops them at once: the page's button, or the mail
 * client's one-click POST (body `List-Unsubscribe=One-Click`, no cookie, no form token). Asking
 * twice is fine. Never cached, kept out of search results; a token this site did not make is a 404.
 */
export const handle = { hydrate: false, styles: ["account"] satisfies StyleGroup[] };

const PRIVATE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "same-origin" };

function notFound(): never {
  throw data(null, { status: 404, headers: PRIVATE });
}

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const locale = localeOf(location.pathname);
  return [
    { title: `${translate(locale, "unsubscribe.meta.title")} | ${siteFrom(matches).name}` },
    { name: "robots", content: "noindex, nofollow" },
    { name: "referrer", content: "same-origin" },
  ];
};

export function loader({ context, params }: Route.LoaderArgs) {
  if (!getBackend(context).unsubscribe.check(params.token)) notFound();
  return data({ done: false }, { headers: PRIVATE });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  let oneClick = false;
  try {
    oneClick = formText(await readForm(request), "List-Unsubscribe") === "One-Click";
  } catch {
    // A POST to the link is the request itself, whatever its body says.
  }
  const done = await getBackend(context).unsubscribe.unsubscribe({ token: params.token, source: oneClick ? "one-click" : "link" });
  if (!done) notFound();
  return data({ done: true }, { headers: PRIVATE });
}

export const headers: Route.HeadersFunction = () => PRIVATE;

export default function Unsubscribe({ actionData }: Route.ComponentProps) {
  const t = useT();
  if (actionData?.done) {
    return (
      <section className="page-section account" aria-labelledby="page-title">
        <h1 id="page-title">{t("unsubscribe.done.title")}</h1>
        <FormMessage kind="success">
          <p>{t("unsubscribe.done")}</p>
        </FormMessage>
      </section>
    );
  }
  return (
    <section className="page-section account" aria-labelledby="page-title">
      <h1 id="page-title">{t("unsubscribe.title")}</h1>
      <p>{t("unsubscribe.intro")}</p>
      <Form method="post" className="account-form" reloadDocument>
        <AccountSubmit>{t("unsubscribe.button")}</AccountSubmit>
      </Form>
    </section>
  );
}

/** The site's own 404 (or error) page, inside this route so its headers stay private. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error)) return <ErrorPage status={error.status} />;
  return <ErrorPage status={500} />;
}
