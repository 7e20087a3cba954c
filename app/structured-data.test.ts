import { describe, expect, it } from "vitest";
import { defaultProfile } from "#app/content/company.ts";
import { describeProfile } from "#app/content/profile.ts";
import { services } from "#app/content/services.ts";
import { toPublicProfile } from "#app/site-profile.ts";
import { businessJsonLd } from "#app/structured-data.ts";
import type { BusinessProfile } from "#app/schemas/site-rules.ts";

const PUBLIC_URL = "https://www.bayou-builders.test";

const profileOf = (changes: Partial<BusinessProfile> = {}) => toPublicProfile(describeProfile({ ...defaultProfile, ...changes }));

describe("businessJsonLd", () => {
  it("is a HomeAndConstructionBusiness built from the profile", () => {
    const ld = businessJsonLd({
      publicUrl: PUBLIC_URL,
      profile: profileOf({
        name: "Bayou City Builders",
        phone: "(281) 555-0199",
        publicEmail: "hello@bayoubuilders.test",
        street: "1200 Main St",
        city: "Katy",
        postalCode: "77494",
        serviceCities: ["Katy", "Fulshear"],
      }),
    });
    expect(ld["@type"]).toBe("HomeAndConstructionBusiness");
    expect(ld["@id"]).toBe(`${PUBLIC_URL}/#business`);
    expect(ld.name).toBe("Bayou City Builders");
    expect(ld.telephone).toBe("+12815550199");
    expect(ld.email).toBe("hello@bayoubuilders.test");
    expect(ld.address).toEqual({
      "@type": "PostalAddress",
      streetAddress: "1200 Main St",
      addressLocality: "Katy",
      addressRegion: "TX",
      postalCode: "77494",
      addressCountry: "US",
    });
    expect(ld.areaServed).toEqual([
      { "@type": "City", name: "Katy" },
      { "@type": "City", name: "Fulshear" },
    ]);
    expect(ld.hasOfferCatalog.itemListElement.map((offer) => offer.itemOffered.name)).toEqual(services.map((s) => s.title));
  });

  it("claims nothing the owner did not enter: no years, founding date, licence or insurance by default", () => {
    const ld = businessJsonLd({ publicUrl: PUBLIC_URL, profile: profileOf() });
    expect(ld.description).toBe("Home repair and remodeling in Houston, TX.");
    expect(ld).not.toHaveProperty("foundingDate");
    expect(JSON.stringify(ld)).not.toMatch(/years|licen[cs]ed|insured|warrant|permit|family/i);
    const entered = businessJsonLd({ publicUrl: PUBLIC_URL, profile: profileOf({ yearsInBusiness: 12 }) });
    expect(entered.description).toBe("Home repair and remodeling in Houston, TX with 12 years of experience.");
  });

  it("leaves the street out when the profile shows only the city", () => {
    const ld = businessJsonLd({ publicUrl: PUBLIC_URL, profile: profileOf() });
    expect(ld.address).toEqual({
      "@type": "PostalAddress",
      addressLocality: "Houston",
      addressRegion: "TX",
      addressCountry: "US",
    });
  });

  it("gives opening hours per open weekday, and none when closed all week", () => {
    const ld = businessJsonLd({
      publicUrl: PUBLIC_URL,
      profile: profileOf({
        hours: {
          mon: { open: "07:00", close: "18:00" },
          tue: { open: "07:00", close: "18:00" },
          wed: null,
          thu: null,
          fri: { open: "08:00", close: "16:30" },
          sat: null,
          sun: null,
        },
      }),
    });
    expect(ld.openingHoursSpecification).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Monday", opens: "07:00", closes: "18:00" },
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: "https://schema.org/Tuesday",
        opens: "07:00",
        closes: "18:00",
      },
      { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Friday", opens: "08:00", closes: "16:30" },
    ]);
    const closed = profileOf({
      hours: { mon: null, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null },
    });
    expect(businessJsonLd({ publicUrl: PUBLIC_URL, profile: closed })).not.toHaveProperty("openingHoursSpecification");
  });

  it("lists the profile's links as sameAs, and none when there are none", () => {
    const links = {
      ...defaultProfile.links,
      google: "https://g.page/bayou-builders",
      yelp: "https://www.yelp.com/biz/bayou",
    };
    const ld = businessJsonLd({ publicUrl: PUBLIC_URL, profile: profileOf({ links }) });
    expect(ld.sameAs).toEqual(["https://g.page/bayou-builders", "https://www.yelp.com/biz/bayou"]);
    expect(businessJsonLd({ publicUrl: PUBLIC_URL, profile: profileOf() })).not.toHaveProperty("sameAs");
  });

  it("names the chosen hero photo as the image, else the drawing", () => {
    expect(businessJsonLd({ publicUrl: PUBLIC_URL, profile: profileOf() }).image).toBe(`${PUBLIC_URL}/images/hero.svg`);
    const withPhoto = businessJsonLd({
      publicUrl: PUBLIC_URL,
      profile: profileOf(),
      heroImageUrl: "/media/photos/abc/master.jpg",
    });
    expect(withPhoto.image).toBe(`${PUBLIC_URL}/media/photos/abc/master.jpg`);
    const external = businessJsonLd({
      publicUrl: PUBLIC_URL,
      profile: profileOf(),
      heroImageUrl: "https://cdn.test/p/master.jpg",
    });
    expect(external.image).toBe("https://cdn.test/p/master.jpg");
  });

  it("marks up no ratings or reviews of the business itself", () => {
    const json = JSON.stringify(businessJsonLd({ publicUrl: PUBLIC_URL, profile: profileOf() }));
    expect(json).not.toMatch(/AggregateRating|"Review"|aggregateRating|"review"/);
  });

  it("never carries the private lead inbox", () => {
    const json = JSON.stringify(businessJsonLd({ publicUrl: PUBLIC_URL, profile: profileOf({ leadInbox: "private-inbox@bayou.test" }) }));
    expect(json).not.toContain("private-inbox@bayou.test");
  });
});
