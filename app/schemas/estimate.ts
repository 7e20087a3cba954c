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

/**
 * A refused field's reason, as a code (ADR 064): the words are chosen at the edge, in the page's
 * language (`fieldErrorWords` in app/server/leads/estimate/answers.server.ts, the catalog's
 * `estimate.error.*`). Zod carries the code as its issue's message.
 */
export const fieldRefusalCodes = ["required", "tooLong", "email", "phoneCharacters", "phoneDigits", "zip", "contactMethod"] as const;
export type FieldRefusalCode = (typeof fieldRefusalCodes)[number];
export interface FieldRefusal {
  code: FieldRefusalCode;
  field: EstimateField;
  /** The field's length limit, for `tooLong`. */
  max?: number;
}

const code = (value: FieldRefusalCode) => ({ error: value });

const optionalText = (max: number) =>
  z
    .string()
    .overwrite(cleanSingleLineText)
    .trim()
    .max(max, code("tooLong"))
    .optional()
    .transform((value) => (value ? value : null));

const requiredText = (max: number) =>
  z.string(code("required")).overwrite(cleanSingleLineText).trim().min(1, code("required")).max(max, code("tooLong"));

export const EstimateRequestSchema = z.object({
  from_name: requiredText(estimateLimits.from_name.max),
  email: z
    .string(code("required"))
    .overwrite(cleanSingleLineText)
    .trim()
    .min(1, code("required"))
    .max(estimateLimits.email.max, code("tooLong"))
    .pipe(z.email(code("email"))),
  phone: z
    .string(code("required"))
    .overwrite(cleanSingleLineText)
    .trim()
    .min(1, code("required"))
    .max(estimateLimits.phone.max, code("tooLong"))
    .refine((v) => phoneCharacters.test(v), code("phoneCharacters"))
    .refine((v) => {
      const digits = phoneDigits(v).length;
      return digits >= estimateLimits.phone.minDigits && digits <= estimateLimits.phone.maxDigits;
    }, code("phoneDigits")),
  subject: requiredText(estimateLimits.subject.max),
  message: z
    .string()
    // A plain form post sends each line break as CR LF (the fetcher's post sends LF): store LF,
    // and count a line break as one character, as the textarea's maxlength does. No control characters.
    .overwrite(cleanMultiLineText)
    .trim()
    .max(estimateLimits.message.max, code("tooLong"))
    .optional()
    .default(""),
  zip: z
    .string()
    .overwrite(cleanSingleLineText)
    .trim()
    .refine((value) => value === "" || /^\d{5}$/.test(value), code("zip"))
    .optional()
    .transform((value) => (value ? value : null)),
  street_address: optionalText(estimateLimits.street_address.max),
  contact_method: z
    .string()
    .trim()
    .refine((value) => value === "" || (contactMethods as readonly string[]).includes(value), code("contactMethod"))
    .optional()
    .transform((value) => (value ? (value as (typeof contactMethods)[number]) : null)),
  best_time: optionalText(estimateLimits.best_time.max),
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

/** Each refused field's message, in words (the page's language), as the form shows it. */
export type FieldErrors = Partial<Record<EstimateField, string>>;
/** Each refused field's reason, as a code. */
export type FieldRefusals = Partial<Record<EstimateField, FieldRefusal>>;

/** Validates raw form values; returns the clean request or one refusal (a code) per bad field. */
export function parseEstimateRequest(
  values: Record<string, unknown>,
): { success: true; data: EstimateRequest } | { success: false; errors: FieldRefusals } {
  const result = EstimateRequestSchema.safeParse(values);
  if (result.success) return { success: true, data: result.data };
  const errors: FieldRefusals = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as EstimateField | undefined;
    if (!field || errors[field]) continue;
    const reason = (fieldRefusalCodes as readonly string[]).includes(issue.message) ? (issue.message as FieldRefusalCode) : "required";
    errors[field] = reason === "tooLong" ? { code: reason, field, max: estimateLimits[field].max } : { code: reason, field };
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
      /** The request's booking page (a path in the page's language): the homeowner picks the visit's time (ADR 071). */
      booking?: string;
    }
  | {
      status: "error";
      message: string;
      fieldErrors?: FieldErrors;
      /** What the visitor typed, to put back in the form (no-JavaScript posts). */
      values?: Record<string, string>;
    };
