/**
 * A gallery photo's own words (its caption and its description for people who can't see it) in
 * the page's language (ADR 064). The owner writes them in English and, optionally, in Spanish. A
 * Spanish page shows the Spanish when written, else the English marked `lang="en"`. A photo gets
 * its own Spanish page (/es/galeria/foto/<id>) only when all it shows is written in Spanish.
 */
import type { Locale } from "#app/i18n/locale.ts";
import { localePath } from "#app/i18n/paths.ts";
import { photoHref, type GalleryPhoto } from "#app/schemas/photo-view.ts";

/** One text in the page's language, or in `lang` (English on a Spanish page) when it has no translation. */
export interface PhotoText {
  text: string;
  lang?: Locale;
}

type PhotoWords = Pick<GalleryPhoto, "caption" | "alt" | "captionEs" | "altEs">;

const written = (text: string) => text.trim() !== "";

/**
 * Whether the photo's page can be all Spanish: its description is written in Spanish, and so is
 * its caption when it has one (the caption is the page's heading).
 */
export function hasSpanish(photo: PhotoWords): boolean {
  return written(photo.altEs) && (!written(photo.caption) || written(photo.captionEs));
}

/** The description for people who can't see the photo (the `alt`), in `locale` when written. */
export function photoAlt(photo: PhotoWords, locale: Locale): PhotoText {
  if (locale === "es" && written(photo.altEs)) return { text: photo.altEs };
  return locale === "en" ? { text: photo.alt } : { text: photo.alt, lang: "en" };
}

/** The caption in `locale` when written, else the English one (marked); "" when it has none. */
export function photoCaption(photo: PhotoWords, locale: Locale): PhotoText {
  if (locale === "es" && written(photo.captionEs)) return { text: photo.captionEs };
  if (!written(photo.caption)) return { text: "" };
  return locale === "en" ? { text: photo.caption } : { text: photo.caption, lang: "en" };
}

/** A photo page's heading: the caption, else the description (always written). */
export function localPhotoTitle(photo: PhotoWords, locale: Locale): PhotoText {
  const caption = photoCaption(photo, locale);
  return caption.text.trim() ? caption : photoAlt(photo, locale);
}

/**
 * The photo's page from a page in `locale`: its Spanish page when it has one, else its English page
 * (never a Spanish address over English words).
 */
export function localPhotoHref(locale: Locale, photo: Pick<GalleryPhoto, "id"> & PhotoWords): string {
  return locale === "es" && hasSpanish(photo) ? localePath("es", photoHref(photo.id)) : photoHref(photo.id);
}
