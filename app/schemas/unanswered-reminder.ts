/**
 * When a request nobody answered reminds the contractor (issue 29): after a number of business
 * hours (the profile's opening hours) that the contractor sets at /admin/quotes/settings, 0 for
 * never. Shared by the form and the server.
 */
import { z } from "zod";

export const unansweredReminderLimits = { hours: { min: 1, max: 72 } } as const;

export interface UnansweredReminderSettings {
  /** Business hours without an answer before the reminder; 0 for none. */
  hours: number;
}

export const defaultUnansweredReminder: UnansweredReminderSettings = { hours: 4 };

/** The form's field label: the refusal names it. */
export const UNANSWERED_HOURS_LABEL = "Remind me when a request has no answer after this many business hours";

const { min, max } = unansweredReminderLimits.hours;
const wrong = `“${UNANSWERED_HOURS_LABEL}” needs a whole number of hours from ${min} to ${max}, or 0 to turn the reminder off.`;

/** The form's one field, `reminder_hours`. */
export const UnansweredReminderFormSchema = z
  .object({
    reminder_hours: z
      .string()
      .trim()
      .regex(/^\d{1,2}$/, wrong)
      .transform(Number)
      .pipe(z.number().int().max(max, wrong)),
  })
  .transform(({ reminder_hours }): UnansweredReminderSettings => ({ hours: reminder_hours }));

/** The stored value as read back; anything unexpected reads as the default. */
export const UnansweredReminderSettingsSchema = z.object({
  hours: z
    .number()
    .int()
    .refine((hours) => hours === 0 || (hours >= min && hours <= max)),
});
