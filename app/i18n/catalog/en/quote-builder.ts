/**
 * The words a quote's new parts start with in the builder (app/schemas/quote-form-edit.ts), in
 * the homeowner's language: the contractor renames them, but a name left as it was must still
 * read right to a Spanish-speaking homeowner.
 */
export const quoteBuilder = {
  "quoteBuilder.newOption": "Option {number}",
  "quoteBuilder.newSection": "New section",
} as const;
