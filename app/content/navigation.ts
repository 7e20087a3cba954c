import { getService } from "./services.ts";
import type { ServiceSlug } from "./types.ts";

export interface NavLink {
  to: string;
  label: string;
}

/** The header's main navigation, in the original site's order. */
export const mainNavigation: NavLink[] = [
  { to: "/", label: "Home" },
  { to: "/services", label: "Services" },
  { to: "/gallery", label: "Gallery" },
  { to: "/contact", label: "Contact" },
  { to: "/about", label: "About" },
];

function serviceLink(slug: ServiceSlug, label?: string): NavLink {
  const service = getService(slug);
  if (!service) throw new Error(`Unknown service in navigation: ${slug}`);
  return { to: `/${service.slug}`, label: label ?? service.shortTitle };
}

/** The footer's columns. 'Repair & remodel' goes to /repair; Kitchen has its own link. */
export const footerColumns: { title: string; links: NavLink[] }[] = [
  {
    title: "About",
    links: [
      { to: "/contact", label: "Contact" },
      { to: "/about", label: "Who we are" },
    ],
  },
  {
    title: "Services",
    links: [
      serviceLink("repair", "Repair & remodel"),
      serviceLink("kitchen", "Kitchen"),
      serviceLink("bathroom", "Bathroom"),
      serviceLink("floor", "Floors"),
      serviceLink("fences", "Fences"),
    ],
  },
];

/** The four services the home page and /services feature, with their labels there. */
export const featuredServices: { slug: ServiceSlug; cardTitle: string; tileTitle: string }[] = [
  { slug: "repair", cardTitle: "Repair & Remodeling", tileTitle: "Repair & remodel" },
  { slug: "bathroom", cardTitle: "Bathroom", tileTitle: "Bathroom Remodeling" },
  { slug: "floor", cardTitle: "Flooring", tileTitle: "Floor Remodeling" },
  { slug: "fences", cardTitle: "Fences", tileTitle: "Fences" },
];
