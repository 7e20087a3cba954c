import { describe, expect, it } from "vitest";
import { services } from "#app/content/services.ts";
import { legalPaths, placeholderPaths, publicPaths, sitemapPaths, sitemapXml } from "#app/sitemap.ts";

const PUBLIC_URL = "https://www.example-remodeling.test";

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

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
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);
    expect(xml.match(/<url>/g)).toHaveLength(publicPaths.length - placeholderPaths.length);
  });

  it("lists every public path but the placeholders exactly once, as absolute URLs on the public URL", () => {
    const listed = locs(sitemapXml(PUBLIC_URL));
    expect(listed).toEqual(sitemapPaths.map((p) => (p === "/" ? `${PUBLIC_URL}/` : `${PUBLIC_URL}${p}`)));
    expect(listed.some((url) => url?.endsWith("/room") || url?.endsWith("/house"))).toBe(false);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it("keeps a port in the public URL", () => {
    expect(locs(sitemapXml("http://localhost:3000", ["/", "/about"]))).toEqual(["http://localhost:3000/", "http://localhost:3000/about"]);
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
