import { Readable } from "node:stream";
import { data } from "react-router";
import type { Route } from "./+types/lead-photo";
import { getOnlyResponse } from "#app/get-only.ts";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { getBackend } from "#app/server/context.server.ts";

/**
 * GET /admin/leads/:leadId/photos/:photoId/:size (thumb | large): a homeowner's photo of the
 * job, for admins only (the layout's middleware and requireAdmin here). Private: never cached
 * by a browser or proxy, never sniffed as anything but the image it is, never under /media.
 * docs/decisions/025-job-photos.md
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const object = await getBackend(context).leads.openLeadPhoto({
    leadId: params.leadId,
    photoId: params.photoId,
    size: params.size,
  });
  if (!object) {
    throw data("We couldn't find this photo. It may have been deleted with its request, or the link is incomplete.", {
      status: 404,
      headers: { "Cache-Control": "no-store" },
    });
  }
  return new Response(Readable.toWeb(object.body) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      "Content-Type": object.contentType,
      "Content-Length": String(object.contentLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
      // A photo opened on its own can run nothing.
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  return getOnlyResponse("Photos of the job are only viewed here; nothing can be sent to this address.");
}
