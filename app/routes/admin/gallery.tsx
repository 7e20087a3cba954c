import { redirect } from "react-router";
import type { Route } from "./+types/gallery";
import { requireAdmin } from "~/server/auth/session.server";
import { getServices } from "~/server/context.server";
import { actionError, formText, isUuid, readAdminForm, unknownIntentMessage } from "~/server/forms.server";
import { deletePhoto, editPhoto, publishPhoto, type GalleryDeps } from "~/server/gallery/photos.server";
import { toAdminPhoto } from "~/server/gallery/view.server";
import {
  clearServiceCover,
  countPublishedPhotos,
  getPhoto,
  getPhotoPosition,
  listDraftPhotos,
  listPublishedPhotos,
  listServiceCovers,
  movePhoto,
  setServiceCover,
} from "~/server/repos/photos.server";
import { PhotoDetailsSchema } from "~/schemas/photo";
import { serviceSlugs } from "~/content/types";
import { getService } from "~/content/services";
import { adminMeta } from "~/components/admin/meta";
import { AdminError } from "~/components/admin/admin-error";
import { AdminGalleryPage } from "~/components/admin/gallery-page";
import { draftAge } from "~/server/gallery/draft-age.server";
import galleryCss from "~/styles/admin-gallery.css?url";

/** More than a contractor's gallery will hold; the page lists them all so they can be ordered. */
const ADMIN_PHOTO_LIMIT = 1000;
const INTENTS = ["publish", "save", "move", "delete", "cover", "uncover"] as const;
const PHOTO_NOT_FOUND = "We couldn't find that photo. It may have been deleted.";

export const meta: Route.MetaFunction = () => adminMeta("Gallery");

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: galleryCss }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const services = getServices(context);
  const { db } = services.database;
  const url = new URL(request.url);
  const [published, drafts, covers, total] = await Promise.all([
    listPublishedPhotos({ db, limit: ADMIN_PHOTO_LIMIT }),
    listDraftPhotos({ db }),
    listServiceCovers({ db }),
    countPublishedPhotos({ db }),
  ]);
  const coverOf = new Map(covers.map((c) => [c.photo_id, c.service]));
  const maxHours = services.config.env.DRAFT_MAX_AGE_HOURS;
  const now = new Date();
  const publishedPhotos = published.map((row) => toAdminPhoto(row, services.mediaUrl, coverOf.get(row.id) ?? null));
  const draftPhotos = drafts.map((row) => ({ ...toAdminPhoto(row, services.mediaUrl, null), age: draftAge(row.created_at, now, maxHours) }));
  // ?delete=<id>: the confirmation step before deleting (the page without JavaScript shows it).
  const deleteId = url.searchParams.get("delete");
  const confirmDelete = isUuid(deleteId) ? ([...publishedPhotos, ...draftPhotos].find((p) => p.id === deleteId) ?? null) : null;
  return {
    flash: await flashMessage(url.searchParams, db, total),
    published: publishedPhotos,
    drafts: draftPhotos,
    confirmDelete,
    total,
    services: serviceSlugs.map((slug) => ({ slug, title: getService(slug)?.shortTitle ?? slug })),
    limits: {
      maxBytes: Math.floor(services.config.env.UPLOAD_MAX_MB * 1024 * 1024),
      maxMegapixels: services.config.env.MAX_IMAGE_MEGAPIXELS,
      draftMaxAgeHours: services.config.env.DRAFT_MAX_AGE_HOURS,
    },
  };
}

