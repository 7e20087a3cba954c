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
  zip: { max: 5 },
  street_address: { max: 200 },
  contact_method: { max: 10 },
  best_time: { max: 100 },
} as const;

/** How the homeowner would like to be reached (the `contact_method` field); optional. */
export const contactMethods = ["call", "text", "email"] as const;
export type ContactMethod = (typeof contactMethods)[number];
export const contactMethodLabels: Record<ContactMethod, string> = {
  call: "A phone call",
  text: "A text message",
  email: "An email",
};

/** The "What do you need?" list ends with this; any other text is still accepted as the subject. */
export const SOMETHING_ELSE = "Something else";

/** A US ZIP code as the form takes it: exactly five digits. */
export const zipPattern = "[0-9]{5}";

/** The hidden fields that say where the visit came from (filled from its first page; never shown). */
export const attributionFields = ["landing_page", "referrer", "utm_source", "utm_medium", "utm_campaign"] as const;
export type AttributionField = (typeof attributionFields)[number];
export const attributionLimits: Record<AttributionField, number> = {
  landing_page: 500,
  referrer: 500,
  utm_source: 100,
  utm_medium: 100,
  utm_campaign: 150,
};

/** Job photos: how many one request may carry, and the name of the file field. */
export const JOB_PHOTO_FIELD = "photos";
export const MAX_JOB_PHOTOS = 6;

/** Digits, spaces, parentheses, dots, dashes and a leading +: "(713) 555-0147", "+1 713.555.0147". */
export const phoneCharacters = /^\+?[0-9\s().-]+$/;

/** For the browser's `pattern` attribute (evaluated with the `v` flag): same rule, 10–15 digits. */
export const phonePattern = String.raw`\+?[\s\(\).\-]*(?:[0-9][\s\(\).\-]*){10,15}`;

export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, "");
}
