import { data, redirect } from "react-router";
import type { Route } from "./+types/quote";
import { getBackend, requestContext } from "#app/server/context.server.ts";
import { readForm } from "#app/server/forms.server.ts";
import { getUser } from "#app/server/auth/session.server.ts";
import { localeOf } from "#app/i18n/locale.ts";
import { translator } from "#app/i18n/messages.ts";
import { useT } from "#app/i18n/react.ts";
import { useNonce } from "#app/nonce.tsx";
import { siteFrom } from "#app/site-profile.ts";
import { QuoteHead, QuoteRead } from "#app/components/quote/quote-read.tsx";
import { QuoteSign, QuoteSigned, type SignRefused } from "#app/components/quote/quote-sign.tsx";
import { QuoteAsk, type AskRefused } from "#app/components/quote/quote-ask.tsx";
import { ErrorPage } from "#app/components/error-page.tsx";
import { shownParts } from "#app/components/quote/shown.server.ts";
import { scriptUrl } from "#app/components/script-files.ts";
import type { QuotePageView } from "#app/schemas/quote-view.ts";
import type { StyleGroup } from "#app/styles/groups.ts";

/**
 * A quote's page for the homeowner (issue 27): /quote/:token in English, /es/cotizacion/:token in
 * Spanish. The token is the key (DESIGN §6): never cached, never indexed, no Referer sent to another
 * site (same-origin: the forms' Origin must still reach the host's check), a
 * plain 404 for a wrong, replaced or never-sent link, and the quote's own language (the other
 * address redirects). Plain HTML forms: picking (GET), asking and signing (POST) work without
 * JavaScript; a small script file updates the totals at once and draws the mark.
 */
export const handle = { hydrate: false, styles: ["quote"] satisfies StyleGroup[] };

const PRIVATE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "same-origin" };

/** Every answer of this address, its 404 included, is private. */
export const headers: Route.HeadersFunction = () => PRIVATE;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const result = await getBackend(context).quotes.quotePage({
    token: params.token,
    locale: localeOf(url.pathname),
    search: url.search,
    step: url.searchParams.get("step") === "sign" ? "sign" : "read",
    render: shownParts,
    // The root already read the session, so asking costs no query.
    byAdmin: (await getUser(request, context))?.role === "admin",
  });
  // The site's 404 page, rendered here rather than thrown, so it keeps this address's private headers.
  if (result.kind === "not-found") return data({ view: null, twin: false as const, done: null }, { status: 404, headers: PRIVATE });
  if (result.kind === "redirect") throw redirect(result.to, { status: 302, headers: PRIVATE });
  const done = url.searchParams.get("done");
  return data({ view: result.view, twin: false as const, done }, { headers: PRIVATE });
}

type ActionResult = { ask?: AskRefused; sign?: SignRefused; view?: QuotePageView };

export async function action({ params, request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const backend = getBackend(context);
  const form = await readForm(request, { types: ["application/x-www-form-urlencoded", "multipart/form-data"], maxBytes: 64 * 1024 });
  const text = (name: string) => (typeof form.get(name) === "string" ? (form.get(name) as string) : "");
  const intent = text("intent");
  if (intent === "ask") {
    const result = await backend.quotes.askAboutQuote({ token: params.token, kind: text("kind"), message: text("message") });
    if (result.kind === "not-found") throw data(null, { status: 404, headers: PRIVATE });
    if (result.kind === "refused") {
      return data<ActionResult>(
        { ask: { refusal: result.refusal, values: { kind: text("kind"), message: text("message") } } },
        { status: 400, headers: PRIVATE },
      );
    }
    return redirect(`${url.pathname}?done=asked#ask`, { status: 303, headers: PRIVATE });
  }
  if (intent === "sign") {
    const result = await backend.quotes.signQuote({
      token: params.token,
      form,
      clientIp: context.get(requestContext).clientIp,
      userAgent: request.headers.get("user-agent") ?? "",
      render: shownParts,
    });
    if (result.kind === "not-found") throw data(null, { status: 404, headers: PRIVATE });
    if (result.kind === "refused") {
      const values = { fullName: text("fullName"), consent: text("consent") === "yes", useTypedMark: text("useTypedMark") === "yes" };
      return data<ActionResult>(
        { sign: { refusal: result.refusal, version: result.version, values }, view: result.view },
        { status: result.status, headers: PRIVATE },
      );
    }
    return redirect(`${url.pathname}?done=${result.kind === "signed" ? "signed" : "already"}`, { status: 303, headers: PRIVATE });
  }
  return data<ActionResult>({ ask: { refusal: "intent", values: { kind: "", message: "" } } }, { status: 400, headers: PRIVATE });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const t = translator(localeOf(location.pathname));
  const site = siteFrom(matches);
  if (!loaderData?.view) return [{ title: `${t("errors.title.notFound")} | ${site.name}` }, { name: "robots", content: "noindex" }];
  return [
    { title: `${t("quote.meta.title", { number: loaderData.view.number })} | ${site.name}` },
    { name: "description", content: t("quote.meta.description", { name: site.name }) },
    { name: "robots", content: "noindex, nofollow" },
    { name: "referrer", content: "same-origin" },
  ];
};

export default function QuotePage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const nonce = useNonce();
  const result = actionData as ActionResult | undefined;
  const view = result?.view ?? loaderData.view;
  const done = loaderData.done;
  if (!view) return <ErrorPage status={404} />;
  return (
    <div className="page-section quote-page">
      <div className="quote-page__inner">
        <QuoteHead view={view} t={t} />
        {view.step === "signed" && view.shown ? (
          <QuoteSigned view={view} shown={view.shown} t={t} already={done === "already"} />
        ) : view.step === "sign" && view.shown ? (
          <QuoteSign view={view} shown={view.shown} t={t} refused={result?.sign} />
        ) : (
          <QuoteRead view={view} t={t} />
        )}
        {/* The totals at once and the drawn mark (app/browser/quote-page.ts); the page works without it. */}
        {view.step === "signed" ? null : <script type="module" src={scriptUrl("quote-page")} nonce={nonce} />}
        <QuoteAsk path={view.path} business={view.business.name} t={t} sent={done === "asked"} refused={result?.ask} />
      </div>
    </div>
  );
}
