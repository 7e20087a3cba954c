/**
 * The profile's sentences a visitor reads, in Spanish (ADR 064): the owner's optional version of
 * each, next to the English in the profile form. A line left empty shows the English on the
 * Spanish pages (marked as English). Names, numbers, addresses and links are the same in both.
 */
import { z } from "zod";
import { profileLimits, testimonialLimits } from "#app/schemas/site-rules.ts";
import { CREDIT_TERMS } from "#app/schemas/site-proof.ts";
import { HTML_TAG, cleanMultiLineText, cleanSingleLineText } from "#app/schemas/text.ts";

/** The profile fields that have a Spanish version. */
export const spanishProfileKeys = [
  "slogan",
  "answerPromise",
  "insurance",
  "warranty",
  "permits",
  "paymentTerms",
  "financingLabel",
] as const;
export type SpanishProfileKey = (typeof spanishProfileKeys)[number];
/** Only the lines the owner wrote. */
export type SpanishProfile = Partial<Record<SpanishProfileKey, string>>;

/** Each key's form field: es_slogan, es_answer_promise… */
export const spanishFieldName = (key: SpanishProfileKey) => `es_${key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;

/** The id of a line's Spanish field in the profile form, for links to it: es-slogan, es-answer-promise… */
export const spanishProfileAnchor = (key: SpanishProfileKey) => spanishFieldName(key).replaceAll("_", "-");

const line = (max: number, label: string) =>
  z
    .string()
    .overwrite(cleanSingleLineText)
    .trim()
    .max(max, { error: `Please keep ${label} under ${max + 1} characters.` })
    .optional()
    .default("");
const statement = (label: string) =>
  z
    .string()
    .overwrite(cleanMultiLineText)
    .trim()
    .max(profileLimits.statement.max, { error: `Please keep ${label} under ${profileLimits.statement.max + 1} characters.` })
    .optional()
    .default("");

/**
 * A financing label in Spanish states no credit terms either (Regulation Z, 12 CFR 1026.24(d)):
 * figures, a rate (TAE, interés), months, monthly payments, a down payment (enganche).
 */
const SPANISH_CREDIT_TERMS = /\btae\b|inter[eé]s|\bmes(es)?\b|mensual|enganche|pago\s+inicial|pagos?\s+de|por\s+(semana|año)/i;

export const spanishFields = {
  es_slogan: line(profileLimits.slogan.max, "the Spanish slogan"),
  es_answer_promise: line(profileLimits.answerPromise.max, "the Spanish answer-time promise"),
  es_insurance: statement("the Spanish insurance statement"),
  es_warranty: statement("the Spanish warranty statement"),
  es_permits: statement("the Spanish permits statement"),
  es_payment_terms: statement("the Spanish payment terms"),
  es_financing_label: line(profileLimits.financingLabel.max, "the Spanish financing label").refine(
    (value) => !CREDIT_TERMS.test(value) && !SPANISH_CREDIT_TERMS.test(value),
    {
      error:
        "Please name the lender only, with no amounts, rates, months or payments, like “Financiamiento con Hearth”: such terms would oblige the site to show the full credit terms (federal Truth in Lending rules).",
    },
  ),
};

/** A testimonial's quote in Spanish: optional ("" leaves the Spanish pages showing the English), its paragraphs kept, no HTML. */
export const spanishQuote = z
  .string()
  .overwrite(cleanMultiLineText)
  .trim()
  .max(testimonialLimits.quoteEs.max, { error: `Please keep the Spanish quote under ${testimonialLimits.quoteEs.max + 1} characters.` })
  .optional()
  .default("")
  .refine((value) => !HTML_TAG.test(value), { error: "The Spanish quote cannot contain HTML tags." });

type SpanishInput = z.output<z.ZodObject<typeof spanishFields>>;

/** The Spanish lines as the profile stores them: only those written. */
export function spanishValues(values: SpanishInput): { spanish: SpanishProfile } {
  const spanish: SpanishProfile = {};
  for (const key of spanishProfileKeys) {
    const value = values[spanishFieldName(key) as keyof SpanishInput];
    if (value !== "") spanish[key] = value;
  }
  return { spanish };
}

/** The stored Spanish lines as the form's fields. */
export function spanishToFields(spanish: SpanishProfile): Record<string, string> {
  return Object.fromEntries(spanishProfileKeys.map((key) => [spanishFieldName(key), spanish[key] ?? ""]));
}

/** A stored value read back: only known keys with text (an older or hand-edited row never breaks a page). */
export function readSpanishProfile(value: unknown): SpanishProfile {
  if (typeof value !== "object" || value === null) return {};
  const spanish: SpanishProfile = {};
  for (const key of spanishProfileKeys) {
    const text = (value as Record<string, unknown>)[key];
    if (typeof text === "string" && text.trim() !== "") spanish[key] = text;
  }
  return spanish;
}
