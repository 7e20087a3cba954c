import { getService } from "#app/content/services.ts";
import { defaultProfile } from "#app/content/company.ts";
import type { Artwork, ServiceSlug } from "#app/schemas/content.ts";
import type { GalleryPhoto } from "#app/schemas/photo-view.ts";

/**
 * The services the home page's cards and /services' tiles feature on a fresh install: kitchen,
 * the slogan's first word, then the spec's four. The owner changes them at /admin/site (ADR 060).
 */
export const featuredServices: readonly ServiceSlug[] = defaultProfile.featuredServices;

export interface ServiceCardData {
  slug: ServiceSlug;
  title: string;
  summary: string;
  image: Artwork;
  /** The service's own photo (its cover, else its latest finished-work photo); null shows `image`, the drawing. */
  photo: GalleryPhoto | null;
  /** The summary's language when it is the owner's own text on a page in another language. */
  lang?: "en";
}

/** Card data for `featured`, in that order, under each service's one name, with each service's photo when it has one. */
export function featuredCards(
  featured: readonly ServiceSlug[] = featuredServices,
  summaries?: Partial<Record<ServiceSlug, string>>,
  photos?: ReadonlyMap<string, GalleryPhoto>,
): ServiceCardData[] {
  return featured.map((slug) => {
    const service = getService(slug);
    if (!service) throw new Error(`Featured service missing from content: ${slug}`);
    return {
      slug,
      title: service.title,
      summary: summaries?.[slug] ?? service.summary,
      image: service.image,
      photo: photos?.get(slug) ?? null,
    };
  });
}
