/**
 * Each service's one name, written the same way everywhere the site shows it: the service page's
 * title, the cards and tiles, the footer, the gallery's categories, the photo headings, the
 * testimonials, the sitemap and the structured data. Kept apart from services.ts so the header,
 * footer and testimonials can show a name without bringing every page's copy into the browser.
 */
import { SOMETHING_ELSE } from "#app/schemas/estimate-rules.ts";
import { serviceSlugs, type ServiceSlug } from "#app/schemas/content.ts";

export const serviceNames: Record<ServiceSlug, string> = {
  fences: "Fences",
  kitchen: "Kitchen Remodeling",
  bathroom: "Bathroom Remodeling",
  livingroom: "Living Room Remodeling",
  outdoor: "Outdoor Living",
  floor: "Flooring",
  // The specification's own title for /tile.
  tile: "Ceramic & Porcelain Tiles",
  countertop: "Countertops",
  backsplash: "Backsplash",
  repair: "Repair & Remodeling",
};

/** The name of a service slug, or null when the slug is not a service (a testimonial for the business). */
export function serviceName(slug: string | null | undefined): string | null {
  return slug && Object.hasOwn(serviceNames, slug) ? serviceNames[slug as ServiceSlug] : null;
}

/** Every service, the featured ones first in the owner's order, then the others in the site's order (ADR 060). */
export function servicesInFeaturedOrder(featured: readonly ServiceSlug[] = []): ServiceSlug[] {
  return [...featured, ...serviceSlugs.filter((slug) => !featured.includes(slug))];
}

/**
 * The choices of the estimate form's "What do you need?" list: the featured services first, the
 * others after them, then "Something else". One list for the form that shows it and the server
 * that reads it; the posted `subject` stays free text all the same (old clients and the original
 * form send any).
 */
export function estimateSubjectOptions(featured: readonly ServiceSlug[] = []): string[] {
  return [...servicesInFeaturedOrder(featured).map((slug) => serviceNames[slug]), SOMETHING_ELSE];
}

/** A list page's filter links: in the site's order of services, only those with something to show, each with its count. */
export function serviceFilters(counts: ReadonlyMap<string, number>): { slug: ServiceSlug; label: string; count: number }[] {
  return serviceSlugs.filter((slug) => counts.has(slug)).map((slug) => ({ slug, label: serviceNames[slug], count: counts.get(slug) ?? 0 }));
}
