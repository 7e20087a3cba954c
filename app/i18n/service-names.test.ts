import { describe, expect, it } from "vitest";
import { localSubject } from "#app/i18n/service-names.ts";

describe("localSubject", () => {
  it("names the chosen service in the homeowner's language; other words stay as typed", () => {
    expect(localSubject("es", "Kitchen Remodeling")).toBe("Remodelación de cocinas");
    expect(localSubject("es", "Something else")).toBe("Otra cosa");
    expect(localSubject("es", "A leaking roof")).toBe("A leaking roof");
    expect(localSubject("en", "Kitchen Remodeling")).toBe("Kitchen Remodeling");
  });
});
