import { describe, expect, it } from "vitest";
import { fingerprint } from "#app/components/script-files.ts";
import { siteCss } from "#app/styles/site-css.ts";
import { styleFileGroups, styleFileName, styleFileText, styleFileUrl } from "#app/styles/style-files.ts";

describe("the stylesheet files a page links late (ADR 065)", () => {
  it("name their groups in one order whatever order a page gives them in", () => {
    expect(styleFileName(["gallery", "estimate", "cards"])).toBe("cards+estimate+gallery");
    expect(styleFileName(["cards", "gallery", "estimate", "cards"])).toBe("cards+estimate+gallery");
  });

  it("read back only the names pages write", () => {
    expect(styleFileGroups("cards+estimate+gallery")).toEqual(["cards", "estimate", "gallery"]);
    expect(styleFileGroups("gallery+cards")).toBeNull();
    expect(styleFileGroups("cards+cards")).toBeNull();
    expect(styleFileGroups("cards+galery")).toBeNull();
    expect(styleFileGroups("")).toBeNull();
    expect(styleFileGroups("toString")).toBeNull();
  });

  it("hold their groups' parts as the page would have inlined them", () => {
    // Under vitest the stylesheet's parts are empty (no CSS pipeline): the built server's test
    // (tests/integration/public-pages/page-css.test.ts) reads what the file holds.
    expect(styleFileText(["gallery", "cards"])).toBe(siteCss(new Set(["cards", "gallery"])));
  });

  it("are named with the fingerprint of their text", () => {
    expect(styleFileUrl(["gallery", "cards"])).toBe(`/styles/cards+gallery.css?v=${fingerprint(styleFileText(["cards", "gallery"]))}`);
    expect(styleFileUrl(["cards"])).not.toBe(styleFileUrl(["cards", "gallery"]));
  });
});
