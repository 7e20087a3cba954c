/**
 * What a /gallery address asks for: `?category=<service slug>` and `?page=<n>`. Parsed before
 * the database is read, so a malformed address gets its sentence (400) and costs no query.
 * Whether the category has photos and the page exists is for the loader (404).
 */
import { serviceSlugs, type ServiceSlug } from "#app/schemas/content.ts";

type GalleryQuery = { ok: true; category: ServiceSlug | null; page: number } | { ok: false; status: 400 | 404; message: string };

/** Pages beyond this cannot exist (a gallery of hundreds of photos has a few dozen pages). */
const PAGE_MAX = 10_000;

/** A list page's `?<name>=<service slug>` filter (any case): null without one, undefined for a service we do not have. */
export function readServiceFilter(params: URLSearchParams, name: string): ServiceSlug | null | undefined {
  const raw = params.get(name);
  if (raw === null || raw === "") return null;
  const slug = raw.toLowerCase();
  return (serviceSlugs as readonly string[]).includes(slug) ? (slug as ServiceSlug) : undefined;
}

/** A list page's `?page=<n>` (1 without one), or the 400 a malformed one gets; /projects follows these rules too. */
export function readPageNumber(params: URLSearchParams): { ok: true; page: number } | { ok: false; status: 400; message: string } {
  const rawPage = params.get("page");
  if (rawPage === null) return { ok: true, page: 1 };
  if (!/^[1-9]\d{0,4}$/.test(rawPage) || Number(rawPage) > PAGE_MAX) {
    return {
      ok: false,
      status: 400,
      message: "That page number is not valid. Page numbers are whole numbers starting at 1.",
    };
  }
  return { ok: true, page: Number(rawPage) };
}

export function parseGalleryQuery(params: URLSearchParams): GalleryQuery {
  const category = readServiceFilter(params, "category");
  // An unknown service is an address that does not exist: 404, like any unknown page.
  if (category === undefined) return { ok: false, status: 404, message: "There is no such photo category." };
  const page = readPageNumber(params);
  if (!page.ok) return page;
  return { ok: true, category, page: page.page };
}

/** The address of one page of a list filtered by `filter` (name and value): page 1 has no `page`, a filter keeps its value. */
export function listHref(path: string, [name, value]: [string, string | null], page: number): string {
  const params = new URLSearchParams();
  if (value) params.set(name, value);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The address of one gallery page: page 1 has no `page`, every filter keeps its category. */
export function galleryHref({ category, page }: { category: string | null; page: number }): string {
  return listHref("/gallery", ["category", category], page);
}
