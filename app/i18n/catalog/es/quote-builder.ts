import type { quoteBuilder as en } from "#app/i18n/catalog/en/quote-builder.ts";

export const quoteBuilder: Record<keyof typeof en, string> = {
  "quoteBuilder.newOption": "Opción {number}",
  "quoteBuilder.newSection": "Nueva sección",
};
