import type { MetaDescriptor } from "react-router";
import { defaultArtwork } from "#app/content/company.ts";

export interface PageMetaOptions {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/bathroom". */
  path: string;
  /** Origin from the root loader (PUBLIC_URL). */
  publicUrl: string;
  /** The business, from the profile: `siteFrom(matches)` in a meta function. */
  site: { name: string };
  image?: { src: string; width: number; height: number; alt: string };
  /** Keep the page out of search results (sign-in pages, errors). */
  noindex?: boolean;
}

/** Title, description, canonical URL and Open Graph tags for one page. */
export function pageMeta(options: PageMetaOptions): MetaDescriptor[] {
  const url = new URL(options.path, options.publicUrl + "/").href;
  const image = options.image ?? defaultArtwork.hero;
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
