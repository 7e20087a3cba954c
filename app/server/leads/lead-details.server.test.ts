import { describe, expect, test } from "vitest";
import { attributionFrom, isInServiceArea, leadDetailsFrom } from "#app/server/leads/lead-details.server.ts";

describe("isInServiceArea", () => {
  const zips = ["77008", "77494"];

  test("a listed ZIP is inside, another is outside", () => {
    expect(isInServiceArea("77008", zips)).toBe(true);
    expect(isInServiceArea("77494", zips)).toBe(true);
    expect(isInServiceArea("77009", zips)).toBe(false);
  });

  test("unknown without a ZIP, or when the profile lists no ZIP codes", () => {
    expect(isInServiceArea(null, zips)).toBeNull();
    expect(isInServiceArea("", zips)).toBeNull();
    expect(isInServiceArea("77008", [])).toBeNull();
  });
});

describe("attributionFrom", () => {
  test("reads the hidden fields, cut to their limits; none without JavaScript", () => {
    const form = new FormData();
    form.set("landing_page", "/kitchen?utm_source=google");
    form.set("referrer", `https://www.google.com/${"x".repeat(600)}`);
    form.set("utm_source", "google");
    form.set("utm_medium", "");
    form.set("utm_campaign", "spring\u0000sale");
    const attribution = attributionFrom(form);
    expect(attribution.landing_page).toBe("/kitchen?utm_source=google");
    expect(attribution.referrer).toHaveLength(500);
    expect(attribution.utm_source).toBe("google");
    expect(attribution.utm_medium).toBeNull();
    expect(attribution.utm_campaign).not.toContain("\u0000");

    expect(attributionFrom(new FormData())).toEqual({
      landing_page: null,
      referrer: null,
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
    });
  });

  test("a file posted under an attribution field's name is ignored", () => {
    const form = new FormData();
    form.set("referrer", new Blob(["https://evil.example/"]), "ref.txt");
    expect(attributionFrom(form).referrer).toBeNull();
  });
});

describe("leadDetailsFrom", () => {
  const estimate = {
    zip: "77008",
    street_address: "1234 Heights Blvd",
    contact_method: "text" as const,
    best_time: "After 5 pm",
  };

  test("the form's details, the service-area flag and the attribution, as the repository takes them", () => {
    const details = leadDetailsFrom(
      estimate,
      {
        landing_page: "/fences",
        referrer: "https://nextdoor.com/",
        utm_source: "nextdoor",
        utm_medium: "social",
        utm_campaign: null,
      },
      ["77008"],
    );
    expect(details).toEqual({
      zip: "77008",
      streetAddress: "1234 Heights Blvd",
      contactMethod: "text",
      bestTime: "After 5 pm",
      inServiceArea: true,
      landingPage: "/fences",
      referrer: "https://nextdoor.com/",
      utmSource: "nextdoor",
      utmMedium: "social",
      utmCampaign: null,
    });
  });

  test("without attribution or details everything is null", () => {
    const details = leadDetailsFrom({ zip: null, street_address: null, contact_method: null, best_time: null }, null, ["77008"]);
    expect(Object.values(details).every((value) => value === null)).toBe(true);
  });
});
