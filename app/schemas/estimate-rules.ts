/**
 * The estimate form's limits and phone rule, without Zod, so the browser
 * bundle can use them for the form's HTML attributes without loading the
 * schema library. The server's schema (estimate.ts) is built from these.
 */
export const estimateLimits = {
  from_name: { max: 100 },
  email: { max: 254 },
  phone: { max: 30, minDigits: 10, maxDigits: 15 },
  subject: { max: 150 },
  message: { max: 5000 },
} as const;

/** Digits, spaces, parentheses, dots, dashes and a leading +: "(713) 555-0147", "+1 713.555.0147". */
export const phoneCharacters = /^\+?[0-9\s().-]+$/;

/** For the browser's `pattern` attribute (evaluated with the `v` flag): same rule, 10–15 digits. */
export const phonePattern = String.raw`\+?[\s\(\).\-]*(?:[0-9][\s\(\).\-]*){10,15}`;

export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, "");
}

