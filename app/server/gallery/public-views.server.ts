/**
 * The published photos as pages show them: the gallery's pages, a service's photos, a photo's
 * page, the sitemap's ids, the home page's latest, and the choices for the site's photo slots.
 * docs/decisions/013-public-gallery.md, 036-photo-pages.md
 */
import { isUuid } from "#app/server/ids.server.ts";
import type { GalleryPhoto } from "#app/schemas/photo-view.ts";
import {
  countAdminPhotos,
  listPublishedPhotos,
  listRecentlyPublishedPhotos,
  listServiceShowcasePhotos,
} from "#app/server/repos/photo-lists.server.ts";
import { loadPhotoView, toGalleryPhoto, type PhotoView } from "#app/server/gallery/view.server.ts";
import { findPhoto, type GalleryContext } from "#app/server/gallery/gallery-context.server.ts";

/** Published photos offered for the site's photo slots (a contractor's gallery is hundreds). */
const CHOOSABLE_LIMIT = 1000;

export async function choosablePhotos({ db, mediaUrl }: GalleryContext): Promise<{ published: GalleryPhoto[]; drafts: number }> {
  const [rows, drafts] = await Promise.all([
    listPublishedPhotos({ db, limit: CHOOSABLE_LIMIT }),
    countAdminPhotos({ db, filter: { status: "draft" } }),
  ]);
  return { published: rows.map((row) => toGalleryPhoto(row, mediaUrl)), drafts };
}

export async function photoView(
  { db, mediaUrl }: GalleryContext,
  { photoId, category = null }: { photoId: string; category?: string | null },
): Promise<PhotoView | null> {
  // A malformed id costs no query: it cannot name a photo.
  if (!isUuid(photoId)) return null;
  return loadPhotoView({ db, mediaUrl, id: photoId, category });
}

export async function publishedPhoto(ctx: GalleryContext, photoId: string): Promise<GalleryPhoto | null> {
  const row = await findPhoto(ctx, photoId);
  return row?.status === "published" ? toGalleryPhoto(row, ctx.mediaUrl) : null;
}

export async function recentPhotos({ db, mediaUrl }: GalleryContext, limit: number): Promise<GalleryPhoto[]> {
  const rows = await listRecentlyPublishedPhotos({ db, limit });
  return rows.map((row) => toGalleryPhoto(row, mediaUrl));
}

/** Each service's photo for its card and tile, by slug: its cover, else its latest photo, never a before photo (ADR 060). */
export async function showcasePhotos({ db, mediaUrl }: GalleryContext, services: readonly string[]): Promise<Map<string, GalleryPhoto>> {
  const rows = await listServiceShowcasePhotos({ db, services });
  return new Map([...rows].map(([service, row]) => [service, toGalleryPhoto(row, mediaUrl)]));
}
