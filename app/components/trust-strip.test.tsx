import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { defaultProfile } from "#app/content/company.ts";
import { describeProfile } from "#app/content/profile.ts";
import { toPublicProfile } from "#app/site-profile.ts";
import { businessJsonLd } from "#app/structured-data.ts";
import { TrustRow, trustItems, type TrustFacts } from "#app/components/trust-strip.tsx";
import { Credentials, credentialsTitle } from "#app/components/credentials.tsx";
import { FinancingLink, formatPriceRange, TypicalPrice } from "#app/components/typical-price.tsx";
import type { BusinessProfile } from "#app/schemas/site-rules.ts";

const full: BusinessProfile = {
  ...defaultProfile,
  yearsInBusiness: 12,
  licences: [
    { label: "TDLR electrical contractor", number: "TECL 12345" },
    { label: "City of Houston registered contractor", number: "HOU-778" },
  ],
  insurance: "General liability insurance up to $1,000,000.",
  warranty: "Two-year written warranty on all labor.",
  answerPromise: "We answer within one business day",
  reviewRating: 4.9,
  reviewCount: 37,
  reviewSource: "Google",
  reviewLink: "https://g.page/r/bayou/review",
  priceRanges: { bathroom: { from: 8000, to: 15000 } },
  financingLink: "https://lender.example.com/bayou",
  financingLabel: "Financing through Hearth",
};

const texts = (profile: TrustFacts) => trustItems(profile).map((item) => item.text);
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ")
    .trim();

describe("the trust row", () => {
  it("is nothing at all on a fresh install", () => {
    expect(trustItems(defaultProfile)).toEqual([]);
    expect(renderToStaticMarkup(<TrustRow profile={defaultProfile} />)).toBe("");
  });

  it("shows each fact only once entered, in short words", () => {
    expect(texts({ ...defaultProfile, yearsInBusiness: 12 })).toEqual(["12 years in business"]);
    expect(texts({ ...defaultProfile, yearsInBusiness: 1 })).toEqual(["1 year in business"]);
    expect(texts({ ...defaultProfile, yearsInBusiness: 0 })).toEqual([]);
    expect(texts({ ...defaultProfile, licences: [full.licences[0]!] })).toEqual(["Licensed: TDLR electrical contractor TECL 12345"]);
    expect(texts({ ...defaultProfile, licences: [{ label: "City of Houston registered contractor", number: "" }] })).toEqual([
      "Licensed: City of Houston registered contractor",
    ]);
    // The long sentences stay on /about: the row says only "Insured" and "Warranty".
    expect(texts({ ...defaultProfile, insurance: full.insurance })).toEqual(["Insured"]);
    expect(texts({ ...defaultProfile, warranty: full.warranty })).toEqual(["Warranty"]);
    expect(texts({ ...defaultProfile, answerPromise: "We answer within one business day" })).toEqual(["We answer within one business day"]);
  });

  it("shows a rating with its count and site, linking to the page that shows it, and only with all four", () => {
    const rating = { reviewRating: 4.9, reviewCount: 37, reviewSource: "Google", reviewLink: "https://g.page/r/bayou/review" };
    expect(trustItems({ ...defaultProfile, ...rating })).toEqual([
      { key: "rating", text: "4.9 from 37 Google reviews", href: "https://g.page/r/bayou/review" },
    ]);
    expect(texts({ ...defaultProfile, ...rating, reviewRating: 5, reviewCount: 1, reviewSource: "Yelp" })).toEqual([
      "5.0 from 1 Yelp review",
    ]);
    expect(texts({ ...defaultProfile, ...rating, reviewLink: "" })).toEqual([]);
    expect(texts({ ...defaultProfile, ...rating, reviewCount: null })).toEqual([]);
    expect(texts({ ...defaultProfile, ...rating, reviewSource: "" })).toEqual([]);
  });

  it("renders the full profile as one named list, with the rating's link, the other licences counted and a way to the details", () => {
    const html = renderToStaticMarkup(<TrustRow profile={full} />);
    expect(html).toContain('<ul class="trust__list" aria-labelledby="trust-title">');
    expect(html).toContain('<h2 id="trust-title" class="visually-hidden">Why homeowners trust us</h2>');
    expect(textOf(html)).toBe(
      "Why homeowners trust us 4.9 from 37 Google reviews 12 years in business Licensed: TDLR electrical contractor TECL 12345 and 1 more Insured Warranty We answer within one business day Details of our licences, insurance and warranty",
    );
    expect(html).toContain('<a href="https://g.page/r/bayou/review" rel="noopener">4.9 from 37 Google reviews</a>');
    expect(html).toContain('<a href="/about#credentials">Details');
    expect(html).not.toContain(full.insurance);
    expect(html).not.toMatch(/itemprop|itemscope|Rating/);
  });

  it("offers the details only when there are some on /about", () => {
    const html = renderToStaticMarkup(
      <TrustRow profile={{ ...defaultProfile, yearsInBusiness: 12, answerPromise: "We answer the same day" }} />,
    );
    expect(html).not.toContain("/about#credentials");
  });
});

