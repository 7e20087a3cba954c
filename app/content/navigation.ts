import type { ServiceSlug } from "#app/schemas/content.ts";
import { serviceNames } from "#app/content/service-names.ts";

export interface NavLink {
  to: string;
  label: string;
}

/** The header's main navigation, in the original site's order. */
export const mainNavigation: NavLink[] = [
  { to: "/", label: "Home" },
  { to: "/services", label: "Services" },
  { to: "/gallery", label: "Gallery" },
  { to: "/projects", label: "Projects" },
  { to: "/contact", label: "Contact" },
  { to: "/about", label: "About" },
];

// By name (service-names.ts) rather than from the services themselves, so the header
// and footer (on every page) do not pull all service copy into the browser.
function serviceLink(slug: ServiceSlug): NavLink {
  return { to: `/${slug}`, label: serviceNames[slug] };
}

/** The footer's columns: the spec's services, each under its one name. */
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
    links: [serviceLink("repair"), serviceLink("kitchen"), serviceLink("bathroom"), serviceLink("floor"), serviceLink("fences")],
  },
];

/** The policies, linked from the footer's legal line and from the sign-in forms. */
export const legalLinks: NavLink[] = [
  { to: "/terms", label: "Terms" },
  { to: "/privacy", label: "Data Policy" },
  { to: "/cookies", label: "Cookies Policy" },
];

/** The footer's account links: read from the root loader's `account` (null for visitors). */
export function accountLinks(account: { isAdmin: boolean } | null | undefined): NavLink[] {
  if (!account) return [{ to: "/login", label: "Log in" }];
  const links: NavLink[] = [{ to: "/profile", label: "My account" }];
  if (account.isAdmin) links.push({ to: "/admin", label: "Admin" });
  return links;
}
