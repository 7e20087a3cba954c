import { describe, expect, test } from "vitest";
import { defaultProfile } from "#app/content/company.ts";
import {
  fieldErrors,
  normalizeUsPhone,
  ProfileFormSchema,
  profileToFields,
  SetupBusinessSchema,
  TestimonialFormSchema,
  TextFormSchema,
} from "#app/schemas/site.ts";
import { testimonialLimits } from "#app/schemas/site-rules.ts";

const fields = profileToFields(defaultProfile);

function errorsOf(input: Record<string, string>) {
  const result = ProfileFormSchema.safeParse(input);
  return result.success ? {} : fieldErrors<string>(result.error);
}

describe("profile form", () => {
  test("the defaults' own fields parse back to the defaults, now reviewed by whoever saved the form", () => {
    expect(ProfileFormSchema.parse(fields)).toEqual({ ...defaultProfile, claimsReviewed: true });
  });

  test("permits, payment terms and family-run: the owner's sentences, and a box that is ticked or absent", () => {
    const parsed = ProfileFormSchema.parse({
      ...fields,
      permits: "  We apply for the permits your job needs.\r\n",
      payment_terms: "A deposit, then payments as the work is done.",
      family_run: "yes",
    });
    expect(parsed).toMatchObject({
      permits: "We apply for the permits your job needs.",
      paymentTerms: "A deposit, then payments as the work is done.",
      familyRun: true,
    });
    expect(profileToFields(parsed)).toMatchObject({ permits: parsed.permits, payment_terms: parsed.paymentTerms, family_run: "yes" });
    const { family_run: _unticked, ...withoutBox } = profileToFields(parsed);
    expect(ProfileFormSchema.parse(withoutBox).familyRun).toBe(false);
    expect(errorsOf({ ...fields, permits: "x".repeat(501) }).permits).toMatch(/permits statement under 501 characters/);
  });

  test("the facts homeowners compare on: saved as typed, read back by the form, and empty by default", () => {
    const parsed = ProfileFormSchema.parse({
      ...fields,
      answer_promise: " We answer within one business day ",
      review_rating: "4,9",
      review_count: "1,237",
      review_source: "Google",
      review_link: "https://g.page/r/bayou/review",
      price_from_kitchen: "$25,000",
      price_to_kitchen: "60000",
      price_from_fences: "3000",
      price_to_fences: "3000",
      financing_link: "https://www.gethearth.com/financing/bayou",
      financing_label: "Financing through Hearth",
    });
    expect(parsed).toMatchObject({
      answerPromise: "We answer within one business day",
      reviewRating: 4.9,
      reviewCount: 1237,
      reviewSource: "Google",
      reviewLink: "https://g.page/r/bayou/review",
      priceRanges: { kitchen: { from: 25_000, to: 60_000 }, fences: { from: 3000, to: 3000 } },
      financingLink: "https://www.gethearth.com/financing/bayou",
      financingLabel: "Financing through Hearth",
    });
    expect(ProfileFormSchema.parse(profileToFields(parsed))).toEqual(parsed);
    expect(profileToFields(parsed)).toMatchObject({ review_rating: "4.9", price_from_kitchen: "25000", price_to_bathroom: "" });
    expect(ProfileFormSchema.parse(fields)).toMatchObject({ reviewRating: null, reviewCount: null, priceRanges: {}, financingLink: "" });
  });

  test("a rating needs its count, site and page; each missing one is named", () => {
    const review = { review_rating: "4.8", review_count: "37", review_source: "Google", review_link: "https://g.page/r/x" };
    expect(errorsOf({ ...fields, ...review })).toEqual({});
    expect(errorsOf({ ...fields, review_rating: "4.8" })).toEqual({
      review_count: "Please enter how many reviews the rating is based on.",
      review_source: "Please name the site that shows the rating, like “Google”.",
      review_link: "Please enter the address of the page that shows the rating, so homeowners can check it.",
    });
    expect(errorsOf({ ...fields, ...review, review_rating: "" }).review_rating).toBe(
      "Please enter the rating too, like 4.8, or clear the other review fields.",
    );
    for (const rating of ["5.1", "4.85", "-1", "five", "48"]) {
      expect(errorsOf({ ...fields, ...review, review_rating: rating }).review_rating, rating).toBe(
        "Please enter the rating as a number from 0.0 to 5.0 with at most one decimal, like 4.8.",
      );
    }
    expect(errorsOf({ ...fields, ...review, review_count: "0" }).review_count).toMatch(/whole number, like 37/);
    expect(errorsOf({ ...fields, ...review, review_count: "3.5" }).review_count).toMatch(/whole number, like 37/);
    expect(errorsOf({ ...fields, ...review, review_link: "http://g.page/r/x" }).review_link).toBe(
      "The rating's page must be a full web address starting with https://.",
    );
    expect(errorsOf({ ...fields, ...review, review_link: "javascript:alert(1)" }).review_link).toMatch(/https:\/\//);
  });

  test("a price range needs both amounts in whole dollars, the higher one last", () => {
    expect(errorsOf({ ...fields, price_from_kitchen: "25000" })).toEqual({
      price_to_kitchen: "Please give both prices of the range, or neither.",
    });
    expect(errorsOf({ ...fields, price_to_tile: "900" })).toEqual({ price_from_tile: "Please give both prices of the range, or neither." });
    expect(errorsOf({ ...fields, price_from_tile: "9000", price_to_tile: "900" })).toEqual({
      price_to_tile: "The higher price must be at least the lower one.",
    });
    expect(errorsOf({ ...fields, price_from_tile: "12.50", price_to_tile: "900" }).price_from_tile).toBe(
      "Please enter the lower price in whole dollars, like 8,000.",
    );
    expect(errorsOf({ ...fields, price_from_tile: "0", price_to_tile: "900" }).price_from_tile).toMatch(/whole dollars/);
  });

  test("the Spanish versions (ADR 064): only the lines written are kept, read back by the form, none by default", () => {
    expect(defaultProfile.spanish).toEqual({});
    const parsed = ProfileFormSchema.parse({
      ...fields,
      es_slogan: "  Cocinas, baños y reparaciones bien hechas en todo Houston. ",
      es_warranty: "Garantía por escrito de dos años\r\nen toda la mano de obra.",
      es_answer_promise: "",
      es_financing_label: "Financiamiento con Hearth",
    });
    expect(parsed.spanish).toEqual({
      slogan: "Cocinas, baños y reparaciones bien hechas en todo Houston.",
      warranty: "Garantía por escrito de dos años\nen toda la mano de obra.",
      financingLabel: "Financiamiento con Hearth",
    });
    expect(profileToFields(parsed)).toMatchObject({
      es_slogan: parsed.spanish.slogan,
      es_warranty: parsed.spanish.warranty,
      es_answer_promise: "",
      es_insurance: "",
    });
    expect(errorsOf({ ...fields, es_slogan: "x".repeat(161) }).es_slogan).toMatch(/Spanish slogan under 161 characters/);
    // No credit terms in Spanish either (Regulation Z): a rate, months, monthly payments, a down payment, figures.
    for (const label of ["0% TAE por 12 meses", "Sin intereses", "Pagos mensuales bajos", "Sin enganche", "Desde $99 al mes"]) {
      expect(errorsOf({ ...fields, es_financing_label: label }).es_financing_label, label).toMatch(/Truth in Lending/);
    }
  });

  test("financing: an https page with a label that names the lender, never figures or credit terms", () => {
    const financing = { financing_link: "https://lender.example.com/apply", financing_label: "Financing through Hearth" };
    expect(errorsOf({ ...fields, ...financing })).toEqual({});
    for (const label of [
      "0% APR for 12 months",
      "As low as $99/mo",
      "No interest if paid in full",
      "Low monthly payments",
      "No down payment",
    ]) {
      expect(errorsOf({ ...fields, ...financing, financing_label: label }).financing_label, label).toMatch(
        /no amounts, rates, months or payments.*Truth in Lending/,
      );
    }
    expect(errorsOf({ ...fields, financing_link: financing.financing_link }).financing_label).toMatch(/short label/);
    expect(errorsOf({ ...fields, financing_label: financing.financing_label }).financing_link).toMatch(/address of the lender's page/);
    expect(errorsOf({ ...fields, ...financing, financing_link: "http://lender.example.com" }).financing_link).toBe(
      "The lender's page must be a full web address starting with https://.",
    );
  });

  test("phones are US numbers, normalised", () => {
    expect(normalizeUsPhone("713.555.0147")).toBe("(713) 555-0147");
    expect(normalizeUsPhone("+1 832 555 0199")).toBe("(832) 555-0199");
    expect(normalizeUsPhone("123")).toBeNull();
    expect(normalizeUsPhone("(013) 555-0147")).toBeNull();
    expect(ProfileFormSchema.parse({ ...fields, phone: "281-555-0123" }).phone).toBe("(281) 555-0123");
  });

  test("bad input names the field in words", () => {
    expect(errorsOf({ ...fields, phone: "123" }).phone).toMatch(/US phone number/);
    expect(errorsOf({ ...fields, name: "x".repeat(81) }).name).toMatch(/under 81 characters/);
    expect(errorsOf({ ...fields, link_facebook: "javascript:alert(1)" }).link_facebook).toMatch(/https:\/\//);
    expect(errorsOf({ ...fields, public_email: "nope" }).public_email).toMatch(/valid email/);
    expect(errorsOf({ ...fields, service_zips: "77002 7700" }).service_zips).toMatch(/5-digit/);
    expect(errorsOf({ ...fields, years_in_business: "ten" }).years_in_business).toMatch(/whole number/);
  });

  test("hours need both times, in order; licences need a label", () => {
    expect(errorsOf({ ...fields, hours_mon_close: "" }).hours_mon_close).toMatch(/both/);
    expect(errorsOf({ ...fields, hours_tue_close: "06:00" }).hours_tue_close).toMatch(/after/);
    expect(errorsOf({ ...fields, licence_number_0: "12345" }).licence_label_0).toMatch(/what this number is/);
    const parsed = ProfileFormSchema.parse({
      ...fields,
      licence_label_1: "TDLR electrical contractor",
      licence_number_1: "TECL 1234",
      hours_sun_open: "09:00",
      hours_sun_close: "13:00",
    });
    expect(parsed.licences).toEqual([{ label: "TDLR electrical contractor", number: "TECL 1234" }]);
    expect(parsed.hours.sun).toEqual({ open: "09:00", close: "13:00" });
  });

  test("cities: lines or commas, trimmed, without repeats", () => {
    expect(ProfileFormSchema.parse({ ...fields, service_cities: "Katy, Cypress\n\n katy \nSpring" }).serviceCities).toEqual([
      "Katy",
      "Cypress",
      "Spring",
    ]);
  });

  test("a ZIP code typed among the cities joins the ZIP codes, in both forms", () => {
    const setup = SetupBusinessSchema.parse({
      name: "Bayou City Tile",
      phone: "8325550199",
      public_email: "a@b.co",
      lead_inbox: "c@d.co",
      city: "Pearland",
      service_cities: "Pearland, 77581, Alvin, 77584",
    });
    expect(setup.service_cities).toEqual(["Pearland", "Alvin"]);
    expect(setup.service_zips).toEqual(["77581", "77584"]);
    const profile = ProfileFormSchema.parse({ ...fields, service_cities: "Katy\n77494", service_zips: "77449 77494" });
    expect(profile.serviceCities).toEqual(["Katy"]);
    expect(profile.serviceZips).toEqual(["77449", "77494"]);
  });

  test("the setup step asks for the essentials only", () => {
    const result = SetupBusinessSchema.safeParse({
      name: "",
      phone: "7135550147",
      public_email: "a@b.co",
      lead_inbox: "x",
      city: "Katy",
      service_cities: "",
    });
    expect(result.success).toBe(false);
    expect(Object.keys(fieldErrors<string>(result.error!)).toSorted()).toEqual(["lead_inbox", "name"]);
  });
});

describe("texts and testimonials", () => {
  test("HTML and unsafe links are refused with a reason; Markdown passes", () => {
    expect(TextFormSchema.safeParse({ key: "home.intro", value: "<b>Hi</b>" }).error?.issues[0]?.message).toMatch(/HTML/);
    expect(TextFormSchema.safeParse({ key: "home.intro", value: "[x](javascript:alert(1))" }).error?.issues[0]?.message).toMatch(/link/);
    expect(TextFormSchema.safeParse({ key: "home.intro", value: "   " }).error?.issues[0]?.message).toMatch(/Restore the default/);
    expect(TextFormSchema.parse({ key: "home.intro", value: " **Hi** [us](/about)\r\n" }).value).toBe("**Hi** [us](/about)");
  });

  test("a testimonial needs a real date and an https link", () => {
    const good = {
      quote: "Great work.",
      name: "Ana P.",
      place: "Bellaire",
      service: "kitchen",
      given_on: "2026-02-28",
      link: "https://g.page/r/abc",
    };
    expect(TestimonialFormSchema.safeParse(good).success).toBe(true);
    expect(TestimonialFormSchema.safeParse({ ...good, given_on: "last week" }).success).toBe(false);
    expect(TestimonialFormSchema.safeParse({ ...good, link: "javascript:alert(1)" }).success).toBe(false);
    expect(TestimonialFormSchema.safeParse({ ...good, quote: "<img src=x onerror=alert(1)>" }).success).toBe(false);
  });

  test("a testimonial's Spanish quote is optional, keeps its paragraphs and refuses HTML and excess in words", () => {
    const good = { quote: "Great work.", name: "Ana P.", given_on: "2026-02-28" };
    expect(TestimonialFormSchema.parse(good).quote_es).toBe("");
    expect(TestimonialFormSchema.parse({ ...good, quote_es: "  Muy buen trabajo.\r\n\r\nMuy limpios.\u0000 " }).quote_es).toBe(
      "Muy buen trabajo.\n\nMuy limpios.",
    );
    const errors = (quote_es: string) => {
      const result = TestimonialFormSchema.safeParse({ ...good, quote_es });
      return result.success ? {} : fieldErrors<string>(result.error);
    };
    expect(errors("<b>Excelente</b>")).toEqual({ quote_es: "The Spanish quote cannot contain HTML tags." });
    expect(errors("a".repeat(testimonialLimits.quoteEs.max + 1))).toEqual({
      quote_es: `Please keep the Spanish quote under ${testimonialLimits.quoteEs.max + 1} characters.`,
    });
  });
});

describe("control characters and line breaks", () => {
  test("single-line profile fields lose control characters and become one line; statements and city lists keep their lines", () => {
    const parsed = ProfileFormSchema.parse({
      ...fields,
      name: "Bayou\u0000 Remodeling\r\nand Repair",
      street: "1200\tMain St\u0007",
      slogan: "Built\nright",
      insurance: "Fully insured\u0000\r\nGeneral liability",
      service_cities: "Katy\u0000\r\nCypress",
    });
    expect(parsed.name).toBe("Bayou Remodeling and Repair");
    expect(parsed.street).toBe("1200 Main St");
    expect(parsed.slogan).toBe("Built right");
    expect(parsed.insurance).toBe("Fully insured\nGeneral liability");
    expect(parsed.serviceCities).toEqual(["Katy", "Cypress"]);
  });

  test("a testimonial's name is one line, its quote keeps its lines; a text keeps lines without controls", () => {
    const parsed = TestimonialFormSchema.parse({
      quote: "Great work.\r\nOn time.\u0000",
      name: "Ana\nP.\u001B",
      place: "Bell\u0000aire",
      service: "",
      given_on: "2026-02-28",
      link: "",
    });
    expect(parsed).toMatchObject({ quote: "Great work.\nOn time.", name: "Ana P.", place: "Bellaire" });
    expect(TextFormSchema.parse({ key: "home.intro", value: "One\u0000\r\nTwo\u0085" }).value).toBe("One\nTwo");
  });
});
