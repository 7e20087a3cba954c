import { describe, expect, it } from "vitest";
import { localSubject } from "#app/i18n/service-names.ts";
import { claimKey } from "#app/i18n/site-texts.ts";
import { credentialsClaim } from "#app/content/profile.ts";
import { translate } from "#app/i18n/messages.ts";

describe("localSubject", () => {
  it("names the chosen service in the homeowner's language; other words stay as typed", () => {
    expect(localSubject("es", "Kitchen Remodeling")).toBe("Remodelación de cocinas");
    expect(localSubject("es", "Something else")).toBe("Otra cosa");
    expect(localSubject("es", "A leaking roof")).toBe("A leaking roof");
    expect(localSubject("en", "Kitchen Remodeling")).toBe("Kitchen Remodeling");
  });
});

describe("claimKey", () => {
  it("says in either language exactly what credentialsClaim says in English, and nothing when nothing was entered", () => {
    const licence = { label: "TDLR electrical contractor", number: "TECL 1" };
    for (const facts of [
      { licences: [licence], insurance: "General liability." },
      { licences: [licence], insurance: " " },
      { licences: [], insurance: "General liability." },
      { licences: [], insurance: "" },
    ]) {
      const key = claimKey(facts);
      expect(key === null ? null : translate("en", key)).toBe(credentialsClaim(facts));
    }
    expect(translate("es", claimKey({ licences: [licence], insurance: "Sí." })!)).toBe("Con licencia y asegurados.");
  });
});
