import { services } from "#app/content/services.ts";
import { pathAlternates } from "#app/i18n/paths.ts";

/** The policies linked from the footer and the sign-in forms: public and indexable. */
export const legalPaths: string[] = ["/terms", "/privacy", "/cookies"];

/** Every public page, in the order a visitor would meet them. */
export const publicPaths: string[] = [
  "/",
  "/services",
  "/gallery",
  "/projects",
  "/contact",
  "/about",
  ...services.map((s) => `/${s.slug}`),
  "/room",
  "/house",
  ...legalPaths,
];

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

/** The spec's placeholder pages (only a title): served, but `noindex` and not in the sitemap. */
export const placeholderPaths: string[] = ["/room", "/house"];

/** The pages offered to search engines: every public page but the placeholders. */
export const sitemapPaths: string[] = publicPaths.filter((path) => !placeholderPaths.includes(path));

/**
 * The sitemap of `paths` (English paths): each page's <url>, and right after it its Spanish twin's,
 * both naming the two addresses and x-default (the English one) as `xhtml:link` alternates, so
 * the pair is reciprocal (ADR 064). A page without a twin (a project, a photo) is listed alone, and
 * so is a page in `untwinned` (a photo or a project whose words are not written in Spanish).
 */
export function sitemapXml(publicUrl: string, paths: string[] = sitemapPaths, untwinned: ReadonlySet<string> = new Set()): string {
  const absolute = (path: string) => escapeXml(new URL(path, publicUrl + "/").href);
  const urls = paths.flatMap((path) => {
    const alternates = untwinned.has(path) ? null : pathAlternates(path);
    if (!alternates) return [`  <url><loc>${absolute(path)}</loc></url>`];
    const links = [
      `<xhtml:link rel="alternate" hreflang="en" href="${absolute(alternates.en)}"/>`,
      `<xhtml:link rel="alternate" hreflang="es" href="${absolute(alternates.es)}"/>`,
      `<xhtml:link rel="alternate" hreflang="x-default" href="${absolute(alternates.en)}"/>`,
    ].join("");
    return [alternates.en, alternates.es].map((loc) => `  <url><loc>${absolute(loc)}</loc>${links}</url>`);
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`
  );
}
