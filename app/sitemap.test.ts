import { describe, expect, it } from "vitest";
import { services } from "#app/content/services.ts";
import { pathAlternates } from "#app/i18n/paths.ts";
import { legalPaths, placeholderPaths, publicPaths, sitemapPaths, sitemapXml } from "#app/sitemap.ts";

const PUBLIC_URL = "https://www.example-remodeling.test";

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

/** Each <url>: its <loc> and its alternates by hreflang. */
function urlEntries(xml: string): { loc: string; alternates: Record<string, string> }[] {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body = ""]) => ({
    loc: /<loc>([^<]*)<\/loc>/.exec(body)?.[1] ?? "",
    alternates: Object.fromEntries(
      [...body.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(([, lang, href]) => [lang, href]),
    ),
  }));
}

/** The English paths of the sitemap, each followed by its Spanish twin when it has one. */
const withTwins = (paths: string[]) => paths.flatMap((path) => [path, ...(pathAlternates(path) ? [pathAlternates(path)!.es] : [])]);

describe("publicPaths", () => {
  it("has every public page once, including each service", () => {
    expect(new Set(publicPaths).size).toBe(publicPaths.length);
    for (const path of [
      "/",
      "/services",
      "/gallery",
      "/projects",
      "/contact",
      "/about",
      "/room",
      "/house",
      "/terms",
      "/privacy",
      "/cookies",
    ]) {
      expect(publicPaths).toContain(path);
    }
    expect(services.length).toBeGreaterThan(0);
    for (const service of services) expect(publicPaths).toContain(`/${service.slug}`);
    expect(publicPaths).toHaveLength(8 + services.length + 3);
    expect(legalPaths).toEqual(["/terms", "/privacy", "/cookies"]);
  });

  it("leaves out account pages and resources", () => {
    for (const path of [
      "/login",
      "/signup",
      "/forgot-password",
      "/reset-password",
      "/logout",
      "/profile",
      "/setup",
      "/admin",
      "/robots.txt",
      "/sitemap.xml",
      "/__crash",
    ]) {
      expect(publicPaths).not.toContain(path);
    }
    for (const path of publicPaths) expect(path).toMatch(/^\/[a-z-]*$/);
  });
});

