import { describe, expect, it } from "vitest";
import { PAGE_CACHE_HEADER, isPageCacheable } from "#app/page-cache.ts";

describe("isPageCacheable", () => {
  it("is true when every matched route opted in", () => {
    expect(isPageCacheable([{ pageCache: true }])).toBe(true);
    expect(isPageCacheable([{ pageCache: true }, { pageCache: true, other: 1 }])).toBe(true);
  });

  it("is false when any route did not opt in", () => {
    expect(isPageCacheable([{ pageCache: true }, undefined])).toBe(false);
    expect(isPageCacheable([{ pageCache: true }, {}])).toBe(false);
    expect(isPageCacheable([{ pageCache: true }, { pageCache: false }])).toBe(false);
    expect(isPageCacheable([undefined, { pageCache: true }])).toBe(false);
  });

  it("wants the boolean true, not something truthy", () => {
    expect(isPageCacheable([{ pageCache: "true" }])).toBe(false);
    expect(isPageCacheable([{ pageCache: 1 }])).toBe(false);
    expect(isPageCacheable([null])).toBe(false);
    expect(isPageCacheable(["pageCache"])).toBe(false);
  });

  it("is false for no matches", () => {
    expect(isPageCacheable([])).toBe(false);
  });
});

describe("PAGE_CACHE_HEADER", () => {
  it("is a lower-case header name (Headers.get is case-insensitive, the host compares as given)", () => {
    expect(PAGE_CACHE_HEADER).toBe("x-page-cache");
  });
});
