/**
 * When an unanswered quote's polite follow-ups go (issue 27): days after it was sent, set by the
 * contractor at /admin/quotes/settings. 0 turns one off. Shared by the form and the server.
 */
import { z } from "zod";

export const followUpLimits = { days: { max: 60 } } as const;

export interface QuoteFollowUpSettings {
  /** Days after sending; 0 for none. */
  firstDays: number;
  secondDays: number;
}

export const defaultFollowUpSettings: QuoteFollowUpSettings = { firstDays: 3, secondDays: 7 };

const days = (which: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,2}$/, `The ${which} follow-up needs a whole number of days from 0 to ${followUpLimits.days.max} (0 turns it off).`)
    .transform(Number)
    .pipe(
      z
        .number()
        .max(
          followUpLimits.days.max,
          `The ${which} follow-up can be at most ${followUpLimits.days.max} days after sending (0 turns it off).`,
        ),
    );

/** The form's two fields; the second must come after the first when both are on. */
export const QuoteFollowUpFormSchema = z
  .object({ first_days: days("first"), second_days: days("second") })
  .transform(({ first_days, second_days }): QuoteFollowUpSettings => ({ firstDays: first_days, secondDays: second_days }))
  .refine((s) => s.firstDays === 0 || s.secondDays === 0 || s.secondDays > s.firstDays, {
    message: "The second follow-up must come later than the first (or be 0 to turn it off).",
  });

/** The stored value as read back; anything unexpected reads as the defaults. */
export const QuoteFollowUpSettingsSchema = z.object({
  firstDays: z.number().int().min(0).max(followUpLimits.days.max),
  secondDays: z.number().int().min(0).max(followUpLimits.days.max),
});

/** The days the follow-ups go, in order, the ones turned off left out. */
export function followUpDays(settings: QuoteFollowUpSettings): number[] {
  return [settings.firstDays, settings.secondDays].filter((d) => d > 0).toSorted((a, b) => a - b);
}
