/**
 * The estimate form's own labels (app/components/estimate/estimate-fields.tsx), as the homeowner's
 * copy of their request repeats them: "What do you need?", not "Subject". A unit test holds the
 * form and these in step.
 */
import type { Locale } from "#app/i18n/locale.ts";
import { translate } from "#app/i18n/messages.ts";

export const estimateFormLabels = {
  from_name: "Full name",
  email: "Email",
  phone: "Phone",
  subject: "What do you need?",
  message: "Message",
  zip: "ZIP code",
  street_address: "Street address",
  contact_method: "Preferred way to reach you",
  best_time: "Best time to reach you",
  photos: "Photos of the job",
} as const;

/**
 * The same labels in `locale`, from the catalog (`estimate.label.*`, ADR 064): what the form
 * shows on a Spanish page, for a copy of the request in the homeowner's language.
 */
export function estimateFormLabelsIn(locale: Locale): Record<keyof typeof estimateFormLabels, string> {
  const labels = {} as Record<keyof typeof estimateFormLabels, string>;
  for (const field of Object.keys(estimateFormLabels) as (keyof typeof estimateFormLabels)[]) {
    labels[field] = translate(locale, `estimate.label.${field}`);
  }
  return labels;
}
