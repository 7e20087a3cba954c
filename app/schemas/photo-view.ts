/**
 * What pages get to show a gallery photo: addresses already resolved (under /media or
 * PUBLIC_MEDIA_URL), no storage keys. Shared by the server, which builds it
 * (app/server/gallery/view.server.ts), and the components that render it.
 */
export interface PhotoSource {
  url: string;
  width: number;
  height: number;
}

export interface GalleryPhoto {
  id: string;
  caption: string;
  alt: string;
  /** The caption and the description in Spanish; "" while not written (app/i18n/photo-text.ts). */
  captionEs: string;
  altEs: string;
  /** A service slug. */
  category: string;
  /** Size of the largest stored image (the master), for the aspect ratio. */
  width: number;
  height: number;
  /** A data: URL of a tiny WebP, shown blurred until a variant loads. */
  placeholder: string;
  /** Ascending by width. */
  avif: PhotoSource[];
  webp: PhotoSource[];
  /** The widest WebP: what the lightbox and a link without JavaScript open. */
  large: PhotoSource;
  /** The JPEG master: for Open Graph and downloads. */
  master: PhotoSource;
}

export interface AdminPhoto extends GalleryPhoto {
  status: "draft" | "published";
  createdAt: string;
  /** A service whose page this photo covers, if any. */
  coverOf: string | null;
  /** The type the uploaded bytes were (jpeg, heic…), and their size. */
  sourceType: string;
  sourceBytes: number;
  /** Upright size of the upload. */
  originalWidth: number;
  originalHeight: number;
}

/** `srcset` for one format: "url 320w, url 640w". */
export function srcSet(sources: readonly PhotoSource[]): string {
  return sources.map((s) => `${s.url} ${s.width}w`).join(", ");
}

/**
 * The sources a picture needs when it never shows wider than `width` device pixels: up to the
 * first that covers it. A wider one is a file no screen would pick, and 150 bytes of markup each.
 */
export function sourcesUpTo(sources: readonly PhotoSource[], width: number): PhotoSource[] {
  const covering = sources.findIndex((s) => s.width >= width);
  return covering === -1 ? [...sources] : sources.slice(0, covering + 1);
}

/** The narrowest source at least `width` px wide, else the widest. */
export function pickSource(sources: readonly PhotoSource[], width: number): PhotoSource | undefined {
  return sources.find((s) => s.width >= width) ?? sources.at(-1);
}

/**
 * A suggested description for people who can't see the photo (its alt text), when none was
 * written: the caption, else the service.
 */
export function suggestAlt({ caption, serviceTitle }: { caption: string; serviceTitle: string | null }): string {
  const text = caption.trim().replace(/\s+/g, " ");
  if (text) return text.length > 250 ? `${text.slice(0, 249)}…` : text;
  return serviceTitle ? `${serviceTitle} job finished by our team in Houston` : "";
}

export const CAPTION_MAX_LENGTH = 300;
export const ALT_MAX_LENGTH = 250;

/** The kinds of photo an upload may be, as the admin reads them. */
export const ACCEPTED_TYPES_TEXT = "JPEG, PNG, WebP, AVIF, GIF or HEIC (iPhone)";

/** "30 MB", "1.5 MB": the upload limit as the admin reads it. */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/** A published photo's own page (docs/decisions/036-photo-pages.md). */
export function photoHref(id: string): string {
  return `/gallery/photo/${encodeURIComponent(id)}`;
}

/** A photo page's heading: the caption, else the alt text (always written). */
export function photoTitle(photo: Pick<GalleryPhoto, "caption" | "alt">): string {
  return photo.caption.trim() || photo.alt;
}
