/** How the quote page writes money, rates and quantities in the page's language (es-US writes dollars as "$1,234.50" too). */
import { languageTags, type Locale } from "#app/i18n/locale.ts";

const formats = new Map<Locale, Intl.NumberFormat>();

export function formatCents(locale: Locale, cents: number): string {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(languageTags[locale], { style: "currency", currency: "USD" });
    formats.set(locale, format);
  }
  return format.format(cents / 100);
}

/** 825 basis points → "8.25%". */
export function formatRate(locale: Locale, basisPoints: number): string {
  return new Intl.NumberFormat(languageTags[locale], { style: "percent", maximumFractionDigits: 3 }).format(basisPoints / 10_000);
}

/** 1500 thousandths → "1.5". */
export function formatQuantity(locale: Locale, quantityMilli: number): string {
  return new Intl.NumberFormat(languageTags[locale], { maximumFractionDigits: 3 }).format(quantityMilli / 1000);
}
