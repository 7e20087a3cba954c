import type { Route } from "./+types/review-seen";
import { getOnlyResponse } from "#app/get-only.ts";
import { getBackend } from "#app/server/context.server.ts";

const PRIVATE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

/** A transparent 1×1 GIF (42 bytes). */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/**
 * GET /review/:token/seen.gif, the review emails' 1×1 image (issue 29): its first load counts the
 * email as opened (an estimate: many mail apps block images, some load them for everyone). A
 * token this site did not make is an empty 404. Never cached, so each open asks again.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const known = await getBackend(context).reviews.seen({ token: params.token, count: request.method === "GET" });
  if (!known) return new Response(null, { status: 404, headers: PRIVATE });
  return new Response(new Uint8Array(PIXEL), {
    status: 200,
    headers: {
      ...PRIVATE,
      "Content-Type": "image/gif",
      "Content-Length": String(PIXEL.length),
      "X-Content-Type-Options": "nosniff",
      // A webmail page on another site shows it straight from here.
      "Cross-Origin-Resource-Policy": "cross-origin",
    },
  });
}

export function action() {
  return getOnlyResponse("This image is only read; nothing can be sent to this address.");
}
