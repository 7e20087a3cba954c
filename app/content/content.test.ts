import { readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { defaultArtwork, defaultProfile } from "#app/content/company.ts";
import { describeProfile } from "#app/content/profile.ts";
import { resolveTexts } from "#app/content/texts.ts";
import { footerColumns } from "#app/content/navigation.ts";
import { translate } from "#app/i18n/messages.ts";
import { featuredCards } from "#app/content/featured.ts";
import { estimateSubjectOptions, serviceName, serviceNames } from "#app/content/service-names.ts";
import { SOMETHING_ELSE } from "#app/schemas/estimate-rules.ts";
import { getService, services } from "#app/content/services.ts";
import type { Artwork } from "#app/schemas/content.ts";
import type { GalleryPhoto } from "#app/schemas/photo-view.ts";
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
    const footerServices = footerColumns.find((column) => column.title === "site.footer.services")?.links ?? [];
    expect(footerServices.map((link) => link.to)).toEqual(["/repair", "/kitchen", "/bathroom", "/floor", "/fences"]);
    for (const link of footerServices) expect(translate("en", link.label)).toBe(serviceName(link.to.slice(1)));
    // In Spanish, under "Servicios", the short names a homeowner uses (the phone footer stays short).
    expect(footerServices.map((link) => translate("es", link.label))).toEqual(["Reparaciones", "Cocinas", "Baños", "Pisos", "Cercas"]);
    // The catalog's English names are these names.
    for (const service of services) expect(translate("en", `service.name.${service.slug}`)).toBe(service.title);
    // The spec's fixed title for /tile, and one name for the services that had several.
    expect(serviceNames.tile).toBe("Ceramic & Porcelain Tiles");
    expect(serviceNames.floor).toBe("Flooring");
    expect(serviceNames.repair).toBe("Repair & Remodeling");
    expect(serviceName("nope")).toBeNull();
    expect(serviceName(null)).toBeNull();
    expect(serviceName("toString")).toBeNull();
  });

  it("lets the editable summaries replace the cards' default summaries", () => {
    const cards = featuredCards(undefined, { floor: "Our own words about floors." });
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

  /** Every word a default text must not say for the owner (ADR 056). */
  const CLAIM_WORDS = /years|licen[cs]ed|insured|warrant|permit|family|pay in full|payment/i;

  it("state the location and claim nothing: no years, licences, insurance, warranty, permits, payments or family", () => {
    expect(profile.location).toBe("Houston TX, USA");
    expect(profile.experienceClaim).toBeNull();
    expect(profile.credentialsClaim).toBeNull();
    const texts = resolveTexts(new Map(), defaultProfile);
    expect(texts.about.heading).toBe("Repair and remodeling in Houston");
    expect(texts.about.body.split("\n\n").length).toBeGreaterThanOrEqual(3);
    expect(texts.faq.length).toBeGreaterThanOrEqual(3);
    const { home, about, faq } = texts;
    const words = [home.headline, home.intro, about.heading, about.body, ...about.values.flatMap((v) => [v.title, v.body])];
    words.push(...faq.flatMap((item) => [item.title, item.body]));
    expect(words.join("\n")).not.toMatch(CLAIM_WORDS);
    // The service pages' texts say nothing about permits, licences, insurance or warranties either.
    for (const service of Object.values(texts.services)) {
      expect([service.summary, service.body, ...service.list].join("\n")).not.toMatch(/licen[cs]ed|insured|warrant|permit|pay in full/i);
    }
  });

  it("follow the profile: each claim shows, in the owner's words, only once entered", () => {
    const entered = {
      ...defaultProfile,
      city: "Katy",
      yearsInBusiness: 12,
      familyRun: true,
      licences: [{ label: "TDLR electrical contractor", number: "TECL 12345" }],
      insurance: "General liability insurance up to $1,000,000.",
      warranty: "Two-year written warranty on all labor.",
      permits: "We apply for the permits your job needs and book the inspections.",
      paymentTerms: "A deposit to order materials, then payments as the work is done.",
    };
    const texts = resolveTexts(new Map(), entered);
    expect(texts.home.intro).toContain("in Katy with 12 years of experience");
    expect(texts.about.heading).toBe("A family-run Katy contractor");
    expect(texts.about.body).toContain("We are a family-run repair and remodeling company based in Katy, with 12 years of experience,");
    // The licences, insurance and warranty have their own section on /about (credentials.tsx), not a second copy here.
    expect(texts.about.values.map((value) => value.title)).toEqual([
      "Free, honest estimates",
      "A clean job site",
      "A walkthrough at the end",
    ]);
    expect(texts.faq).toContainEqual({ title: "Do you pull permits?", body: entered.permits });
    expect(texts.faq).toContainEqual({ title: "How do payments work?", body: entered.paymentTerms });
  });

  it("words the owner stored are theirs: a stored text wins over a default that follows the profile", () => {
    const texts = resolveTexts(new Map([["faq", "## Do you pull permits?\nAlways, for every job."]]), defaultProfile);
    expect(texts.faq).toEqual([{ title: "Do you pull permits?", body: "Always, for every job." }]);
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

describe("the featured order (ADR 060)", () => {
  it("the form lists the featured services first, in their order, then the others, then Something else", () => {
    const options = estimateSubjectOptions(["fences", "kitchen"]);
    expect(options.slice(0, 3)).toEqual(["Fences", "Kitchen Remodeling", "Bathroom Remodeling"]);
    expect(options).toHaveLength(serviceSlugs.length + 1);
    expect(new Set(options).size).toBe(options.length);
    expect(options.at(-1)).toBe(SOMETHING_ELSE);
  });

  it("cards follow the order given and carry a service's photo only where it has one", () => {
    const photo = { id: "p1" } as GalleryPhoto;
    const cards = featuredCards(["tile", "kitchen"], undefined, new Map([["kitchen", photo]]));
    expect(cards.map((card) => card.slug)).toEqual(["tile", "kitchen"]);
    expect(cards.map((card) => card.photo)).toEqual([null, photo]);
    expect(featuredCards().map((card) => card.slug)).toEqual(["kitchen", "repair", "bathroom", "floor", "fences"]);
  });
});
