/** One photo and its files deleted, only with the confirmation's "yes". docs/decisions/012-gallery.md */
import { deletePhotos } from "#app/server/gallery/photos.server.ts";
import { change, findPhoto, PHOTO_NOT_FOUND, refused, type GalleryContext } from "#app/server/gallery/gallery-context.server.ts";
import type { GalleryChange } from "#app/server/gallery/types.server.ts";

export const remove = (ctx: GalleryContext, { photoId, confirmed }: { photoId: string; confirmed: boolean }): Promise<GalleryChange> =>
  change(ctx, async () => {
    const photo = await findPhoto(ctx, photoId);
    if (!photo) return refused(404, PHOTO_NOT_FOUND);
    const values = { photoId: photo.id };
    // Only with the confirmation's "yes", so one mis-click never loses a photo.
    if (!confirmed) return refused(400, "Please confirm with “Yes, delete this photo”. Nothing was deleted.", values);
    const { deleted } = await deletePhotos({ deps: ctx.deps, ids: [photo.id] });
    if (deleted.length === 0) return refused(404, PHOTO_NOT_FOUND);
    return { ok: true, done: "deleted" };
  });
