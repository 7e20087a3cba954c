/**
 * The profile form's optional facts homeowners compare on (ADR 061): the answer-time promise, a
 * review site's rating, a typical price per service and a financing link. Their fields, checks
 * and values, joined into ProfileFormSchema by site.ts.
 */
import { z } from "zod";
import { serviceSlugs, type ServiceSlug } from "#app/schemas/content.ts";
import { isHttpsAddress, profileLimits, type BusinessProfile, type PriceRange } from "#app/schemas/site-rules.ts";
import { cleanSingleLineText } from "#app/schemas/text.ts";
import { PLACE_ID } from "#app/schemas/review-address.ts";

const trimmed = (max: number, label: string) =>
  z
    .string()
    .overwrite(cleanSingleLineText)
    .trim()
    .max(max, { error: `Please keep ${label} under ${max + 1} characters.` });

const httpsLink = (message: string) =>
  trimmed(profileLimits.link.max, "the address")
    .optional()
    .default("")
    .refine((value) => value === "" || isHttpsAddress(value), { error: message });

/** A whole number typed the way people type them ("1,200", "$8,000"); null when empty. */
const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .optional()
    .default("")
    .transform((value, ctx) => {
      const digits = value.replace(/^\$/, "").replace(/,(?=\d{3}(\D|$))/g, "");
      if (digits === "") return null;
      const number = /^\d+$/.test(digits) ? Number(digits) : NaN;
      if (!Number.isSafeInteger(number) || number < min || number > max) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return number;
    });

const priceFields = Object.fromEntries(
  serviceSlugs.flatMap((slug) =>
    (["from", "to"] as const).map((end) => [
      `price_${end}_${slug}`,
      wholeNumber(
        profileLimits.price.min,
        profileLimits.price.max,
        `Please enter the ${end === "from" ? "lower" : "higher"} price in whole dollars, like ${end === "from" ? "8,000" : "15,000"}.`,
      ),
    ]),
  ),
) as Record<`price_${"from" | "to"}_${ServiceSlug}`, ReturnType<typeof wholeNumber>>;

/**
 * Words that make an advertisement state credit terms (Regulation Z, 12 CFR 1026.24(d)): any
 * figure, a rate, a number of months or payments, a down payment. The label names the lender
 * only; the terms are on the lender's page (ADR 061).
 */
export const CREDIT_TERMS = /[0-9%$]|\bapr\b|interest|month|\/\s*mo\b|down\s*payment|payments?\s+of|per\s+(week|year)/i;

/** The rating a review site shows: 0.0 to 5.0 with at most one decimal ("4,8" as typed abroad too). */
const rating = z
  .string()
  .trim()
  .optional()
  .default("")
  .transform((value, ctx) => {
    if (value === "") return null;
    const number = /^\d(?:[.,]\d)?$/.test(value) ? Number(value.replace(",", ".")) : NaN;
    if (Number.isNaN(number) || number < profileLimits.reviewRating.min || number > profileLimits.reviewRating.max) {
      ctx.addIssue({ code: "custom", message: "Please enter the rating as a number from 0.0 to 5.0 with at most one decimal, like 4.8." });
      return z.NEVER;
    }
    return number;
  });

/** The fields, by the form's names. */
export const proofFields = {
  answer_promise: trimmed(profileLimits.answerPromise.max, "the answer-time promise").optional().default(""),
  review_rating: rating,
  review_count: wholeNumber(
    profileLimits.reviewCount.min,
    profileLimits.reviewCount.max,
    "Please enter how many reviews the rating is based on, as a whole number, like 37.",
  ),
  review_source: trimmed(profileLimits.reviewSource.max, "the review site's name").optional().default(""),
  review_link: httpsLink("The rating's page must be a full web address starting with https://."),
  review_place_id: trimmed(profileLimits.reviewPlaceId.max, "the Place ID")
    .optional()
    .default("")
    .refine((value) => value === "" || PLACE_ID.test(value), {
      error: "A Google Place ID is one word of letters, digits, “-” and “_”, like ChIJN1t_tDeuEmsRUsoyG83frY4.",
    }),
  review_write_link: httpsLink("The review page must be a full web address starting with https://."),
  ...priceFields,
  financing_link: httpsLink("The lender's page must be a full web address starting with https://."),
  financing_label: trimmed(profileLimits.financingLabel.max, "the financing label")
    .optional()
    .default("")
    .refine((value) => !CREDIT_TERMS.test(value), {
      error:
        "Please name the lender only, with no amounts, rates, months or payments, like “Financing through Hearth”: such terms would oblige the site to show the full credit terms (federal Truth in Lending rules).",
    }),
};

