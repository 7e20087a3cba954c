import type { Route } from "./+types/gallery-upload";
import { requireAdmin } from "~/server/auth/session.server";
import { getServices } from "~/server/context.server";
import { createPhotoFromUpload, UploadError } from "~/server/gallery/photos.server";
import { toAdminPhoto } from "~/server/gallery/view.server";
import { serviceSlugs, type ServiceSlug } from "~/content/types";

/**
 * POST /admin/gallery/upload: the body is one photo's bytes (no form around it), sent by the
 * admin gallery page with progress. Answers 201 with the new draft, or a 4xx with `error`: a
 * sentence for the admin. The host lets this path (only) send up to UPLOAD_MAX_MB.
 * `?category=<service>` pre-sets the draft's category.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const services = getServices(context);
  if (request.method !== "POST") {
    return Response.json({ error: "Send the photo with POST." }, { status: 405, headers: { Allow: "POST" } });
  }
  const requested = new URL(request.url).searchParams.get("category") ?? "";
  const category: ServiceSlug = (serviceSlugs as readonly string[]).includes(requested) ? (requested as ServiceSlug) : "repair";
  try {
    const row = await createPhotoFromUpload({
      deps: { db: services.database.db, dialect: services.database.dialect, blobStore: services.blobStore, logger: services.logger },
      limits: {
        maxBytes: Math.floor(services.config.env.UPLOAD_MAX_MB * 1024 * 1024),
        maxPixels: Math.floor(services.config.env.MAX_IMAGE_MEGAPIXELS * 1_000_000),
        dataDir: services.config.dataDir,
      },
      body: request.body,
      category,
      uploadedBy: admin.id,
      signal: request.signal,
    });
    return Response.json({ photo: toAdminPhoto(row, services.mediaUrl, null) }, { status: 201, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof UploadError) {
      return Response.json({ error: error.message }, { status: error.status, headers: { "Cache-Control": "no-store" } });
    }
    services.logger.error("photo upload failed", { error });
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
