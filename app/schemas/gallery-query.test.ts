import { describe, expect, it } from "vitest";
import { galleryHref, parseGalleryQuery } from "#app/schemas/gallery-query.ts";

const parse = (query: string) => parseGalleryQuery(new URLSearchParams(query));

describe("parseGalleryQuery", () => {
  it("reads a service category and a page number, ignoring other parameters", () => {
    expect(parse("")).toEqual({ ok: true, category: null, page: 1 });
    expect(parse("category=Kitchen&page=3&utm_source=mail")).toEqual({ ok: true, category: "kitchen", page: 3 });
    expect(parse("category=")).toEqual({ ok: true, category: null, page: 1 });
  });

  it("an unknown category is a 404", () => {
    expect(parse("category=garage")).toMatchObject({ ok: false, status: 404 });
  });

  it("a page that is not a whole number from 1 is a 400 with a sentence", () => {
    for (const page of ["abc", "0", "-1", "1.5", "2e3", "", " 2", "01", "10001"]) {
      expect(parse(`page=${encodeURIComponent(page)}`), page).toEqual({
        ok: false,
        status: 400,
        message: "That page number is not valid. Page numbers are whole numbers starting at 1.",
      });
    }
    expect(parse("page=10000")).toMatchObject({ ok: true, page: 10000 });
  });
});

describe("galleryHref", () => {
  it("leaves page 1 out, keeps the category", () => {
    expect(galleryHref({ category: null, page: 1 })).toBe("/gallery");
    expect(galleryHref({ category: null, page: 2 })).toBe("/gallery?page=2");
    expect(galleryHref({ category: "tile", page: 1 })).toBe("/gallery?category=tile");
    expect(galleryHref({ category: "tile", page: 4 })).toBe("/gallery?category=tile&page=4");
  });
});
