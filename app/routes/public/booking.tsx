import { data, isRouteErrorResponse, redirect } from "react-router";
import type { Route } from "./+types/booking";
import { BookingPage, type BookingMessage } from "#app/components/booking/booking-page.tsx";
import { ErrorPage } from "#app/components/error-page.tsx";
import { localeOf, type Locale } from "#app/i18n/locale.ts";
import { translate, type MessageKey } from "#app/i18n/messages.ts";
import { siteFrom } from "#app/site-profile.ts";
import { getBackend } from "#app/server/context.server.ts";
import { formText, readForm } from "#app/server/forms.server.ts";
import type { StyleGroup } from "#app/styles/groups.ts";

/**
 * A request's booking page, /book/<token> and /es/cita/<token> (ADR 071): the homeowner picks the
 * visit's arrival window, sees it held, moves or cancels it. Plain HTML and forms (no JavaScript),
 * never cached, kept out of search results; a wrong or replaced token is the site's own 404.
 */
export const handle = { hydrate: false, styles: ["account", "booking"] satisfies StyleGroup[] };

const PRIVATE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "same-origin" };

function notFound(): never {
  throw data(null, { status: 404, headers: PRIVATE });
}

const DONE = ["held", "booked", "moved", "cancelled"] as const;
type Done = (typeof DONE)[number];

export const meta: Route.MetaFunction = ({ error, location, matches, loaderData }) => {
  const locale = localeOf(location.pathname);
  if (error || !loaderData) {
    const key = isRouteErrorResponse(error) && error.status === 404 ? "errors.title.notFound" : "errors.title.failed";
    return [{ title: `${translate(locale, key)} | ${siteFrom(matches).name}` }, { name: "robots", content: "noindex" }];
  }
  return [
    { title: `${translate(locale, "booking.meta.title")} | ${loaderData.view.business.name}` },
    { name: "description", content: translate(locale, "booking.meta.description") },
    { name: "robots", content: "noindex, nofollow" },
    { name: "referrer", content: "same-origin" },
  ];
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOf(url.pathname);
  const opened = await getBackend(context).booking.openPage({ token: params.token, locale });
  if (opened.state === "not-found") notFound();
  const done = url.searchParams.get("done");
  const message: BookingMessage = DONE.includes(done as Done)
    ? { kind: "done", text: translate(locale, `booking.done.${done as Done}`) }
    : null;
  return data({ view: opened.view, message }, { headers: PRIVATE });
}

const refusals: Record<string, { status: 400 | 409; key: MessageKey }> = {
  invalid: { status: 400, key: "booking.error.invalid" },
  taken: { status: 409, key: "booking.error.taken" },
  closed: { status: 409, key: "booking.error.closed" },
  "has-visit": { status: 409, key: "booking.error.hasVisit" },
  "no-visit": { status: 409, key: "booking.error.noVisit" },
  "too-late": { status: 409, key: "booking.error.tooLate" },
  changed: { status: 409, key: "booking.error.changed" },
};

function refusal(locale: Locale, outcome: string) {
  const refused = refusals[outcome] ?? refusals.invalid!;
  const message: BookingMessage = { kind: "error", text: translate(locale, refused.key) };
  return data({ message }, { status: refused.status, headers: PRIVATE });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const url = new URL(request.url);
  const locale = localeOf(url.pathname);
  const { booking } = getBackend(context);
  const form = await readForm(request);
  const intent = formText(form, "intent");
  const start = formText(form, "start");
  const answer =
    intent === "book"
      ? await booking.book({ token: params.token, start })
      : intent === "move"
        ? await booking.move({ token: params.token, start })
        : intent === "cancel"
          ? await booking.cancel({ token: params.token })
          : ({ outcome: "invalid" } as const);
  if (answer.outcome === "not-found") notFound();
  if (answer.outcome === "done") {
    // Back to the page itself (a GET), so a reload never books twice.
    throw redirect(`${url.pathname}?done=${answer.done}`, { status: 303, headers: PRIVATE });
  }
  return refusal(locale, answer.outcome);
}

export const headers: Route.HeadersFunction = () => PRIVATE;

export default function Booking({ loaderData, actionData }: Route.ComponentProps) {
  // A refusal's sentence replaces the last success's; the page below is read again after it.
  return <BookingPage view={loaderData.view} message={actionData?.message ?? loaderData.message} />;
}

/** The site's own 404 (or error) page, inside this route so its headers stay private. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error)) return <ErrorPage status={error.status} />;
  return <ErrorPage status={500} />;
}
