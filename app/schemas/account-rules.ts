/**
 * The account forms' limits, without Zod, so the browser bundle can use them for the form's HTML
 * attributes without loading the schema library (FormField is also on the public pages, whose
 * scripts must not carry Zod: it probes for eval, which the CSP blocks). account.ts builds on these.
 */
export const accountLimits = {
  email: { max: 254 },
  name: { max: 100 },
  password: { min: 8, max: 128 },
} as const;
