import { data, isRouteErrorResponse, redirect } from "react-router";
import type { Route } from "./+types/review";
import { ErrorPage } from "#app/components/error-page.tsx";
import { ReviewPage } from "#app/components/review/review-page.tsx";
import { localeOf } from "#app/i18n/locale.ts";
import { translate } from "#app/i18n/messages.ts";
import { reviewFeedbackLimits, type ReviewRefusal } from "#app/schemas/review-feedback.ts";
import { siteFrom } from "#app/site-profile.ts";
import { getBackend } from "#app/server/context.server.ts";
import { readForm } from "#app/server/forms.server.ts";
import type { StyleGroup } from "#app/styles/groups.ts";

/**
 * A finished job's review page, /review/<token> and /es/resena/<token> (issue 29): the public
 * review link for everyone, and the private "tell us how we did" beside it. Plain HTML and a plain
 * form (no JavaScript), never cached, kept out of search results; a token this site did not make
 * is the site's own 404 in the URL's language.
 */
export const handle = { hydrate: false, styles: ["account", "estimate", "review"] satisfies StyleGroup[] };

const PRIVATE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "same-origin" };

function notFound(): never {
  throw data(null, { status: 404, headers: PRIVATE });
}

export const meta: Route.MetaFunction = ({ error, location, matches, loaderData }) => {
  const locale = localeOf(location.pathname);
  if (error || !loaderData) {
    const key = isRouteErrorResponse(error) && error.status === 404 ? "errors.title.notFound" : "errors.title.failed";
    return [{ title: `${translate(locale, key)} | ${siteFrom(matches).name}` }, { name: "robots", content: "noindex" }];
  }
  return [
    { title: `${translate(locale, "review.meta.title")} | ${loaderData.view.business.name}` },
    { name: "description", content: translate(locale, "review.meta.description") },
    { name: "robots", content: "noindex, nofollow" },
    { name: "referrer", content: "same-origin" },
  ];
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOf(url.pathname);
  const opened = await getBackend(context).reviewFeedback.openPage({
    token: params.token,
    locale,
    sent: url.searchParams.get("sent") === "1",
  });
  if (opened.state === "not-found") notFound();
  return data({ view: opened.view }, { headers: PRIVATE });
}

const maxOf: Record<ReviewRefusal, number> = {
  rating: reviewFeedbackLimits.rating.max,
  "comment-too-long": reviewFeedbackLimits.comment.max,
  "name-required": reviewFeedbackLimits.firstName.max,
  "name-too-long": reviewFeedbackLimits.firstName.max,
  "place-too-long": reviewFeedbackLimits.place.max,
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const url = new URL(request.url);
  const locale = localeOf(url.pathname);
  const form = await readForm(request);
  const answer = await getBackend(context).reviewFeedback.send({ token: params.token, locale, form });
  if (answer.outcome === "not-found") notFound();
  if (answer.outcome === "refused") {
    const error = translate(locale, `review.error.${answer.refusal}`, { max: maxOf[answer.refusal] });
    return data({ refused: { refusal: answer.refusal, values: answer.values }, error }, { status: 400, headers: PRIVATE });
  }
  // Back to the page itself (a GET), so a reload never sends it twice.
  throw redirect(`${url.pathname}?sent=1`, { status: 303, headers: PRIVATE });
}

export const headers: Route.HeadersFunction = () => PRIVATE;

export default function Review({ loaderData, actionData }: Route.ComponentProps) {
  return <ReviewPage view={loaderData.view} refused={actionData?.refused} error={actionData?.error} />;
}

/** The site's own 404 (or error) page, inside this route so its headers stay private. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error)) return <ErrorPage status={error.status} />;
  return <ErrorPage status={500} />;
}