type ProofInput = z.output<z.ZodObject<typeof proofFields>>;

/**
 * A rating is shown only with its count and where it can be checked: all four review fields, or
 * none. Each missing one is named, with its field.
 */
function reviewProblems(values: {
  review_rating: number | null;
  review_count: number | null;
  review_source: string;
  review_link: string;
}): [string, string][] {
  const given = [values.review_rating !== null, values.review_count !== null, values.review_source !== "", values.review_link !== ""];
  if (given.every((g) => !g) || given.every(Boolean)) return [];
  const problems: [string, string][] = [];
  if (values.review_rating === null)
    problems.push(["review_rating", "Please enter the rating too, like 4.8, or clear the other review fields."]);
  if (values.review_count === null) problems.push(["review_count", "Please enter how many reviews the rating is based on."]);
  if (values.review_source === "") problems.push(["review_source", "Please name the site that shows the rating, like “Google”."]);
  if (values.review_link === "") {
    problems.push(["review_link", "Please enter the address of the page that shows the rating, so homeowners can check it."]);
  }
  return problems;
}

/** Each problem of the facts taken together, as [field, message]. */
export function proofProblems(values: ProofInput): [string, string][] {
  const problems = reviewProblems(values);
  for (const slug of serviceSlugs) {
    const from = values[`price_from_${slug}`];
    const to = values[`price_to_${slug}`];
    if ((from === null) !== (to === null)) {
      problems.push([`price_${from === null ? "from" : "to"}_${slug}`, "Please give both prices of the range, or neither."]);
    } else if (from !== null && to !== null && to < from) {
      problems.push([`price_to_${slug}`, "The higher price must be at least the lower one."]);
    }
  }
  if (values.financing_link !== "" && values.financing_label === "") {
    problems.push(["financing_label", "Please give the link a short label, like “Financing through Hearth”."]);
  }
  if (values.financing_label !== "" && values.financing_link === "") {
    problems.push(["financing_link", "Please enter the address of the lender's page, starting with https://."]);
  }
  return problems;
}

/** The facts as the profile stores them. */
export function proofValues(
  values: ProofInput,
): Pick<
  BusinessProfile,
  | "answerPromise"
  | "reviewRating"
  | "reviewCount"
  | "reviewSource"
  | "reviewLink"
  | "reviewPlaceId"
  | "reviewWriteLink"
  | "priceRanges"
  | "financingLink"
  | "financingLabel"
> {
  return {
    answerPromise: values.answer_promise,
    reviewRating: values.review_rating,
    reviewCount: values.review_count,
    reviewSource: values.review_source,
    reviewLink: values.review_link,
    reviewPlaceId: values.review_place_id,
    reviewWriteLink: values.review_write_link,
    priceRanges: Object.fromEntries(
      serviceSlugs.flatMap((slug): [ServiceSlug, PriceRange][] => {
        const from = values[`price_from_${slug}`];
        const to = values[`price_to_${slug}`];
        return from !== null && to !== null ? [[slug, { from, to }]] : [];
      }),
    ),
    financingLink: values.financing_link,
    financingLabel: values.financing_label,
  };
}

/** The stored facts as the form's fields. */
export function proofToFields(profile: BusinessProfile): Record<string, string> {
  const fields: Record<string, string> = {
    answer_promise: profile.answerPromise,
    review_rating: profile.reviewRating === null ? "" : profile.reviewRating.toFixed(1),
    review_count: profile.reviewCount === null ? "" : String(profile.reviewCount),
    review_source: profile.reviewSource,
    review_link: profile.reviewLink,
    review_place_id: profile.reviewPlaceId,
    review_write_link: profile.reviewWriteLink,
    financing_link: profile.financingLink,
    financing_label: profile.financingLabel,
  };
  for (const slug of serviceSlugs) {
    const range = profile.priceRanges[slug];
    fields[`price_from_${slug}`] = range ? String(range.from) : "";
    fields[`price_to_${slug}`] = range ? String(range.to) : "";
  }
  return fields;
}
