import type { QuoteStatus } from "#app/schemas/quote.ts";

/** A quote's stage as the admin reads it. */
export const quoteStatusLabels: Record<QuoteStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  signed: "Signed",
  declined: "Declined",
};
