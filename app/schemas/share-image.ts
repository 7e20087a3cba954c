/**
 * The picture a page offers to social sites and chat apps when its link is shared (Open Graph's
 * og:image; docs/decisions/058-share-images-and-a-quiet-start.md). The big sites show no SVG and
 * want at least 1200 × 630 px, so every page names a JPEG or PNG at least that big: its own photo,
 * else the home photo the owner chose, else a card drawn from the business name (/og/default.png).
 */
import type { PhotoSource } from "#app/schemas/photo-view.ts";

export interface ShareImage {
  /** A path under the site (or an absolute address, for photos under PUBLIC_MEDIA_URL). */
  src: string;
  width: number;
  height: number;
  type: "image/jpeg" | "image/png";
  alt: string;
}

/** The size the big social sites ask for; the drawn card is exactly this. */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** Where the card drawn from the business name is served; `?v=` names its version. */
export const SHARE_CARD_PATH = "/og/default.png";

/**
 * A gallery photo as a share image: its JPEG master (up to 2560 px on its long side), when it is
 * at least 1200 × 630; a smaller photo would be shown small or not at all, so it gives way.
 */
export function photoShareImage(photo: { master: PhotoSource; alt: string } | null | undefined): ShareImage | null {
  if (!photo) return null;
  const { master } = photo;
  if (master.width < SHARE_IMAGE_SIZE.width || master.height < SHARE_IMAGE_SIZE.height) return null;
  return { src: master.url, width: master.width, height: master.height, type: "image/jpeg", alt: photo.alt };
}
