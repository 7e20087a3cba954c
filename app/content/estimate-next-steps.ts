/**
 * What happens after an estimate request, in the homeowner's words: the confirmation panel on the
 * page and the confirmation email say the same three steps, so neither promises more than the
 * other. The first step follows the way to reach them they chose on the form, if any.
 */
import type { ContactMethod } from "#app/schemas/estimate-rules.ts";

/** How the homeowner asked to be reached, as the form stored it (`contact_method`, phone, email). */
export interface ReachChoice {
  method: ContactMethod | string | null | undefined;
  phone: string;
  email: string;
}

const WHEN_NOT_CHOSEN = "We call or text you to set a time.";

function firstStep(reach: ReachChoice | undefined): string {
  const phone = reach?.phone.trim() ?? "";
  const email = reach?.email.trim() ?? "";
  switch (reach?.method) {
    case "call":
      return phone ? `We call you at ${phone} to set a time.` : WHEN_NOT_CHOSEN;
    case "text":
      return phone ? `We text you at ${phone} to set a time.` : WHEN_NOT_CHOSEN;
    case "email":
      return email ? `We email you at ${email} to set a time.` : WHEN_NOT_CHOSEN;
    default:
      return WHEN_NOT_CHOSEN;
  }
}

/** The three steps; without a choice (or before one is known) the first says "call or text". */
export function estimateNextSteps(reach?: ReachChoice): string[] {
  return [firstStep(reach), "We visit to measure and talk through the options.", "You get a written quote, free and with no obligation."];
}
