/** Typed site content. A contractor edits these files, never the components. */

export interface Artwork {
  /** Path under /public, e.g. "/images/services/kitchen.svg". */
  src: string;
  width: number;
  height: number;
  alt: string;
}

export interface Service {
  /** URL path segment: the page lives at `/${slug}`. Also the gallery category. */
  slug: ServiceSlug;
  /** The service's one name (service-names.ts): the page's title, cards, footer, gallery. */
  title: string;
  /** One or two sentences: meta description and card text. */
  summary: string;
  /** Paragraphs of body copy: what the work includes and how a job runs. */
  body: string[];
  /** Heading above the list, e.g. "What we install". */
  listTitle: string;
  /** The list of items (materials, fixtures, tasks). */
  list: string[];
  /** The page's artwork (original, made for this project). */
  image: Artwork;
}

export const serviceSlugs = [
  "fences",
  "kitchen",
  "bathroom",
  "livingroom",
  "outdoor",
  "floor",
  "tile",
  "countertop",
  "backsplash",
  "repair",
] as const;

export type ServiceSlug = (typeof serviceSlugs)[number];

/** The slug itself when `value` names a service, else null. */
export function toServiceSlug(value: string | null | undefined): ServiceSlug | null {
  return (serviceSlugs as readonly unknown[]).includes(value) ? (value as ServiceSlug) : null;
}
