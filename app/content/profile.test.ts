import { describe, expect, test } from "vitest";
import { defaultProfile } from "#app/content/company.ts";
import { credentialsClaim, describeProfile, formatClock, summarizeHours } from "#app/content/profile.ts";

describe("describeProfile", () => {
  test("the defaults read as the site always has", () => {
    const profile = describeProfile(defaultProfile);
    expect(profile).toMatchObject({
      phoneHref: "tel:+17135550147",
      phoneE164: "+17135550147",
      location: "Houston TX, USA",
      streetAddress: null,
      hoursSummary: "Mon–Sat, 7 am – 6 pm",
      experienceClaim: null,
      credentialsClaim: null,
      profileLinks: [],
    });
  });

  test("years exactly as entered, never rounded up to “over”", () => {
    expect(describeProfile({ ...defaultProfile, yearsInBusiness: 20 }).experienceClaim).toBe("20 years of experience");
    expect(describeProfile({ ...defaultProfile, yearsInBusiness: 1 }).experienceClaim).toBe("a year of experience");
    expect(describeProfile({ ...defaultProfile, yearsInBusiness: 0 }).experienceClaim).toBeNull();
  });

  test("“Licensed” only with a licence, “insured” only with the owner's insurance sentence", () => {
    const licence = { label: "TDLR electrical contractor", number: "TECL 12345" };
    const insurance = "General liability insurance up to $1,000,000.";
    expect(credentialsClaim({ licences: [], insurance: "" })).toBeNull();
    expect(credentialsClaim({ licences: [], insurance: "   " })).toBeNull();
    expect(credentialsClaim({ licences: [], insurance })).toBe("Insured.");
    expect(credentialsClaim({ licences: [licence], insurance: "" })).toBe("Licensed.");
    expect(credentialsClaim({ licences: [licence], insurance })).toBe("Licensed and insured.");
    expect(describeProfile({ ...defaultProfile, licences: [licence], insurance }).credentialsClaim).toBe("Licensed and insured.");
  });

  test("street address, links in display order, no years", () => {
    const profile = describeProfile({
      ...defaultProfile,
      street: "1200 Main St",
      postalCode: "77002",
      yearsInBusiness: null,
      links: { ...defaultProfile.links, yelp: "https://www.yelp.com/biz/x", google: "https://g.page/x" },
    });
    expect(profile.streetAddress).toBe("1200 Main St, Houston, TX 77002");
    expect(profile.experienceClaim).toBeNull();
    expect(profile.profileLinks.map((link) => link.label)).toEqual(["Google Business Profile", "Yelp"]);
  });
});

describe("hours", () => {
  test("runs of equal days; closed days split runs", () => {
    expect(
      summarizeHours({
        mon: { open: "07:00", close: "18:00" },
        tue: { open: "07:00", close: "18:00" },
        wed: null,
        thu: { open: "07:00", close: "18:00" },
        fri: { open: "07:00", close: "18:00" },
        sat: { open: "08:30", close: "12:00" },
        sun: null,
      }),
    ).toBe("Mon–Tue, 7 am – 6 pm; Thu–Fri, 7 am – 6 pm; Sat, 8:30 am – 12 pm");
    expect(summarizeHours({ mon: null, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null })).toBe("By appointment");
  });

  test("clock times", () => {
    expect([formatClock("00:00"), formatClock("09:05"), formatClock("12:00"), formatClock("23:30")]).toEqual([
      "12 am",
      "9:05 am",
      "12 pm",
      "11:30 pm",
    ]);
  });
});
