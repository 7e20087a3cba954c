/** A published photo's place in the gallery: a drop, a step, an end, or a position. docs/decisions/012-gallery.md */
import { isUuid } from "#app/server/ids.server.ts";
import { getPhotoPosition, movePhoto } from "#app/server/repos/photo-order.server.ts";
import { change, findPhoto, PHOTO_NOT_FOUND, refused, type GalleryContext } from "#app/server/gallery/gallery-context.server.ts";
import type { GalleryChange, MoveTarget } from "#app/server/gallery/types.server.ts";

export const move = (ctx: GalleryContext, { photoId, target }: { photoId: string; target: MoveTarget }): Promise<GalleryChange> =>
  change(ctx, async () => {
    const { db, dialect } = ctx;
    const photo = await findPhoto(ctx, photoId);
    if (!photo) return refused(404, PHOTO_NOT_FOUND);
    const values = { photoId: photo.id };
    if (photo.status !== "published") return refused(409, "Only published photos have a place in the gallery. Publish it first.", values);
    const current = await getPhotoPosition({ db, id: photo.id });
    const { to, direction, position: rawPosition } = target;
    // `to`: the photo whose place this one takes (a drag and drop), by id, so the place is
    // right even when the list changed since the page was shown.
    const isDrop = isUuid(to);
    let position: number | null = null;
    if (isDrop) position = await getPhotoPosition({ db, id: to });
    else if (direction === "up" && current !== null) position = current - 1;
    else if (direction === "down" && current !== null) position = current + 1;
    else if (direction === "first") position = 0;
    else if (direction === "last") position = Number.MAX_SAFE_INTEGER;
    else if (rawPosition !== undefined && /^\d{1,6}$/.test(rawPosition)) position = Number(rawPosition) - 1;
    if (position === null || position < 0) {
      if (direction === "up" && current === 0) return refused(409, "This photo is already first.", values);
      if (isDrop) return refused(409, "The photo you dropped it on is no longer in the gallery. Please reload the page.", values);
      return refused(400, "Please say where to move the photo: up, down, or a position from 1.", values);
    }
    const moved = await movePhoto({ db, dialect, id: photo.id, position });
    if (moved === null) return refused(404, PHOTO_NOT_FOUND);
    return { ok: true, done: "moved", photoId: photo.id };
  });