describe("sitemapXml", () => {
  it("is a sitemaps.org urlset", () => {
    const xml = sitemapXml(PUBLIC_URL);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">');
    expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);
    expect(xml.match(/<url>/g)).toHaveLength(withTwins(sitemapPaths).length);
    expect(withTwins(sitemapPaths).length).toBeGreaterThan(publicPaths.length - placeholderPaths.length);
  });

  it("lists every public path but the placeholders exactly once, as absolute URLs on the public URL", () => {
    const listed = locs(sitemapXml(PUBLIC_URL));
    expect(listed).toEqual(withTwins(sitemapPaths).map((p) => (p === "/" ? `${PUBLIC_URL}/` : `${PUBLIC_URL}${p}`)));
    expect(listed.some((url) => url?.endsWith("/room") || url?.endsWith("/house"))).toBe(false);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it("keeps a port in the public URL", () => {
    expect(locs(sitemapXml("http://localhost:3000", ["/", "/about"]))).toEqual([
      "http://localhost:3000/",
      "http://localhost:3000/es/",
      "http://localhost:3000/about",
      "http://localhost:3000/es/nosotros",
    ]);
  });

  it("lists both twins of a translated page, each naming en, es and x-default (absolute), reciprocally", () => {
    const entries = urlEntries(sitemapXml(PUBLIC_URL));
    const byLoc = new Map(entries.map((entry) => [entry.loc, entry]));
    const terms = byLoc.get(`${PUBLIC_URL}/terms`);
    expect(terms?.alternates).toEqual({ en: `${PUBLIC_URL}/terms`, es: `${PUBLIC_URL}/es/terminos`, "x-default": `${PUBLIC_URL}/terms` });
    expect(byLoc.get(`${PUBLIC_URL}/es/terminos`)?.alternates).toEqual(terms?.alternates);
    expect(byLoc.get(`${PUBLIC_URL}/es/banos`)?.alternates.en).toBe(`${PUBLIC_URL}/bathroom`);
    for (const entry of entries) {
      const { en, es, "x-default": fallback, ...others } = entry.alternates;
      expect(others, entry.loc).toEqual({});
      if (en === undefined) continue;
      // Every alternate is itself listed, names this page back, and this page is one of its pair.
      expect([en, es], entry.loc).toContain(entry.loc);
      expect(fallback).toBe(en);
      for (const href of [en, es!]) expect(byLoc.get(href)?.alternates, href).toEqual(entry.alternates);
    }
  });

  it("gives no alternates to a page without a Spanish twin (a photo or a project without Spanish words, a placeholder)", () => {
    const paths = ["/gallery/photo/abc", "/projects/kitchen-in-katy", "/room", "/contact"];
    const entries = urlEntries(sitemapXml(PUBLIC_URL, paths, new Set(["/gallery/photo/abc", "/projects/kitchen-in-katy"])));
    expect(entries.map((entry) => entry.loc)).toEqual([
      `${PUBLIC_URL}/gallery/photo/abc`,
      `${PUBLIC_URL}/projects/kitchen-in-katy`,
      `${PUBLIC_URL}/room`,
      `${PUBLIC_URL}/contact`,
      `${PUBLIC_URL}/es/contacto`,
    ]);
    for (const entry of entries.slice(0, 3)) expect(entry.alternates).toEqual({});
  });

  it("lists a photo's Spanish page with reciprocal alternates when it has one, and the gallery's twin", () => {
    const entries = urlEntries(sitemapXml(PUBLIC_URL, ["/gallery", "/gallery/photo/abc"]));
    expect(entries.map((entry) => entry.loc)).toEqual([
      `${PUBLIC_URL}/gallery`,
      `${PUBLIC_URL}/es/galeria`,
      `${PUBLIC_URL}/gallery/photo/abc`,
      `${PUBLIC_URL}/es/galeria/foto/abc`,
    ]);
    const photo = {
      en: `${PUBLIC_URL}/gallery/photo/abc`,
      es: `${PUBLIC_URL}/es/galeria/foto/abc`,
      "x-default": `${PUBLIC_URL}/gallery/photo/abc`,
    };
    expect(entries[2]!.alternates).toEqual(photo);
    expect(entries[3]!.alternates).toEqual(photo);
  });

  it("lists a project with its Spanish page next to it, both naming the two reciprocally", () => {
    const entries = urlEntries(sitemapXml(PUBLIC_URL, ["/projects/kitchen-in-katy"]));
    const alternates = {
      en: `${PUBLIC_URL}/projects/kitchen-in-katy`,
      es: `${PUBLIC_URL}/es/proyectos/kitchen-in-katy`,
      "x-default": `${PUBLIC_URL}/projects/kitchen-in-katy`,
    };
    expect(entries).toEqual([
      { loc: alternates.en, alternates },
      { loc: alternates.es, alternates },
    ]);
  });

  it("escapes XML special characters", () => {
    const xml = sitemapXml(PUBLIC_URL, ["/o'neil&co?a=1&b=2"]);
    expect(locs(xml)).toEqual([`${PUBLIC_URL}/o&apos;neil&amp;co?a=1&amp;b=2`]);
    expect(xml).not.toMatch(/&(?!amp;|apos;|quot;|lt;|gt;)/);
  });

  it("leaves nothing unescaped that could open a tag", () => {
    // URL() percent-encodes < > and " in paths; the escaper covers whatever reaches it.
    const xml = sitemapXml(PUBLIC_URL, ['/a<b>"c"']);
    const body = xml.slice(xml.indexOf("<loc>") + 5, xml.indexOf("</loc>"));
    expect(body).not.toMatch(/[<>"']/);
  });
});
