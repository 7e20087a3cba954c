import { describe, expect, it } from "vitest";
import { shouldHydrate } from "#app/hydration.ts";

describe("shouldHydrate", () => {
  it("hydrates by default", () => {
    expect(shouldHydrate([])).toBe(true);
    expect(shouldHydrate([{ handle: { pageCache: true } }, { handle: undefined }])).toBe(true);
  });
  it("follows the page (the deepest route)", () => {
    expect(shouldHydrate([{ handle: { pageCache: true } }, { handle: { hydrate: false } }])).toBe(false);
    expect(shouldHydrate([{ handle: { hydrate: false } }, { handle: { pageCache: true } }])).toBe(true);
  });
});
