/** A service page's cover: a published photo of that service, or back to the page's artwork. docs/decisions/013-public-gallery.md */
import { getService } from "#app/content/services.ts";
import { clearServiceCover, setServiceCover } from "#app/server/repos/service-covers.server.ts";
import { isBeforePhoto } from "#app/server/repos/project-pairs.server.ts";
import { change, findPhoto, PHOTO_NOT_FOUND, refused, type GalleryContext } from "#app/server/gallery/gallery-context.server.ts";
import type { GalleryChange } from "#app/server/gallery/types.server.ts";

export const setCover = (ctx: GalleryContext, { photoId }: { photoId: string }): Promise<GalleryChange> =>
  change(ctx, async () => {
    const photo = await findPhoto(ctx, photoId);
    if (!photo) return refused(404, PHOTO_NOT_FOUND);
    const values = { photoId: photo.id };
    if (photo.status !== "published") return refused(409, "Publish the photo before making it a page's cover.", values);
    // A page's cover shows the finished work; a before photo shows only in its pair (ADR 060).
    if (await isBeforePhoto({ db: ctx.db, photoId: photo.id })) {
      return refused(
        409,
        "This is the “before” photo of a before/after pair: choose a photo of the finished work as the page's cover.",
        values,
      );
    }
    const ok = await setServiceCover({ db: ctx.db, dialect: ctx.dialect, service: photo.category, photoId: photo.id });
    if (!ok) return refused(409, "This photo changed in the meantime. Please reload the page and try again.", values);
    return { ok: true, done: "cover", photoId: photo.id, service: photo.category };
  });

export const clearCover = (ctx: GalleryContext, { service }: { service: string }): Promise<GalleryChange> =>
  change(ctx, async () => {
    const known = getService(service);
    if (!known) return refused(400, "The form did not say which service page to change.");
    await clearServiceCover({ db: ctx.db, service: known.slug });
    return { ok: true, done: "uncover", service: known.slug };
  });
