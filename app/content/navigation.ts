import type { ServiceSlug } from "#app/schemas/content.ts";
import type { MessageKey } from "#app/i18n/messages.ts";

/** A link of the site's frame: its English path (localePath gives the page's language) and its words' key. */
export interface NavLink {
  to: string;
  label: MessageKey;
}

/** The header's main navigation, in the original site's order. */
export const mainNavigation: NavLink[] = [
  { to: "/", label: "site.nav.home" },
  { to: "/services", label: "site.nav.services" },
  { to: "/gallery", label: "site.nav.gallery" },
  { to: "/projects", label: "site.nav.projects" },
  { to: "/contact", label: "site.nav.contact" },
  { to: "/about", label: "site.nav.about" },
];

/** The services the footer links to. */
type FooterService = Extract<ServiceSlug, "repair" | "kitchen" | "bathroom" | "floor" | "fences">;

// By the footer's own words for them rather than from the services themselves, so the footer (on
// every page) does not pull all service copy in. Under the column's "Services" heading, Spanish
// names them as a homeowner does in short ("Cocinas", "Baños"), which keeps the phone footer short.
function serviceLink(slug: FooterService): NavLink {
  return { to: `/${slug}`, label: `site.footer.service.${slug}` };
}

/** The footer's columns: the spec's services, each under its one name. */
export const footerColumns: { title: MessageKey; links: NavLink[] }[] = [
  {
    title: "site.footer.about",
    links: [
      { to: "/contact", label: "site.nav.contact" },
      { to: "/about", label: "site.footer.whoWeAre" },
    ],
  },
  {
    title: "site.footer.services",
    links: [serviceLink("repair"), serviceLink("kitchen"), serviceLink("bathroom"), serviceLink("floor"), serviceLink("fences")],
  },
];

/** The policies, linked from the footer's legal line and from the sign-in forms. */
export const legalLinks: NavLink[] = [
  { to: "/terms", label: "site.footer.terms" },
  { to: "/privacy", label: "site.footer.privacy" },
  { to: "/cookies", label: "site.footer.cookies" },
];

/** The footer's account links: read from the root loader's `account` (null for visitors). */
export function accountLinks(account: { isAdmin: boolean } | null | undefined): NavLink[] {
  if (!account) return [{ to: "/login", label: "site.footer.login" }];
  const links: NavLink[] = [{ to: "/profile", label: "site.footer.myAccount" }];
  if (account.isAdmin) links.push({ to: "/admin", label: "site.footer.admin" });
  return links;
}
