import { describe, expect, it } from "vitest";
import { estimateHref } from "#app/schemas/estimate-links.ts";

describe("estimateHref", () => {
  it("opens the form with one of our services chosen", () => {
    expect(estimateHref("kitchen")).toBe("/contact?service=kitchen");
    expect(estimateHref("livingroom")).toBe("/contact?service=livingroom");
  });

  it("is the plain form for no service or one we do not offer", () => {
    expect(estimateHref(null)).toBe("/contact");
    expect(estimateHref("")).toBe("/contact");
    expect(estimateHref("pools")).toBe("/contact");
    expect(estimateHref("kitchen&x=1")).toBe("/contact");
  });
});
