import { describe, expect, it } from "vitest";
import { contactHref } from "#app/schemas/estimate-paths.ts";

describe("contactHref", () => {
  it("opens the form with one of our services chosen", () => {
    expect(contactHref("kitchen")).toBe("/contact?service=kitchen");
    expect(contactHref("livingroom")).toBe("/contact?service=livingroom");
  });

  it("is the plain form for no service or one we do not offer", () => {
    expect(contactHref(null)).toBe("/contact");
    expect(contactHref("")).toBe("/contact");
    expect(contactHref("pools")).toBe("/contact");
    expect(contactHref("kitchen&x=1")).toBe("/contact");
  });
});
