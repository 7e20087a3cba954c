import type { Route } from "./+types/calendar-feed";
import { getBackend } from "#app/server/context.server.ts";

const NOT_FOUND = "There is no calendar at this address. If you made a new address on the Visits page, subscribe again with it.";

/**
 * The contractor's private calendar of visits (`/calendar/<token>.ics`): outside /admin, since a
 * calendar app has no session; the unguessable token is the key. A wrong or replaced token is a
 * plain 404, the same as any unknown address.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const file = params.file ?? "";
  const token = file.endsWith(".ics") ? file.slice(0, -4) : "";
  const body = token ? await getBackend(context).visits.visitFeed({ token }) : null;
  if (body === null) {
    return new Response(NOT_FOUND, {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
    });
  }
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="visits.ics"',
      "Cache-Control": "private, max-age=300",
      "X-Robots-Tag": "noindex",
    },
  });
}
