import { readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { defaultArtwork, defaultProfile } from "#app/content/company.ts";
import { describeProfile } from "#app/content/profile.ts";
import { resolveTexts } from "#app/content/texts.ts";
import { footerColumns } from "#app/content/navigation.ts";
import { featuredCards } from "#app/content/featured.ts";
import { estimateSubjectOptions, serviceName, serviceNames } from "#app/content/service-names.ts";
import { SOMETHING_ELSE } from "#app/schemas/estimate-rules.ts";
import { getService, services } from "#app/content/services.ts";
import type { Artwork } from "#app/schemas/content.ts";
import { serviceSlugs } from "#app/schemas/content.ts";

const publicDir = fileURLToPath(new URL("../../public/", import.meta.url));

const lower = (items: readonly string[]) => items.map((s) => s.toLowerCase());

function allArtwork(): Artwork[] {
  return [defaultArtwork.hero, defaultArtwork.about, ...services.map((s) => s.image)];
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

  it("has one unique name per service, used by the pages, the cards and the footer", () => {
    expect(new Set(services.map((s) => s.title)).size).toBe(services.length);
    for (const service of services) expect(service.title).toBe(serviceNames[service.slug]);
    for (const card of featuredCards()) expect(card.title).toBe(serviceNames[card.slug]);
    const footerServices = footerColumns.find((column) => column.title === "Services")?.links ?? [];
    expect(footerServices.map((link) => link.to)).toEqual(["/repair", "/kitchen", "/bathroom", "/floor", "/fences"]);
    for (const link of footerServices) expect(link.label).toBe(serviceName(link.to.slice(1)));
    // The spec's fixed title for /tile, and one name for the services that had several.
    expect(serviceNames.tile).toBe("Ceramic & Porcelain Tiles");
    expect(serviceNames.floor).toBe("Flooring");
    expect(serviceNames.repair).toBe("Repair & Remodeling");
    expect(serviceName("nope")).toBeNull();
    expect(serviceName(null)).toBeNull();
    expect(serviceName("toString")).toBeNull();
  });

  it("lets the editable summaries replace the cards' default summaries", () => {
    const cards = featuredCards({ floor: "Our own words about floors." });
    expect(cards.find((card) => card.slug === "floor")?.summary).toBe("Our own words about floors.");
    expect(cards.find((card) => card.slug === "fences")?.summary).toBe(getService("fences")?.summary);
  });

  it.each(services.map((s) => [s.slug, s] as const))("%s has a meta-sized summary and a real body", (_slug, s) => {
    expect(s.summary.length).toBeGreaterThanOrEqual(110);
    expect(s.summary.length).toBeLessThanOrEqual(160);
    expect(s.body.length).toBeGreaterThanOrEqual(3);
    for (const p of s.body) expect(p.length).toBeGreaterThanOrEqual(200);
    expect(s.listTitle.trim()).not.toBe("");
    expect(s.list.length).toBeGreaterThanOrEqual(4);
    expect(s.image.alt.trim().length).toBeGreaterThan(20);
  });

  it("lists what the bathroom page requires, in order", () => {
    expect(lower(getService("bathroom")!.list)).toEqual(["showers", "backsplash", "spc floor", "cabinets", "toilets"]);
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

describe("defaults", () => {
  const profile = describeProfile(defaultProfile);

  it("use a fictional phone number and an example.com email", () => {
    expect(profile.phone).toMatch(/^\(713\) 555-01\d\d$/);
    expect(profile.phoneHref).toBe(`tel:${profile.phoneE164}`);
    expect(profile.publicEmail).toMatch(/@example\.com$/);
  });

  it("state the location and the experience claim, in the about story too", () => {
    expect(profile.location).toBe("Houston TX, USA");
    expect(profile.experienceClaim).toContain("over 20 years");
    const texts = resolveTexts(new Map(), defaultProfile);
    expect(texts.about.heading).toBe("A family-run Houston contractor");
    expect(texts.about.body.split("\n\n").length).toBeGreaterThanOrEqual(3);
    expect(texts.about.body).toContain("over 20 years of experience");
    expect(texts.about.values.map((value) => value.title)).toContain("Licensed & insured crews");
    expect(texts.faq.length).toBeGreaterThanOrEqual(3);
  });

  it("follow the profile in the about story: another city, no years claimed", () => {
    const texts = resolveTexts(new Map(), { ...defaultProfile, city: "Katy", yearsInBusiness: null });
    expect(texts.about.body).toContain("based in Katy in the homes");
    expect(texts.about.body).not.toContain("years of experience");
  });
});

describe("estimateSubjectOptions", () => {
  it("lists every service by the name the site shows, in the site's order, then Something else", () => {
    const options = estimateSubjectOptions();
    expect(options).toEqual([...serviceSlugs.map((slug) => serviceNames[slug]), SOMETHING_ELSE]);
    expect(options[0]).toBe("Fences");
    expect(options.at(-1)).toBe("Something else");
    expect(new Set(options).size).toBe(options.length);
  });
});
