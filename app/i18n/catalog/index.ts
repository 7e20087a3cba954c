/**
 * The catalogs, one per language, each the union of its area files (ADR 064). An area file is
 * added to both lists at once; the Spanish files are typed by the English keys, so a key missing
 * from Spanish does not compile, and app/i18n/catalog.test.ts checks the rest (extra keys, the
 * ICU syntax, the same placeholders on both sides).
 */
import { site as enSite } from "#app/i18n/catalog/en/site.ts";
import { site as esSite } from "#app/i18n/catalog/es/site.ts";
import { services as enServices } from "#app/i18n/catalog/en/services.ts";
import { services as esServices } from "#app/i18n/catalog/es/services.ts";
import { estimate as enEstimate } from "#app/i18n/catalog/en/estimate.ts";
import { estimate as esEstimate } from "#app/i18n/catalog/es/estimate.ts";

export const en = { ...enSite, ...enServices, ...enEstimate } as const;
export type MessageKey = keyof typeof en;
export const es: Record<MessageKey, string> = { ...esSite, ...esServices, ...esEstimate };
