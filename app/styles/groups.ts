/**
 * The groups of the public stylesheet (ADR 065): each `/* @part <group> *\/` line of
 * app/styles/app.css starts rules of one of these. Every page gets "base" (the frame: header,
 * menu, buttons, sections) and "frame-late" (footer, call bar, error pages); a route names the other groups its
 * page uses in its handle, `styles: [...]`. A page that hydrates (the admin, the account pages)
 * gets the whole stylesheet: the browser may take it to any page without a new document.
 * A route may send some of its groups late, as a linked file in the body (`lateStyles`); the
 * home page does (app/routes/public/home.tsx), for what shows below its first screen.
 */
export const STYLE_GROUPS = [
  "base",
  "frame-late",
  "spanish-offer",
  "home",
  "home-rows",
  "banner",
  "contact",
  "cards",
  "estimate",
  "service",
  "about",
  "trust",
  "trust-details",
  "service-area",
  "testimonials",
  "faq",
  "listing",
  "gallery",
  "photo-page",
  "account",
  "tables",
  "legal",
  "before-after",
  "projects",
  "quote",
  "booking",
  "review",
] as const;

export type StyleGroup = (typeof STYLE_GROUPS)[number];

export function isStyleGroup(value: unknown): value is StyleGroup {
  return typeof value === "string" && (STYLE_GROUPS as readonly string[]).includes(value);
}

/**
 * What a route's handle names: its groups, or a function of its loader's data when a part of the
 * page shows only with content (the home page's photos, reviews and projects).
 */
export type RouteStyles = readonly StyleGroup[] | ((data: unknown) => readonly StyleGroup[]);

/**
 * Every page's groups: the frame ("base": variables, elements, header, menu, sections, buttons)
 * and what of it never shows in the home page's first screen ("frame-late": the footer, the call
 * bar, the business's profile links, empty states and error pages), which the home page links late.
 */
const FRAME: readonly StyleGroup[] = ["base", "frame-late"];

function namedGroups(
  matches: readonly { handle?: unknown; loaderData?: unknown }[],
  key: "styles" | "lateStyles",
  into: Set<StyleGroup>,
): Set<StyleGroup> {
  for (const match of matches) {
    const styles = (match.handle as Record<string, unknown> | undefined)?.[key];
    const named: unknown = typeof styles === "function" ? (styles as (data: unknown) => unknown)(match.loaderData) : styles;
    if (!Array.isArray(named)) continue;
    for (const group of named) {
      if (!isStyleGroup(group)) throw new Error(`unknown style group ${String(group)} in a route's handle`);
      into.add(group);
    }
  }
  return into;
}

/**
 * The groups a page inlines: the frame's always, and what the matched routes name in
 * their handles (`styles`), but for those a route sends late (`lateStyles`).
 */
export function styleGroupsOf(matches: readonly { handle?: unknown; loaderData?: unknown }[]): Set<StyleGroup> {
  const groups = namedGroups(matches, "styles", new Set(FRAME));
  for (const group of lateStyleGroupsOf(matches)) groups.delete(group);
  return groups;
}

/**
 * The groups a page sends late (ADR 065): a stylesheet file the page links in its body, before
 * the first section that needs it. Only for what shows below the first screen: what follows the
 * link in the document waits for the file in Chromium, what comes before it paints at once.
 */
export function lateStyleGroupsOf(matches: readonly { handle?: unknown; loaderData?: unknown }[]): Set<StyleGroup> {
  return namedGroups(matches, "lateStyles", new Set());
}

/** The groups when the page shows it: `when` is a count or a flag from the loader's data. */
export function stylesIf(when: unknown, ...groups: StyleGroup[]): StyleGroup[] {
  return when === true || (typeof when === "number" && when > 0) || (Array.isArray(when) && when.length > 0) ? groups : [];
}

/** The stylesheet for a page: the parts of its groups, in the file's order; or all of it. */
export function cssOf(parts: readonly (readonly [string, string])[], groups: ReadonlySet<string> | "all"): string {
  return parts
    .filter(([group]) => groups === "all" || groups.has(group))
    .map(([, css]) => css)
    .join("");
}
