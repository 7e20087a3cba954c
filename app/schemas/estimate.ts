/**
 * The estimate request form, validated with the same rules in the browser
 * (HTML attributes derived from `estimateLimits`) and on the server (this schema).
 * Field names are the original site's: from_name, email, phone, subject, message.
 */
import { z } from "zod";
import {
  attributionFields,
  attributionLimits,
  contactMethods,
  estimateLimits,
  phoneCharacters,
  phoneDigits,
  type AttributionField,
} from "#app/schemas/estimate-rules.ts";
import { cleanMultiLineText, cleanSingleLineText } from "#app/schemas/text.ts";

export { estimateLimits, phonePattern, phoneDigits } from "#app/schemas/estimate-rules.ts";

const optionalText = (label: string, max: number) =>
  z
    .string()
    .overwrite(cleanSingleLineText)
    .trim()
    .max(max, { error: `Please keep ${label} under ${max} characters.` })
    .optional()
    .transform((value) => (value ? value : null));

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `Please enter ${label}.` })
    .overwrite(cleanSingleLineText)
    .trim()
    .min(1, { error: `Please enter ${label}.` })
    .max(max, { error: `Please keep ${label} under ${max} characters.` });

export const EstimateRequestSchema = z.object({
  from_name: requiredText("your full name", estimateLimits.from_name.max),
  email: z
    .string({ error: "Please enter your email address." })
    .overwrite(cleanSingleLineText)
    .trim()
    .min(1, { error: "Please enter your email address." })
    .max(estimateLimits.email.max, { error: "That email address is too long." })
    .pipe(z.email({ error: "Please enter a valid email address, like name@example.com." })),
  phone: z
    .string({ error: "Please enter your phone number." })
    .overwrite(cleanSingleLineText)
    .trim()
    .min(1, { error: "Please enter your phone number." })
    .max(estimateLimits.phone.max, { error: "That phone number is too long." })
    .refine((v) => phoneCharacters.test(v), {
      error: "Please use only digits, spaces, ( ) . - and +, like (713) 555-0147.",
    })
    .refine(
      (v) => {
        const digits = phoneDigits(v).length;
        return digits >= estimateLimits.phone.minDigits && digits <= estimateLimits.phone.maxDigits;
      },
      { error: "Please enter a phone number with area code (at least 10 digits)." },
    ),
  subject: requiredText("a subject", estimateLimits.subject.max),
  message: z
    .string()
    // A plain form post sends each line break as CR LF (the fetcher's post sends LF): store LF,
    // and count a line break as one character, as the textarea's maxlength does. No control characters.
    .overwrite(cleanMultiLineText)
    .trim()
    .max(estimateLimits.message.max, {
      error: `Please keep the message under ${estimateLimits.message.max} characters.`,
    })
    .optional()
    .default(""),
  zip: z
    .string()
    .overwrite(cleanSingleLineText)
    .trim()
    .refine((value) => value === "" || /^\d{5}$/.test(value), {
      error: "Please enter a 5-digit ZIP code, like 77008, or leave it empty.",
    })
    .optional()
    .transform((value) => (value ? value : null)),
  street_address: optionalText("the street address", estimateLimits.street_address.max),
  contact_method: z
    .string()
    .trim()
    .refine((value) => value === "" || (contactMethods as readonly string[]).includes(value), {
      error: "Please choose a call, a text or an email.",
    })
    .optional()
    .transform((value) => (value ? (value as (typeof contactMethods)[number]) : null)),
  best_time: optionalText("the best time", estimateLimits.best_time.max),
});

export type EstimateRequest = z.infer<typeof EstimateRequestSchema>;
export type EstimateField = keyof EstimateRequest;
export const estimateFields: EstimateField[] = [
  "from_name",
  "email",
  "phone",
  "subject",
  "message",
  "zip",
  "street_address",
  "contact_method",
  "best_time",
];

/** Where the visit came from, as the hidden fields sent it. */
export type Attribution = Record<AttributionField, string | null>;

/**
 * The hidden attribution fields, cleaned: never a reason to refuse a person's request, so a value
 * that is too long is cut and control characters are dropped; empty becomes null.
 */
export function parseAttribution(values: Record<string, unknown>): Attribution {
  const out = {} as Attribution;
  for (const field of attributionFields) {
    const raw = values[field];
    const text = typeof raw === "string" ? cleanSingleLineText(raw).trim().slice(0, attributionLimits[field]) : "";
    out[field] = text === "" ? null : text;
  }
  return out;
}

export type FieldErrors = Partial<Record<EstimateField, string>>;

/** Validates raw form values; returns the clean request or one message per bad field. */
export function parseEstimateRequest(
  values: Record<string, unknown>,
): { success: true; data: EstimateRequest } | { success: false; errors: FieldErrors } {
  const result = EstimateRequestSchema.safeParse(values);
  if (result.success) return { success: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as EstimateField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { success: false, errors };
}

/** What the form shows after a submission, with or without JavaScript. */
export type EstimateActionResult =
  | {
      status: "success";
      message: string;
      /** A short reference the homeowner can quote on the phone (leadReference in schemas/lead.ts). */
      reference: string;
      /** What happens next, the first step as they asked to be reached (the email says the same). */
      nextSteps?: string[];
      /** Photos sent with it: how many were kept, and each refused one with the reason, in words. */
      photos?: { stored: number; refused: { name: string; reason: string }[] };
    }
  | {
      status: "error";
      message: string;
      fieldErrors?: FieldErrors;
      /** What the visitor typed, to put back in the form (no-JavaScript posts). */
      values?: Record<string, string>;
    };
