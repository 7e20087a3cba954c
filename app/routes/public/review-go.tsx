import { data, isRouteErrorResponse, redirect } from "react-router";
import type { Route } from "./+types/review-go";
import { ErrorPage } from "#app/components/error-page.tsx";
import { getBackend } from "#app/server/context.server.ts";
import type { StyleGroup } from "#app/styles/groups.ts";

/**
 * GET /review/:token/go, the review emails' public review link (issue 29): the click is counted
 * (the first one; a HEAD counts nothing), then a 303 to the review site the profile names NOW,
 * the same for every customer (or to the review page when the profile has none). A token this
 * site did not make gets the site's 404 page. Never cached, kept out of search results.
 */
export const handle = { hydrate: false, styles: [] satisfies StyleGroup[] };

const PRIVATE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "no-referrer" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const destination = await getBackend(context).reviews.follow({ token: params.token, count: request.method === "GET" });
  if (!destination) throw data(null, { status: 404, headers: PRIVATE });
  throw redirect(destination, { status: 303, headers: PRIVATE });
}

export const headers: Route.HeadersFunction = () => PRIVATE;

// The loader always answers (a redirect or a 404): this is what a 404 looks like, like the site's.
export default function ReviewGo() {
  return <ErrorPage status={404} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