/** What the last action did, from the codes its redirect carried (never free text). */
async function flashMessage(
  params: URLSearchParams,
  db: Parameters<typeof getPhoto>[0]["db"],
  total: number,
): Promise<string | null> {
  const done = params.get("done");
  const photoId = params.get("photo");
  switch (done) {
    case "published":
      return "Image uploaded successfully";
    case "saved":
      return "Saved the photo's details.";
    case "deleted":
      return "Deleted the photo and all its files.";
    case "moved": {
      const position = isUuid(photoId) ? await getPhotoPosition({ db, id: photoId }) : null;
      return position === null ? "Moved the photo." : `Moved the photo to position ${position + 1} of ${total}.`;
    }
    case "cover": {
      const service = getService(params.get("service") ?? "");
      return service ? `This photo is now the cover of the ${service.title} page.` : null;
    }
    case "uncover": {
      const service = getService(params.get("service") ?? "");
      return service ? `The ${service.title} page shows its artwork again.` : null;
    }
    default:
      return null;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const services = getServices(context);
  const { db, dialect } = services.database;
  const deps: GalleryDeps = { db, dialect, blobStore: services.blobStore, logger: services.logger };
  const form = await readAdminForm(request);
  const intent = formText(form, "intent");
  if (!(INTENTS as readonly string[]).includes(intent ?? "")) {
    return actionError(400, unknownIntentMessage(intent, INTENTS), intent);
  }

  if (intent === "uncover") {
    const service = getService(formText(form, "service") ?? "");
    if (!service) return actionError(400, "The form did not say which service page to change.", intent);
    await clearServiceCover({ db, service: service.slug });
    services.publicPages.invalidate();
    return redirect(`/admin/gallery?done=uncover&service=${service.slug}`);
  }

  const photoId = formText(form, "photoId");
  const photo = isUuid(photoId) ? await getPhoto({ db, id: photoId }) : null;
  if (!photo) return actionError(404, PHOTO_NOT_FOUND, intent);

  if (intent === "publish" || intent === "save") {
    const values = {
      caption: formText(form, "caption") ?? "",
      alt: formText(form, "alt") ?? "",
      category: formText(form, "category") ?? "",
    };
    const parsed = PhotoDetailsSchema.safeParse(values);
    if (!parsed.success) {
      const message = parsed.error.issues.map((issue) => issue.message).join(" ");
      return actionError(400, message, intent, { ...values, photoId: photo.id });
    }
    const saved =
      intent === "publish"
        ? await publishPhoto({ deps, id: photo.id, details: parsed.data })
        : await editPhoto({ deps, id: photo.id, details: parsed.data });
    if (!saved) return actionError(404, PHOTO_NOT_FOUND, intent);
    services.logger.info(intent === "publish" ? "photo published" : "photo details saved", { id: photo.id, adminId: admin.id });
    services.publicPages.invalidate();
    return redirect(`/admin/gallery?done=${intent === "publish" ? "published" : "saved"}&photo=${photo.id}`);
  }

  if (intent === "move") {
    if (photo.status !== "published") return actionError(409, "Only published photos have a place in the gallery. Publish it first.", intent, { photoId: photo.id });
    const current = await getPhotoPosition({ db, id: photo.id });
    const direction = formText(form, "direction");
    const rawPosition = formText(form, "position");
    // `to`: the photo whose place this one takes (a drag and drop), by id, so the place is right
    // even when the list changed since the page was shown.
    const to = formText(form, "to");
    let position: number | null = null;
    if (isUuid(to)) position = await getPhotoPosition({ db, id: to });
    else if (direction === "up" && current !== null) position = current - 1;
    else if (direction === "down" && current !== null) position = current + 1;
    else if (direction === "first") position = 0;
    else if (direction === "last") position = Number.MAX_SAFE_INTEGER;
    else if (rawPosition !== undefined && /^\d{1,6}$/.test(rawPosition)) position = Number(rawPosition) - 1;
    if (position === null || position < 0) {
      if (direction === "up" && current === 0) return actionError(409, "This photo is already first.", intent, { photoId: photo.id });
      if (isUuid(to)) return actionError(409, "The photo you dropped it on is no longer in the gallery. Please reload the page.", intent, { photoId: photo.id });
      return actionError(400, "Please say where to move the photo: up, down, or a position from 1.", intent, { photoId: photo.id });
    }
    const moved = await movePhoto({ db, dialect, id: photo.id, position });
    if (moved === null) return actionError(404, PHOTO_NOT_FOUND, intent);
    services.publicPages.invalidate();
    return redirect(`/admin/gallery?done=moved&photo=${photo.id}`);
  }

  if (intent === "cover") {
    if (photo.status !== "published") return actionError(409, "Publish the photo before making it a page's cover.", intent, { photoId: photo.id });
    const ok = await setServiceCover({ db, dialect, service: photo.category, photoId: photo.id });
    if (!ok) return actionError(409, "This photo changed in the meantime. Please reload the page and try again.", intent, { photoId: photo.id });
    services.publicPages.invalidate();
    return redirect(`/admin/gallery?done=cover&photo=${photo.id}&service=${photo.category}`);
  }

  // delete: only with the confirmation's "yes", so one mis-click never loses a photo.
  if (formText(form, "confirm") !== "yes") {
    return actionError(400, "Please confirm with “Yes, delete this photo”. Nothing was deleted.", intent, { photoId: photo.id });
  }
  try {
    await deletePhoto({ deps, id: photo.id });
  } catch (error) {
    services.logger.error("photo delete failed", { id: photo.id, error });
    return actionError(409, "The photo's files could not be deleted just now, so the photo was kept. Please try again in a minute.", intent, { photoId: photo.id });
  }
  services.publicPages.invalidate();
  return redirect("/admin/gallery?done=deleted");
}

export default function AdminGallery({ loaderData, actionData }: Route.ComponentProps) {
  return <AdminGalleryPage data={loaderData} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
