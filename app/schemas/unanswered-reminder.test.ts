import { describe, expect, test } from "vitest";
import { UnansweredReminderFormSchema, UnansweredReminderSettingsSchema } from "#app/schemas/unanswered-reminder.ts";

const parse = (value: string) => UnansweredReminderFormSchema.safeParse({ reminder_hours: value });

describe("the unanswered request reminder's hours", () => {
  test("a whole number from 1 to 72, or 0 for off", () => {
    expect(parse("0").data).toEqual({ hours: 0 });
    expect(parse(" 4 ").data).toEqual({ hours: 4 });
    expect(parse("72").data).toEqual({ hours: 72 });
  });

  test("anything else is refused with a sentence naming the field", () => {
    for (const value of ["", "73", "-1", "2.5", "four", "100"]) {
      const result = parse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        "“Remind me when a request has no answer after this many business hours” needs a whole number of hours from 1 to 72, or 0 to turn the reminder off.",
      );
    }
  });

  test("a stored value out of range reads as unusable (the default is used)", () => {
    expect(UnansweredReminderSettingsSchema.safeParse({ hours: 0 }).success).toBe(true);
    expect(UnansweredReminderSettingsSchema.safeParse({ hours: 72 }).success).toBe(true);
    expect(UnansweredReminderSettingsSchema.safeParse({ hours: 73 }).success).toBe(false);
    expect(UnansweredReminderSettingsSchema.safeParse({ hours: 1.5 }).success).toBe(false);
  });
});
