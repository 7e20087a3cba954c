import { getService } from "./services.ts";
import type { Artwork, ServiceSlug } from "./types.ts";

/** The four services the home page and /services feature, with their labels there. */
export const featuredServices: { slug: ServiceSlug; cardTitle: string; tileTitle: string }[] = [
  { slug: "repair", cardTitle: "Repair & Remodeling", tileTitle: "Repair & remodel" },
  { slug: "bathroom", cardTitle: "Bathroom", tileTitle: "Bathroom Remodeling" },
  { slug: "floor", cardTitle: "Flooring", tileTitle: "Floor Remodeling" },
  { slug: "fences", cardTitle: "Fences", tileTitle: "Fences" },
];

export interface ServiceCardData {
  slug: ServiceSlug;
  title: string;
  summary: string;
  image: Artwork;
}

/** Card data for the featured services, labelled for the home page or for /services. */
export function featuredCards(label: "cardTitle" | "tileTitle"): ServiceCardData[] {
  return featuredServices.map((featured) => {
    const service = getService(featured.slug);
    if (!service) throw new Error(`Featured service missing from content: ${featured.slug}`);
    return { slug: service.slug, title: featured[label], summary: service.summary, image: service.image };
  });
}
