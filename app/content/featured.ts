import { getService } from "#app/content/services.ts";
import type { Artwork, ServiceSlug } from "#app/schemas/content.ts";

/** The four services the home page's cards and /services' tiles feature, in the spec's order. */
export const featuredServices: readonly ServiceSlug[] = ["repair", "bathroom", "floor", "fences"];

export interface ServiceCardData {
  slug: ServiceSlug;
  title: string;
  summary: string;
  image: Artwork;
}

/** Card data for the featured services, under each service's one name. */
export function featuredCards(summaries?: Partial<Record<ServiceSlug, string>>): ServiceCardData[] {
  return featuredServices.map((slug) => {
    const service = getService(slug);
    if (!service) throw new Error(`Featured service missing from content: ${slug}`);
    return { slug, title: service.title, summary: summaries?.[slug] ?? service.summary, image: service.image };
  });
}
