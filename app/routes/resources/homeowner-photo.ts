import { Readable } from "node:stream";
import type { Route } from "./+types/homeowner-photo";
import { getOnlyResponse } from "#app/get-only.ts";
import { getBackend } from "#app/server/context.server.ts";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "same-origin" };

/**
 * GET /my/<token>/photos/<lead>/<photo>/thumb (and under /es/mi/): a homeowner's own photo of the
 * job, through their link (ADR 069). Only a photo of a request sent with the link's address, to a
 * visit that may open the page; anything else is a plain 404, whoever's photo it is.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const object = await getBackend(context).homeowner.openPhoto({
    token: params.token,
    leadId: params.leadId,
    photoId: params.photoId,
    size: params.size,
    cookieHeader: request.headers.get("cookie"),
  });
  if (!object) {
    return new Response("Not found", { status: 404, headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(Readable.toWeb(object.body) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      ...PRIVATE,
      "Content-Type": object.contentType,
      "Content-Length": String(object.contentLength),
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}

export function action() {
  return getOnlyResponse("Photos are only viewed here; nothing can be sent to this address.");
}
