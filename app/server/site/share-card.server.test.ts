import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { createShareCards, fitName, shareCardSvg } from "#app/server/site/share-card.server.ts";

const business = { name: "Bayou City Builders", phone: "(713) 555-0100", city: "Houston", region: "TX" };
const photo = (width: number, height: number) => ({
  master: { url: `/media/photos/3/v1/master-${width}.jpg`, width, height },
  alt: "A finished kitchen with white cabinets",
});

describe("the share card", () => {
  test("is a 1200 × 630 PNG with the name, phone and city drawn on it", async () => {
    const { png, version } = await createShareCards().card(business);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);
    expect(version).toMatch(/^[0-9a-f]{12}$/);
    const svg = shareCardSvg(business);
    const { lines } = fitName(business.name);
    expect(lines.join(" ")).toBe("Bayou City Builders");
    for (const text of [...lines, "(713) 555-0100", "Home repair and remodeling in Houston, TX"]) expect(svg).toContain(`>${text}<`);
  });

  test("a new name, phone or city is a new version and a new picture; the same business, the same one", async () => {
    const cards = createShareCards();
    const first = await cards.card(business);
    expect((await cards.card({ ...business })).version).toBe(first.version);
    for (const change of [{ name: "Gulf Coast Renovations" }, { phone: "(281) 555-0199" }, { city: "Katy" }]) {
      const next = await cards.card({ ...business, ...change });
      expect(next.version).not.toBe(first.version);
      expect(next.png.equals(first.png)).toBe(false);
    }
  });

  test("text is escaped for the SVG", () => {
    const svg = shareCardSvg({ ...business, name: `Smith & Sons <"Best">` });
    expect(svg).toContain("Smith &amp; Sons");
    expect(svg).toContain("&lt;&quot;Best&quot;&gt;");
    expect(svg).not.toContain('<"Best">');
  });

  test("a long name wraps onto more lines at a smaller size; a name too long for three lines ends in …", () => {
    expect(fitName("Bayou Builders")).toEqual({ size: 92, lines: ["Bayou Builders"] });
    const long = fitName("García & Sons Bathroom, Kitchen and Whole-House Remodeling of Greater Houston LLC");
    expect(long.lines.length).toBe(3);
    expect(long.size).toBeLessThan(92);
    expect(long.lines.join(" ")).toBe("García & Sons Bathroom, Kitchen and Whole-House Remodeling of Greater Houston LLC");
    const unbroken = fitName("X".repeat(200));
    expect(unbroken.lines).toHaveLength(3);
    expect(unbroken.lines[2]!.endsWith("…")).toBe(true);
  });
});

describe("what a page without its own photo shares", () => {
  const profile = business;

  test("the home photo the owner chose, when it is at least 1200 × 630", () => {
    const image = createShareCards().fallback({ profile, photos: { hero: photo(2560, 1707) } });
    expect(image).toEqual({
      src: "/media/photos/3/v1/master-2560.jpg",
      width: 2560,
      height: 1707,
      type: "image/jpeg",
      alt: "A finished kitchen with white cabinets",
    });
  });

  test("else the card, at its current version, described for people who cannot see it", async () => {
    const cards = createShareCards();
    const { version } = await cards.card(profile);
    for (const hero of [null, photo(1000, 750)]) {
      expect(cards.fallback({ profile, photos: { hero } })).toEqual({
        src: `/og/default.png?v=${version}`,
        width: 1200,
        height: 630,
        type: "image/png",
        alt: "Bayou City Builders, home repair and remodeling in Houston, TX. Call (713) 555-0100.",
      });
    }
  });
});
