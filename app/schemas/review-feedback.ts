/**
 * The homeowner's private "tell us how we did" (issue 29): a rating, a comment, and whether the
 * business may quote them with their first name and neighborhood. Shared by the review page and
 * the server; a refusal is a code the page puts into words in its language
 * (app/i18n/catalog/en/review.ts, `review.error.<code>`), naming the field.
 */
import { z } from "zod";
import { cleanMultiLineText, cleanSingleLineText } from "#app/schemas/text.ts";

export const reviewFeedbackLimits = {
  rating: { min: 1, max: 5 },
  comment: { max: 2000 },
  /** As a testimonial's name and place hold them (testimonialLimits). */
  firstName: { max: 80 },
  place: { max: 80 },
} as const;

/** The ratings offered, lowest first; 3 or less alerts the owner at once. */
export const reviewRatings = [1, 2, 3, 4, 5] as const;
export type ReviewRating = (typeof reviewRatings)[number];

/** A rating that tells the owner at once (issue 29: "a low rating alerts the owner"). */
export const LOW_RATING_MAX = 3;

export function isLowRating(rating: number): boolean {
  return rating <= LOW_RATING_MAX;
}

/** The form's field names (a plain HTML form: it works without JavaScript). */
export const reviewFeedbackFields = {
  rating: "rating",
  comment: "comment",
  consent: "consent",
  firstName: "first_name",
  place: "place",
} as const;

/** Why a post was refused, as the page words it (each names its field). */
export const reviewRefusals = ["rating", "comment-too-long", "name-required", "name-too-long", "place-too-long"] as const;
export type ReviewRefusal = (typeof reviewRefusals)[number];

/** The field a refusal is about, for the page to mark it. */
export const refusalField: Record<ReviewRefusal, keyof typeof reviewFeedbackFields> = {
  rating: "rating",
  "comment-too-long": "comment",
  "name-required": "firstName",
  "name-too-long": "firstName",
  "place-too-long": "place",
};

const line = (max: number, tooLong: ReviewRefusal) =>
  z
    .string()
    .optional()
    .transform((value) => cleanSingleLineText(value ?? "").trim())
    .pipe(z.string().max(max, { error: tooLong }));

export const ReviewFeedbackSchema = z
  .object({
    rating: z
      .string({ error: "rating" })
      .regex(/^[1-5]$/, { error: "rating" })
      .transform((value) => Number(value) as ReviewRating),
    comment: z
      .string()
      .optional()
      .transform((value) => cleanMultiLineText(value ?? "").trim())
      .pipe(z.string().max(reviewFeedbackLimits.comment.max, { error: "comment-too-long" })),
    // A ticked checkbox posts "yes"; an unticked one posts nothing.
    consent: z
      .string()
      .optional()
      .transform((value) => value === "yes"),
    firstName: line(reviewFeedbackLimits.firstName.max, "name-too-long"),
    place: line(reviewFeedbackLimits.place.max, "place-too-long"),
  })
  .superRefine((values, ctx) => {
    // Quoting someone "with their first name" needs one.
    if (values.consent && values.firstName === "") ctx.addIssue({ code: "custom", message: "name-required", path: ["firstName"] });
  });

export type ReviewFeedbackInput = z.infer<typeof ReviewFeedbackSchema>;

/** The form's values, read by name from a posted form (what is absent stays undefined). */
export function readReviewFeedback(form: { get(name: string): unknown }): Record<keyof typeof reviewFeedbackFields, string | undefined> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return {
    rating: text(reviewFeedbackFields.rating),
    comment: text(reviewFeedbackFields.comment),
    consent: text(reviewFeedbackFields.consent),
    firstName: text(reviewFeedbackFields.firstName),
    place: text(reviewFeedbackFields.place),
  };
}

/** The first refusal of a failed parse (the page shows one sentence, at the field it names). */
export function toReviewRefusal(message: string | undefined): ReviewRefusal {
  return (reviewRefusals as readonly string[]).includes(message ?? "") ? (message as ReviewRefusal) : "rating";
}
