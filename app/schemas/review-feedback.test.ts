import { describe, expect, it } from "vitest";
import { translate } from "#app/i18n/messages.ts";
import {
  ReviewFeedbackSchema,
  isLowRating,
  refusalField,
  reviewFeedbackLimits,
  reviewRefusals,
  toReviewRefusal,
  type ReviewRefusal,
} from "#app/schemas/review-feedback.ts";

const parse = (values: Record<string, string | undefined>) => ReviewFeedbackSchema.safeParse(values);
const refusalOf = (values: Record<string, string | undefined>) => {
  const parsed = parse(values);
  expect(parsed.success).toBe(false);
  return toReviewRefusal(parsed.error?.issues[0]?.message);
};

describe("the private feedback form", () => {
  it("takes a rating alone, and cleans what was typed", () => {
    expect(parse({ rating: "4" }).data).toEqual({ rating: 4, comment: "", consent: false, firstName: "", place: "" });
    expect(
      parse({ rating: "5", comment: "  Great crew.\r\nOn time.\u0000 ", consent: "yes", firstName: " Maria\n", place: "Heights " }).data,
    ).toEqual({ rating: 5, comment: "Great crew.\nOn time.", consent: true, firstName: "Maria", place: "Heights" });
  });

  it.each([undefined, "", "0", "6", "4.5", "five", " 3"])("refuses the rating %j", (rating) => {
    expect(refusalOf({ rating })).toBe("rating");
  });

  it("refuses a comment, a first name or a neighborhood too long, and consent without a first name", () => {
    const max = reviewFeedbackLimits.comment.max;
    expect(parse({ rating: "2", comment: "x".repeat(max) }).success).toBe(true);
    expect(refusalOf({ rating: "2", comment: "x".repeat(max + 1) })).toBe("comment-too-long");
    expect(refusalOf({ rating: "2", firstName: "M".repeat(reviewFeedbackLimits.firstName.max + 1) })).toBe("name-too-long");
    expect(refusalOf({ rating: "2", place: "H".repeat(reviewFeedbackLimits.place.max + 1) })).toBe("place-too-long");
    expect(refusalOf({ rating: "5", comment: "Great", consent: "yes", firstName: "  " })).toBe("name-required");
    // Without consent no name is needed: the feedback stays private.
    expect(parse({ rating: "5", comment: "Great", firstName: "" }).success).toBe(true);
  });

  it("alerts the owner of a rating of 3 or less", () => {
    expect([1, 2, 3, 4, 5].map(isLowRating)).toEqual([true, true, true, false, false]);
  });
});

const FIELD_WORDS: Record<"en" | "es", Partial<Record<(typeof refusalField)[ReviewRefusal], RegExp>>> = {
  en: { rating: /^Rating:/, comment: /^Comment:/, firstName: /^First name:/, place: /^Neighborhood:/ },
  es: { rating: /^Calificación:/, comment: /^Comentario:/, firstName: /^Nombre de pila:/, place: /^Vecindario:/ },
};

describe("each refusal in words, in both languages", () => {
  it.each(reviewRefusals.flatMap((refusal) => (["en", "es"] as const).map((locale) => [refusal, locale] as const)))(
    "%s in %s names its field and says the limit",
    (refusal, locale) => {
      const text = translate(locale, `review.error.${refusal}`, { max: 2000 });
      expect(text).toMatch(FIELD_WORDS[locale][refusalField[refusal]]!);
      if (refusal.endsWith("too-long")) expect(text).toContain("2000");
    },
  );

  it("the Spanish is not the English", () => {
    for (const refusal of reviewRefusals) {
      expect(translate("es", `review.error.${refusal}`, { max: 80 })).not.toBe(translate("en", `review.error.${refusal}`, { max: 80 }));
    }
  });
});