describe("the business's JSON-LD", () => {
  it("carries no rating or review about the business, whatever the profile says", () => {
    const ld = businessJsonLd({ publicUrl: "https://www.bayou.test", profile: toPublicProfile(describeProfile(full)) });
    const json = JSON.stringify(ld);
    expect(json).not.toMatch(/AggregateRating|aggregateRating|"Review"|"review"|ratingValue|reviewCount/);
    expect(json).not.toContain("4.9");
    expect(json).not.toMatch(/priceRange|Hearth|8000/);
  });
});

describe("the credentials on /about", () => {
  it("shows every licence with its number, the insurance and the warranty in full; nothing when none", () => {
    const html = renderToStaticMarkup(<Credentials profile={full} />);
    expect(html).toContain('id="credentials"');
    expect(textOf(html)).toBe(
      "Our licences, insurance and warranty Licensed TDLR electrical contractor: TECL 12345 City of Houston registered contractor: HOU-778 Insured General liability insurance up to $1,000,000. Warranty Two-year written warranty on all labor.",
    );
    expect(renderToStaticMarkup(<Credentials profile={defaultProfile} />)).toBe("");
    expect(credentialsTitle({ licences: [], insurance: "", warranty: "Two years." })).toBe("Our warranty");
    expect(credentialsTitle({ licences: [full.licences[0]!], insurance: "Yes.", warranty: "" })).toBe("Our licence and insurance");
  });
});

describe("the typical price and the financing link", () => {
  it("shows the range with the words that the estimate gives the real price; nothing when not entered", () => {
    expect(formatPriceRange({ from: 8000, to: 15000 })).toBe("$8,000 – $15,000");
    expect(formatPriceRange({ from: 3000, to: 3000 })).toBe("$3,000");
    const html = textOf(renderToStaticMarkup(<TypicalPrice range={{ from: 8000, to: 15000 }} />));
    expect(html).toBe(
      "Typical price: $8,000 – $15,000 Every home is different: your free written estimate gives the real price for yours.",
    );
    expect(renderToStaticMarkup(<TypicalPrice range={undefined} />)).toBe("");
  });

  it("links the lender's page under the owner's label, and is nothing without both", () => {
    const html = renderToStaticMarkup(<FinancingLink href={full.financingLink} label={full.financingLabel} />);
    expect(html).toContain('<a href="https://lender.example.com/bayou" rel="noopener">Financing through Hearth</a>');
    expect(renderToStaticMarkup(<FinancingLink href="" label="Financing through Hearth" />)).toBe("");
    expect(renderToStaticMarkup(<FinancingLink href={full.financingLink} label="" />)).toBe("");
  });
});
