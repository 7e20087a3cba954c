import type { Route } from "./+types/gallery-upload";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { getBackend } from "#app/server/context.server.ts";

/**
 * POST /admin/gallery/upload: the body is one photo's bytes (no form around it), sent by the
 * admin gallery page with progress. Answers 201 with the new draft, or a 4xx with `error`: a
 * sentence for the admin. The host lets this path (only) send up to UPLOAD_MAX_MB.
 * `?category=<service>` pre-sets the draft's category (an unknown one is "repair"); `?project=<id>`
 * puts the draft in that project (ADR 041). Both are remembered for the admin's next upload.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const backend = getBackend(context);
  if (request.method !== "POST") {
    return Response.json({ error: "Send the photo with POST." }, { status: 405, headers: { Allow: "POST" } });
  }
  try {
    const params = new URL(request.url).searchParams;
    const result = await backend.gallery.upload({
      body: request.body,
      category: params.get("category") ?? "",
      projectId: params.get("project") || null,
      uploadedBy: admin.id,
      signal: request.signal,
      declaredBytes: Number(request.headers.get("content-length")) || null,
    });
    return result.ok
      ? Response.json({ photo: result.photo }, { status: 201, headers: { "Cache-Control": "no-store" } })
      : Response.json({ error: result.error }, { status: result.status, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    backend.logger.error("photo upload failed", { error });
    return Response.json(
      { error: "The photo arrived but could not be saved. Please try again in a minute." },
      { status: 503, headers: { "Cache-Control": "no-store", "Retry-After": "60" } },
    );
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return Response.json({ error: "Photos are uploaded from the gallery page with POST." }, { status: 405, headers: { Allow: "POST" } });
}
