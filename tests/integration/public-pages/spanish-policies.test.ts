/**
 * The policies and the 404 page in Spanish (ADR 064), through the real built server: each policy
 * answers at its Spanish address with lang="es", a Spanish title and date, links to the other
 * Spanish policies, and hreflang alternates that name each other; an unknown /es/ path answers a
 * real 404 in Spanish, linking to Spanish pages.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { get, startServer, stopAllServers, type ServerProcess } from "#tests/support/server.ts";

const SITE_URL = "http://www.example-remodeling.test";

let site: ServerProcess;

beforeAll(async () => {
  site = await startServer({ env: { PUBLIC_URL: SITE_URL } });
});

afterAll(async () => {
  await stopAllServers();
});

const h1Of = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? "";
const langOf = (html: string) => /<html lang="([^"]*)"/.exec(html)?.[1];
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
const hrefsOf = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]!);
/** The page's own content: the frame (the header's language switch links to the English twin) left out. */
const mainOf = (html: string) => /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? "";

function alternatesOf(html: string): Record<string, string> {
  const links = [...html.matchAll(/<link[^>]*rel="alternate"[^>]*>/g)].map((m) => m[0]);
  return Object.fromEntries(
    links.map((link) => [/hrefLang="([^"]*)"|hreflang="([^"]*)"/i.exec(link)?.slice(1).find(Boolean), /href="([^"]*)"/.exec(link)?.[1]]),
  );
}

const policies = [
  { en: "/terms", es: "/es/terminos", h1: "Términos de uso", english: "Terms of Use", sentence: "Estado de Texas" },
  { en: "/privacy", es: "/es/privacidad", h1: "Política de datos", english: "Data Policy", sentence: "No vendemos su información" },
  { en: "/cookies", es: "/es/cookies", h1: "Política de cookies", english: "Cookies Policy", sentence: "Cuánto dura" },
];

describe("the policies in Spanish", () => {
  it.each(policies)(
    "$es answers 200 in Spanish, dated for es-US, with reciprocal hreflang",
    async ({ en, es, h1, english: englishH1, sentence }) => {
      const res = await get(`${site.url}${es}`);
      expect(res.status).toBe(200);
      expect(langOf(res.text)).toBe("es");
      expect(h1Of(res.text)).toBe(h1);
      expect(titleOf(res.text)).toContain(h1);
      expect(res.text).toContain(sentence);
      expect(res.text).toContain("Última actualización: 22 de noviembre de 2026");
      expect(res.text).not.toContain("Last updated");
      expect(res.text).toContain('aria-label="Políticas"');
      // The policies link to each other in Spanish.
      const hrefs = hrefsOf(mainOf(res.text));
      for (const other of policies) expect(hrefs).toContain(other.es);
      expect(hrefs).not.toContain("/terms");
      expect(hrefs).not.toContain("/privacy");

      const alternates = { en: `${SITE_URL}${en}`, es: `${SITE_URL}${es}`, "x-default": `${SITE_URL}${en}` };
      expect(alternatesOf(res.text)).toEqual(alternates);
      const english = await get(`${site.url}${en}`);
      expect(english.status).toBe(200);
      expect(langOf(english.text)).toBe("en");
      expect(h1Of(english.text)).toBe(englishH1);
      expect(english.text).toContain("Last updated: November 22, 2026");
      expect(alternatesOf(english.text)).toEqual(alternates);
    },
  );

  it("keeps the business's phone and email as links inside the Spanish sentences", async () => {
    const res = await get(`${site.url}/es/terminos`);
    expect(res.text).toMatch(/llámenos al <a href="tel:[^"]+">[^<]+<\/a>/);
    expect(res.text).toMatch(/escribiendo a <a href="mailto:[^"]+">[^<]+<\/a>/);
    expect(res.text).toMatch(/<a href="\/es\/privacidad"[^>]*>Política de datos<\/a>/);
    // No tag of the catalog leaks into the page as text.
    expect(res.text).not.toMatch(/&lt;\/?(phone|email|privacy|cookies|terms|profile|strong|code)&gt;/);
  });
});

describe("the 404 page in Spanish", () => {
  it("an unknown /es/ path answers 404 with the Spanish page, lang=es, linking to Spanish pages", async () => {
    const res = await get(`${site.url}/es/no-existe`);
    expect(res.status).toBe(404);
    expect(langOf(res.text)).toBe("es");
    expect(h1Of(res.text)).toBe("No encontramos esa página");
    expect(titleOf(res.text)).toMatch(/^Página no encontrada \| /);
    const hrefs = hrefsOf(mainOf(res.text));
    expect(hrefs).toContain("/es/");
    expect(hrefs).toContain("/es/servicios");
    expect(hrefs).toContain("/es/contacto");
    expect(hrefs).not.toContain("/services");
    expect(res.text).toContain('<meta name="robots" content="noindex"');
  });

  it("an unknown English path keeps the English page", async () => {
    const res = await get(`${site.url}/no-such-page`);
    expect(res.status).toBe(404);
    expect(langOf(res.text)).toBe("en");
    expect(h1Of(res.text)).toBe("We couldn&#x27;t find that page");
    expect(titleOf(res.text)).toMatch(/^Page not found \| /);
    expect(hrefsOf(mainOf(res.text))).toContain("/services");
    expect(hrefsOf(mainOf(res.text))).not.toContain("/es/servicios");
  });
});

describe("answers the host gives before any page, on a Spanish address", () => {
  it("a query that is not text is refused in Spanish under /es/, in English elsewhere", async () => {
    const spanish = await get(`${site.url}/es/contacto?q=%ZZ`);
    expect(spanish.status).toBe(400);
    expect(langOf(spanish.text)).toBe("es");
    expect(h1Of(spanish.text)).toBe("Dirección no válida");
    expect(spanish.text).toContain("La parte “q” de esta dirección tiene un “%”");
    expect(spanish.text).toContain('<a href="/es/">Ir a la página de inicio</a>');

    const english = await get(`${site.url}/contact?q=%ZZ`);
    expect(english.status).toBe(400);
    expect(langOf(english.text)).toBe("en");
    expect(h1Of(english.text)).toBe("Address not understood");
    expect(english.text).toContain('<a href="/">Go to the home page</a>');
  });
});
