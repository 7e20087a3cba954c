/**
 * The service pages (/fences, /kitchen, ...). Order follows `serviceSlugs`.
 * These are the defaults of the editable texts (app/content/texts.ts); each service's name is in
 * service-names.ts, its English copy in the catalog's area file (app/i18n/catalog/en/services-copy.ts),
 * which holds no more than the copy itself, so a browser bundle that needs a service brings no catalog.
 */
import type { Artwork, Service, ServiceSlug } from "#app/schemas/content.ts";
import { serviceSlugs } from "#app/schemas/content.ts";
import { serviceNames } from "#app/content/service-names.ts";
import { servicesCopy as copy } from "#app/i18n/catalog/en/services-copy.ts";

function art(slug: ServiceSlug, alt: string): Artwork {
  return { src: `/images/services/${slug}.svg`, width: 1200, height: 800, alt };
}

/** The copy's paragraphs (apart by a blank line) or list items (one a line). */
export function splitCopy(text: string, separator: "paragraphs" | "lines"): string[] {
  return text
    .split(separator === "paragraphs" ? /\n\s*\n/ : /\n/)
    .map((part) => part.trim())
    .filter(Boolean);
}

function service(slug: ServiceSlug): Service {
  return {
    slug,
    title: serviceNames[slug],
    summary: copy[`serviceCopy.${slug}.summary`],
    body: splitCopy(copy[`serviceCopy.${slug}.body`], "paragraphs"),
    listTitle: copy[`serviceCopy.${slug}.listTitle`],
    list: splitCopy(copy[`serviceCopy.${slug}.list`], "lines"),
    image: art(slug, copy[`serviceCopy.${slug}.alt`]),
  };
}

/** Services in the order of `serviceSlugs`. */
export const services: Service[] = serviceSlugs.map(service);

const bySlug = new Map<string, Service>(services.map((s) => [s.slug, s]));

export function getService(slug: string): Service | undefined {
  return bySlug.get(slug);
}
