/**
 * What a /gallery address asks for: `?category=<service slug>` and `?page=<n>`. Parsed before
 * the database is read, so a malformed address gets its sentence (400) and costs no query.
 * Whether the category has photos and the page exists is for the loader (404).
 */
import { serviceSlugs, type ServiceSlug } from "#app/schemas/content.ts";

type GalleryQuery = { ok: true; category: ServiceSlug | null; page: number } | { ok: false; status: 400 | 404; message: string };

/** Pages beyond this cannot exist (a gallery of hundreds of photos has a few dozen pages). */
const PAGE_MAX = 10_000;

export function parseGalleryQuery(params: URLSearchParams): GalleryQuery {
  const rawCategory = params.get("category");
  let category: ServiceSlug | null = null;
  if (rawCategory !== null && rawCategory !== "") {
    const slug = rawCategory.toLowerCase();
    // An unknown service is an address that does not exist: 404, like any unknown page.
    if (!(serviceSlugs as readonly string[]).includes(slug)) {
      return { ok: false, status: 404, message: "There is no such photo category." };
    }
    category = slug as ServiceSlug;
  }
  const rawPage = params.get("page");
  let page = 1;
  if (rawPage !== null) {
    if (!/^[1-9]\d{0,4}$/.test(rawPage) || Number(rawPage) > PAGE_MAX) {
      return {
        ok: false,
        status: 400,
        message: "That page number is not valid. Page numbers are whole numbers starting at 1.",
      };
    }
    page = Number(rawPage);
  }
  return { ok: true, category, page };
}

/** The address of one gallery page: page 1 has no `page`, every filter keeps its category. */
export function galleryHref({ category, page }: { category: string | null; page: number }): string {
  const params = new URLSearchParams();
  if (category) params.set("category", category);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/gallery?${query}` : "/gallery";
}
