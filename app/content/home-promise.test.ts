import { describe, expect, it } from "vitest";
import { homePromise } from "#app/content/home-promise.ts";
import { defaultProfile } from "#app/content/company.ts";

describe("homePromise", () => {
  it("names the business's city and counts the service area around it", () => {
    expect(homePromise(defaultProfile)).toBe("Free written estimates across Houston and 13 nearby communities");
    expect(homePromise({ city: "Pearland", serviceCities: ["Pearland", "Friendswood", "League City", "Alvin"] })).toBe(
      "Free written estimates across Pearland and 3 nearby communities",
    );
  });

  it("names a small area in full, each place once", () => {
    expect(homePromise({ city: "Pearland", serviceCities: ["Friendswood", " League City ", "Pearland"] })).toBe(
      "Free written estimates across Pearland, Friendswood and League City",
    );
    expect(homePromise({ city: "Katy", serviceCities: ["Katy"] })).toBe("Free written estimates across Katy");
    expect(homePromise({ city: "Katy", serviceCities: [] })).toBe("Free written estimates across Katy");
  });

  it("claims no place the profile does not hold", () => {
    expect(homePromise({ city: " ", serviceCities: [] })).toBe("Free written estimates");
    expect(homePromise({ city: "", serviceCities: ["Bellaire", "West University Place"] })).toBe(
      "Free written estimates across Bellaire and West University Place",
    );
  });
});
