import type { MetaDescriptor } from "react-router";
import type { PhotoSource } from "#app/schemas/photo-view.ts";
import { ogLocales, type Locale } from "#app/i18n/locale.ts";
import { localePath, pathAlternates } from "#app/i18n/paths.ts";
import { SHARE_CARD_PATH, SHARE_IMAGE_SIZE, photoShareImage, type ShareImage } from "#app/schemas/share-image.ts";

export interface PageMetaOptions {
  title: string;
  description: string;
  /** The page's English path, e.g. "/bathroom": the canonical URL is its address in `locale`. */
  path: string;
  /** The page's language (the root loader's, from the URL); English when not given. */
  locale?: Locale;
  /**
   * False when this page has no twin in the other language (a project without Spanish text):
   * no hreflang alternates then. Pages with a Spanish twin get both by default.
   */
  twin?: boolean;
  /** Origin from the root loader (PUBLIC_URL). */
  publicUrl: string;
  /** The business, from the profile: `siteFrom(matches)` in a meta function. */
  site: { name: string };
  /**
   * The page's own photo (a project's cover, a gallery photo, a chosen photo), if it has one; a
   * Spanish page describes it with its Spanish description when written (`altEs`).
   */
  photo?: { master: PhotoSource; alt: string; altEs?: string } | null;
  /**
   * What a shared link shows when the page's photo is missing or too small: the home photo, else
   * the card drawn from the business name (the root loader's `shareImage`; ADR 058).
   */
  shareImage: ShareImage;
  /** Keep the page out of search results (sign-in pages, errors). */
  noindex?: boolean;
}

/** Title, description, canonical URL and Open Graph tags for one page. */
export function pageMeta(options: PageMetaOptions): MetaDescriptor[] {
  const locale = options.locale ?? "en";
  const absolute = (path: string) => new URL(path, options.publicUrl + "/").href;
  const url = absolute(localePath(locale, options.path));
  const photo =
    options.photo && locale === "es" && options.photo.altEs?.trim() ? { ...options.photo, alt: options.photo.altEs } : options.photo;
  const image = photoShareImage(photo) ?? options.shareImage;
  const imageUrl = new URL(image.src, options.publicUrl + "/").href;
  const meta: MetaDescriptor[] = [
    { title: options.title },
    { name: "description", content: options.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: options.site.name },
    { property: "og:title", content: options.title },
    { property: "og:description", content: options.description },
    { property: "og:url", content: url },
    { property: "og:locale", content: ogLocales[locale] },
    { property: "og:image", content: imageUrl },
    { property: "og:image:width", content: String(image.width) },
    { property: "og:image:height", content: String(image.height) },
    { property: "og:image:type", content: image.type },
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  const alternates = options.twin === false || options.noindex ? null : pathAlternates(options.path);
  if (alternates) {
    // Self-referencing and reciprocal: both twins list both, and English is the default (ADR 064).
    meta.push(
      { tagName: "link", rel: "alternate", hrefLang: "en", href: absolute(alternates.en) },
      { tagName: "link", rel: "alternate", hrefLang: "es", href: absolute(alternates.es) },
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: absolute(alternates.en) },
      { property: "og:locale:alternate", content: ogLocales[locale === "en" ? "es" : "en"] },
    );
  }
  if (options.noindex) meta.push({ name: "robots", content: "noindex" });
  return meta;
}

/** "Page | Business" unless the page title already names the business (from the profile). */
export function pageTitle(title: string, site: { name: string }): string {
  return title.includes(site.name) ? title : `${title} | ${site.name}`;
}

interface MatchWithData {
  id: string;
  loaderData?: unknown;
}

/** The page's language, from the root route's loader data (English when it failed). */
export function localeFrom(matches: readonly (MatchWithData | undefined)[]): Locale {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { locale?: Locale } | undefined;
  return root?.locale ?? "en";
}

/** The PUBLIC_URL origin, read from the root route's loader data. */
export function publicUrlFrom(matches: readonly (MatchWithData | undefined)[]): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { publicUrl?: string } | undefined;
  return root?.publicUrl ?? "http://localhost:3000";
}

/**
 * What a page shares when it has no photo of its own, from the root route's loader data; the card
 * without a version when the root loader failed (an error page, never indexed).
 */
export function shareImageFrom(matches: readonly (MatchWithData | undefined)[]): ShareImage {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { shareImage?: ShareImage } | undefined;
  return root?.shareImage ?? { src: SHARE_CARD_PATH, ...SHARE_IMAGE_SIZE, type: "image/png", alt: "The business's name and phone number" };
}
