/**
 * The estimate request form, validated with the same rules in the browser
 * (HTML attributes derived from `estimateLimits`) and on the server (this schema).
 * Field names are the original site's: from_name, email, phone, subject, message.
 */
import { z } from "zod";
import { estimateLimits, phoneCharacters, phoneDigits } from "./estimate-rules.ts";
import { cleanMultiLineText, cleanSingleLineText } from "./text.ts";

export { estimateLimits, phonePattern, phoneDigits } from "./estimate-rules.ts";

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
});

export type EstimateRequest = z.infer<typeof EstimateRequestSchema>;
export type EstimateField = keyof EstimateRequest;
export const estimateFields: EstimateField[] = ["from_name", "email", "phone", "subject", "message"];

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
  | { status: "success"; message: string }
  | {
      status: "error";
      message: string;
      fieldErrors?: FieldErrors;
      /** What the visitor typed, to put back in the form (no-JavaScript posts). */
      values?: Record<string, string>;
    };
