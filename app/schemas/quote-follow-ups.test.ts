import { expect, test } from "vitest";
import { QuoteFollowUpFormSchema, followUpDays } from "#app/schemas/quote-follow-ups.ts";

const parse = (first_days: string, second_days: string) => QuoteFollowUpFormSchema.safeParse({ first_days, second_days });

test("the form's days: whole numbers 0–60, the second after the first unless one is off", () => {
  expect(parse("3", "7").data).toEqual({ firstDays: 3, secondDays: 7 });
  expect(parse("0", "5").data).toEqual({ firstDays: 0, secondDays: 5 });
  expect(parse("4", "0").success).toBe(true);
  expect(parse("7", "3").error?.issues[0]?.message).toBe("The second follow-up must come later than the first (or be 0 to turn it off).");
  expect(parse("3.5", "7").error?.issues[0]?.message).toMatch(/^The first follow-up needs a whole number of days/);
  expect(parse("3", "61").error?.issues[0]?.message).toBe("The second follow-up can be at most 60 days after sending (0 turns it off).");
  expect(parse("", "7").success).toBe(false);
});

test("the days the follow-ups go, the ones turned off left out", () => {
  expect(followUpDays({ firstDays: 3, secondDays: 7 })).toEqual([3, 7]);
  expect(followUpDays({ firstDays: 0, secondDays: 7 })).toEqual([7]);
  expect(followUpDays({ firstDays: 0, secondDays: 0 })).toEqual([]);
});
