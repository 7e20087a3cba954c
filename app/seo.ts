import type { MetaDescriptor } from "react-router";
import type { PhotoSource } from "#app/schemas/photo-view.ts";
import { SHARE_CARD_PATH, SHARE_IMAGE_SIZE, photoShareImage, type ShareImage } from "#app/schemas/share-image.ts";

export interface PageMetaOptions {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/bathroom". */
  path: string;
  /** Origin from the root loader (PUBLIC_URL). */
  publicUrl: string;
  /** The business, from the profile: `siteFrom(matches)` in a meta function. */
  site: { name: string };
  /** The page's own photo (a project's cover, a gallery photo, a chosen photo), if it has one. */
  photo?: { master: PhotoSource; alt: string } | null;
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
  const url = new URL(options.path, options.publicUrl + "/").href;
  const image = photoShareImage(options.photo) ?? options.shareImage;
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
    { property: "og:locale", content: "en_US" },
    { property: "og:image", content: imageUrl },
    { property: "og:image:width", content: String(image.width) },
    { property: "og:image:height", content: String(image.height) },
    { property: "og:image:type", content: image.type },
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:card", content: "summary_large_image" },
  ];
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
