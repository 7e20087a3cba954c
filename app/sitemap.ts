import { services } from "#app/content/services.ts";

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

export function sitemapXml(publicUrl: string, paths: string[] = sitemapPaths): string {
  const urls = paths.map((path) => `  <url><loc>${escapeXml(new URL(path, publicUrl + "/").href)}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
