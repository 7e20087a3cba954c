import { serviceSlugs } from "#app/schemas/content.ts";

/**
 * The estimate form's address for one service: `/contact?service=<slug>`, which opens the form
 * with that service chosen. Anything that is not one of our services gets the plain form rather
 * than an address the form would not understand.
 */
export function estimateHref(service: string | null | undefined): string {
  return service && (serviceSlugs as readonly string[]).includes(service) ? `/contact?service=${encodeURIComponent(service)}` : "/contact";
}
