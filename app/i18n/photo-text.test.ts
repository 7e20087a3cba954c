import { describe, expect, it } from "vitest";
import { hasSpanish, localPhotoHref, localPhotoTitle, photoAlt, photoCaption } from "#app/i18n/photo-text.ts";
import { englishPathOf, localePath, pathAlternates, twinPath } from "#app/i18n/paths.ts";

const english = { id: "p1", caption: "New walk-in shower", alt: "Walk-in shower with grey tile", captionEs: "", altEs: "" };
const spanish = { ...english, captionEs: "Nueva ducha a ras de piso", altEs: "Ducha con azulejo gris" };

describe("hasSpanish: a photo gets its own Spanish page only when all it shows is in Spanish", () => {
  it("needs the Spanish description", () => {
    expect(hasSpanish(english)).toBe(false);
    expect(hasSpanish({ ...english, captionEs: "Nueva ducha" })).toBe(false);
    expect(hasSpanish({ ...english, caption: "", altEs: "Ducha con azulejo gris" })).toBe(true);
  });

  it("and the Spanish caption when there is an English one (it is the page's heading)", () => {
    expect(hasSpanish({ ...english, altEs: "Ducha con azulejo gris" })).toBe(false);
    expect(hasSpanish(spanish)).toBe(true);
  });

  it("counts blank text as not written", () => {
    expect(hasSpanish({ ...spanish, altEs: "   " })).toBe(false);
    expect(hasSpanish({ ...spanish, captionEs: " \n " })).toBe(false);
  });
});

describe("the photo's words in the page's language", () => {
  it("English pages show the English, unmarked, even when Spanish is written", () => {
    expect(photoAlt(spanish, "en")).toEqual({ text: english.alt });
    expect(photoCaption(spanish, "en")).toEqual({ text: english.caption });
  });

  it("Spanish pages show the Spanish when written", () => {
    expect(photoAlt(spanish, "es")).toEqual({ text: "Ducha con azulejo gris" });
    expect(photoCaption(spanish, "es")).toEqual({ text: "Nueva ducha a ras de piso" });
    expect(localPhotoTitle(spanish, "es")).toEqual({ text: "Nueva ducha a ras de piso" });
  });

  it("else the English, marked lang=en, one field at a time", () => {
    expect(photoAlt(english, "es")).toEqual({ text: english.alt, lang: "en" });
    expect(photoCaption(english, "es")).toEqual({ text: english.caption, lang: "en" });
    expect(photoAlt({ ...english, captionEs: "Nueva ducha" }, "es")).toEqual({ text: english.alt, lang: "en" });
    expect(photoCaption({ ...english, captionEs: "Nueva ducha" }, "es")).toEqual({ text: "Nueva ducha" });
  });

  it("no caption: none in either language, and the title is the description", () => {
    const plain = { ...english, caption: "" };
    expect(photoCaption(plain, "es")).toEqual({ text: "" });
    expect(localPhotoTitle(plain, "es")).toEqual({ text: english.alt, lang: "en" });
    expect(localPhotoTitle({ ...plain, altEs: "Ducha" }, "es")).toEqual({ text: "Ducha" });
  });
});

describe("the photo page's addresses", () => {
  it("maps /gallery/photo/<id> and /es/galeria/foto/<id> both ways", () => {
    expect(localePath("es", "/gallery/photo/p1")).toBe("/es/galeria/foto/p1");
    expect(englishPathOf("/es/galeria/foto/p1")).toBe("/gallery/photo/p1");
    expect(twinPath("/gallery/photo/p1")).toBe("/es/galeria/foto/p1");
    expect(twinPath("/es/galeria/foto/p1")).toBe("/gallery/photo/p1");
    expect(pathAlternates("/gallery/photo/p1")).toEqual({ en: "/gallery/photo/p1", es: "/es/galeria/foto/p1" });
    // The prefix alone names no photo.
    expect(englishPathOf("/es/galeria/foto/")).toBeNull();
  });

  it("maps the gallery and keeps its query", () => {
    expect(localePath("es", "/gallery")).toBe("/es/galeria");
    expect(localePath("es", "/gallery?category=tile&page=2")).toBe("/es/galeria?category=tile&page=2");
    expect(twinPath("/es/galeria")).toBe("/gallery");
  });

  it("links a Spanish page to a photo's Spanish page only when it has one", () => {
    expect(localPhotoHref("es", spanish)).toBe("/es/galeria/foto/p1");
    expect(localPhotoHref("es", english)).toBe("/gallery/photo/p1");
    expect(localPhotoHref("en", spanish)).toBe("/gallery/photo/p1");
  });
});
