import { describe, expect, test } from "vitest";
import { defaultProfile } from "#app/content/company.ts";
import { fieldErrors, ProfileFormSchema, profileToFields } from "#app/schemas/site.ts";
import { serviceSlugs } from "#app/schemas/content.ts";
import { chosenService, contactHref } from "#app/schemas/estimate-paths.ts";
import { mergeProfile } from "#app/server/site/profile.server.ts";

const fields = profileToFields(defaultProfile);
/** No service featured: every place empty. */
const noPlaces = Object.fromEntries(serviceSlugs.map((slug) => [`featured_${slug}`, ""]));

function errorsOf(input: Record<string, string>) {
  const result = ProfileFormSchema.safeParse(input);
  return result.success ? {} : fieldErrors<string>(result.error);
}

describe("the services on the home page (ADR 060)", () => {
  test("a fresh install features kitchen, then the spec's four, and the form says so in places", () => {
    expect(defaultProfile.featuredServices).toEqual(["kitchen", "repair", "bathroom", "floor", "fences"]);
    expect(fields).toMatchObject({ featured_kitchen: "1", featured_repair: "2", featured_fences: "5", featured_tile: "" });
    expect(ProfileFormSchema.parse(fields).featuredServices).toEqual(defaultProfile.featuredServices);
  });

  test("the places set the order; an empty place leaves a service off; equal places keep the site's order", () => {
    const parsed = ProfileFormSchema.parse({
      ...fields,
      ...noPlaces,
      featured_fences: "1",
      featured_outdoor: " 3 ",
      featured_kitchen: "2",
    });
    expect(parsed.featuredServices).toEqual(["fences", "kitchen", "outdoor"]);
    expect(profileToFields(parsed)).toMatchObject({
      featured_fences: "1",
      featured_kitchen: "2",
      featured_outdoor: "3",
      featured_repair: "",
    });
    const tied = ProfileFormSchema.parse({ ...fields, ...noPlaces, featured_repair: "1", featured_bathroom: "1" });
    expect(tied.featuredServices).toEqual(["bathroom", "repair"]);
  });

  test("a place that is not a number from 1 to 10 is refused in words, and so is an empty home page", () => {
    for (const bad of ["0", "11", "two", "1.5", "-1"]) {
      expect(errorsOf({ ...fields, featured_tile: bad }).featured_tile, bad).toBe(
        "Please enter a number from 1 to 10, or leave it empty to keep this service off the home page.",
      );
    }
    expect(errorsOf({ ...fields, ...noPlaces }).featured).toBe("Please give at least one service a place, so the home page shows it.");
  });

  test("a stored order keeps only services, once each; nothing usable reads as the default", () => {
    expect(mergeProfile({ featuredServices: ["tile", "rocket", "tile", "kitchen"] }).featuredServices).toEqual(["tile", "kitchen"]);
    expect(mergeProfile({ featuredServices: [] }).featuredServices).toEqual(defaultProfile.featuredServices);
    expect(mergeProfile({ featuredServices: "kitchen" }).featuredServices).toEqual(defaultProfile.featuredServices);
    expect(mergeProfile({}).featuredServices).toEqual(defaultProfile.featuredServices);
  });
});

describe("?service= (ADR 060)", () => {
  test("names a service, in any case; anything else chooses nothing", () => {
    expect(chosenService(new URL("http://x/contact?service=kitchen"))).toBe("kitchen");
    expect(chosenService(new URL("http://x/?service=Bathroom"))).toBe("bathroom");
    for (const search of ["", "?service=", "?service=rocket", "?service=__proto__", "?service=kitchen%00"]) {
      expect(chosenService(new URL(`http://x/contact${search}`)), search).toBeNull();
    }
  });

  test("a service page's link carries its service; without one the link is plain /contact", () => {
    expect(contactHref("fences")).toBe("/contact?service=fences");
    expect(contactHref(null)).toBe("/contact");
  });
});
