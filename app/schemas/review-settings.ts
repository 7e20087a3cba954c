/**
 * When a finished job's review request goes (issue 29), as the contractor sets it at
 * /admin/reviews/settings: on or off, how many days after "Job done" the request goes, and how
 * many days after the request its one reminder goes (0: no reminder). Shared by the form and the
 * server.
 */
import { z } from "zod";

export const reviewSettingLimits = {
  delayDays: { max: 30 },
  reminderDays: { max: 14 },
} as const;

export interface ReviewSettings {
  /** Whether review requests are made at all. */
  enabled: boolean;
  /** Days after the job is marked done (0: the same day). */
  delayDays: number;
  /** Days after the request; 0 for no reminder. */
  reminderDays: number;
}

export const defaultReviewSettings: ReviewSettings = { enabled: true, delayDays: 2, reminderDays: 4 };

const days = (max: number, words: { whole: string; tooMany: string }) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,2}$/, words.whole)
    .transform(Number)
    .pipe(z.number().max(max, words.tooMany));

/** The form's fields: a checkbox ("on" when ticked, absent otherwise) and two numbers of days. */
export const ReviewSettingsFormSchema = z
  .object({
    enabled: z.string().optional(),
    delay_days: days(reviewSettingLimits.delayDays.max, {
      whole: `The wait before the request needs a whole number of days from 0 to ${reviewSettingLimits.delayDays.max}.`,
      tooMany: `The wait before the request can be at most ${reviewSettingLimits.delayDays.max} days.`,
    }),
    reminder_days: days(reviewSettingLimits.reminderDays.max, {
      whole: `The reminder needs a whole number of days from 0 to ${reviewSettingLimits.reminderDays.max} (0 turns it off).`,
      tooMany: `The reminder can be at most ${reviewSettingLimits.reminderDays.max} days after the request (0 turns it off).`,
    }),
  })
  .transform(({ enabled, delay_days, reminder_days }): ReviewSettings => ({
    enabled: enabled === "on",
    delayDays: delay_days,
    reminderDays: reminder_days,
  }));

/** The stored value as read back; anything unexpected reads as the defaults. */
export const ReviewSettingsSchema = z.object({
  enabled: z.boolean(),
  delayDays: z.number().int().min(0).max(reviewSettingLimits.delayDays.max),
  reminderDays: z.number().int().min(0).max(reviewSettingLimits.reminderDays.max),
});
