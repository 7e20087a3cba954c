/**
 * What happens after an estimate request, in the homeowner's words: the confirmation panel on the
 * page and the confirmation email say the same three steps, so neither promises more than the
 * other. The first step follows the way to reach them they chose on the form, if any.
 */
import type { ContactMethod } from "#app/schemas/estimate-rules.ts";
import type { Locale } from "#app/i18n/locale.ts";
import { translate } from "#app/i18n/messages.ts";

/** How the homeowner asked to be reached, as the form stored it (`contact_method`, phone, email). */
export interface ReachChoice {
  method: ContactMethod | string | null | undefined;
  phone: string;
  email: string;
}

function firstStep(locale: Locale, reach: ReachChoice | undefined): string {
  const phone = reach?.phone.trim() ?? "";
  const email = reach?.email.trim() ?? "";
  const method = reach?.method;
  const contact = method === "email" ? email : method === "call" || method === "text" ? phone : "";
  // Without the way to reach them, the first step says "call or text".
  return translate(locale, "estimate.step.reach", { method: contact ? (method as string) : "none", contact });
}

/** The three steps, in `locale`; without a choice (or before one is known) the first says "call or text". */
export function estimateNextSteps(reach?: ReachChoice, locale: Locale = "en"): string[] {
  return [firstStep(locale, reach), translate(locale, "estimate.step.visit"), translate(locale, "estimate.step.quote")];
}
