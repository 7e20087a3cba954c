import { readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { company } from "./company.ts";
import { getService, services } from "./services.ts";
import type { Artwork } from "./types.ts";
import { serviceSlugs } from "./types.ts";

const publicDir = fileURLToPath(new URL("../../public/", import.meta.url));

const lower = (items: readonly string[]) => items.map((s) => s.toLowerCase());

function allArtwork(): Artwork[] {
  return [company.heroImage, company.about.image, ...services.map((s) => s.image)];
}

describe("services", () => {
  it("has exactly one service per slug, in serviceSlugs order", () => {
    expect(services.map((s) => s.slug)).toEqual([...serviceSlugs]);
    for (const slug of serviceSlugs) {
      expect(services.filter((s) => s.slug === slug)).toHaveLength(1);
      expect(getService(slug)?.slug).toBe(slug);
    }
    expect(getService("nope")).toBeUndefined();
  });

  it("has unique titles and short titles", () => {
    expect(new Set(services.map((s) => s.title)).size).toBe(services.length);
    expect(new Set(services.map((s) => s.shortTitle)).size).toBe(services.length);
  });

  it.each(services.map((s) => [s.slug, s] as const))(
    "%s has a meta-sized summary and a real body",
    (_slug, s) => {
      expect(s.summary.length).toBeGreaterThanOrEqual(110);
      expect(s.summary.length).toBeLessThanOrEqual(160);
      expect(s.body.length).toBeGreaterThanOrEqual(3);
      for (const p of s.body) expect(p.length).toBeGreaterThanOrEqual(200);
      expect(s.listTitle.trim()).not.toBe("");
      expect(s.list.length).toBeGreaterThanOrEqual(4);
      expect(s.image.alt.trim().length).toBeGreaterThan(20);
    },
  );

  it("lists what the bathroom page requires, in order", () => {
    expect(lower(getService("bathroom")!.list)).toEqual([
      "showers",
      "backsplash",
      "spc floor",
      "cabinets",
      "toilets",
    ]);
  });

  it("lists what the floor page requires, in order", () => {
    expect(lower(getService("floor")!.list)).toEqual([
      "engineered wood",
      "laminate",
      "spc",
      "hardwood",
      "porcelain",
      "ceramic",
      "travertine",
    ]);
  });

  it("titles the tile page 'Ceramic & Porcelain Tiles'", () => {
    expect(getService("tile")!.title).toBe("Ceramic & Porcelain Tiles");
  });
});

describe("artwork", () => {
  it.each(allArtwork().map((a) => [a.src, a] as const))("%s exists and is safe", (src, art) => {
    expect(src).toMatch(/^\/images\/.+\.svg$/);
    const file = publicDir + src.slice(1);
    const size = statSync(file).size;
    expect(size).toBeLessThan(12 * 1024);
    const svg = readFileSync(file, "utf8");
    const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? "";
    expect(root).toMatch(new RegExp(`\\swidth="${art.width}"`));
    expect(root).toMatch(new RegExp(`\\sheight="${art.height}"`));
    expect(root).toMatch(new RegExp(`\\sviewBox="0 0 ${art.width} ${art.height}"`));
    expect(svg).not.toMatch(/<script/i);
    expect(svg).not.toMatch(/href="http/i);
    expect(svg).not.toMatch(/<image/i);
  });

  it("has a logo and favicon", () => {
    for (const [name, size] of [
      ["logo.svg", 48],
      ["favicon.svg", 32],
    ] as const) {
      const svg = readFileSync(publicDir + "images/" + name, "utf8");
      expect(svg).toContain(`viewBox="0 0 ${size} ${size}"`);
      expect(svg).not.toMatch(/<script|<image|href="http/i);
    }
  });
});

describe("company", () => {
  it("uses a fictional phone number and an example.com email", () => {
    expect(company.phone.display).toMatch(/^\(713\) 555-01\d\d$/);
    expect(company.phone.href).toBe(`tel:${company.phone.e164}`);
    expect(company.email).toMatch(/@example\.com$/);
  });

  it("states the location and the experience claim", () => {
    expect(company.location).toBe("Houston TX, USA");
    expect(company.experienceClaim).toContain("over 20 years");
    expect(company.about.paragraphs.length).toBeGreaterThanOrEqual(3);
    expect(company.about.paragraphs.join(" ")).toContain("over 20 years of experience");
  });
});
