/** A quarter turn: every file made again under a new version. docs/decisions/012-gallery.md */
import { rotatePhoto, RotateError } from "#app/server/gallery/photo-rotation.server.ts";
import { change, refused, type GalleryContext } from "#app/server/gallery/gallery-context.server.ts";
import type { GalleryChange } from "#app/server/gallery/types.server.ts";

export const rotate = (ctx: GalleryContext, { photoId, direction }: { photoId: string; direction: string }): Promise<GalleryChange> =>
  change(ctx, async () => {
    if (direction !== "left" && direction !== "right")
      return refused(400, "Please say which way to turn the photo: left or right.", { photoId });
    try {
      await rotatePhoto({ deps: ctx.deps, id: photoId, direction, maxPixels: ctx.maxPixels });
    } catch (error) {
      if (error instanceof RotateError) return refused(error.status, error.message, { photoId });
      ctx.logger.error("photo rotation failed", { id: photoId, error });
      return refused(503, "The photo could not be turned just now; it is unchanged. Please try again in a minute.", {
        photoId,
      });
    }
    return { ok: true, done: "rotated", photoId };
  });
