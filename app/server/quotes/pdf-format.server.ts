/**
 * How figures read in a signed quote's PDF (ADR 068): money, quantities, rates and times through
 * Intl in the quote's language, times in the site's time zone. Kept apart from the drawing so the
 * words can be checked without parsing a PDF.
 */
import { languageTags, type Locale } from "#app/i18n/locale.ts";

export interface PdfFormat {
  money(cents: number): string;
  /** Thousandths of a unit (1500 = 1.5), with the unit if any. */
  quantity(quantityMilli: number, unit: string): string;
  /** Basis points as a percentage: 825 → "8.25%". */
  rate(basisPoints: number): string;
  /** An instant, with the date, the time and the zone's short name. */
  dateTime(iso: string): string;
  /** A calendar day as typed in the builder (YYYY-MM-DD): never shifted by a time zone. */
  day(isoDate: string): string;
}

export function pdfFormat(locale: Locale, timeZone: string): PdfFormat {
  const tag = languageTags[locale];
  const money = new Intl.NumberFormat(tag, { style: "currency", currency: "USD" });
  const number = new Intl.NumberFormat(tag, { maximumFractionDigits: 3 });
  const percent = new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 2 });
  const instant = new Intl.DateTimeFormat(tag, {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  });
  const calendar = new Intl.DateTimeFormat(tag, { dateStyle: "long", timeZone: "UTC" });
  return {
    // Whole cents divided once: 1999 cents is exactly representable as 19.99 for display.
    money: (cents) => money.format(cents / 100),
    quantity: (quantityMilli, unit) => {
      const figure = number.format(quantityMilli / 1000);
      return unit ? `${figure} ${unit}` : figure;
    },
    rate: (basisPoints) => percent.format(basisPoints / 10_000),
    dateTime: (iso) => instant.format(new Date(iso)),
    day: (isoDate) => calendar.format(new Date(`${isoDate}T00:00:00Z`)),
  };
}

const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, "Edge"],
  [/\bOPR\/(\d+)/, "Opera"],
  [/\bSamsungBrowser\/(\d+)/, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, "Firefox"],
  [/\b(?:Chrome|CriOS)\/(\d+)/, "Chrome"],
  [/\bVersion\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//, "Safari"],
];

const systems: [RegExp, string][] = [
  [/\bAndroid\b/, "Android"],
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b/, "macOS"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bLinux\b/, "Linux"],
];

/**
 * A browser's User-Agent as a person reads it ("Chrome 131 (Android)", the same in both languages); the full string stays in
 * the signature's record. Anything unrecognised is cut to 60 characters rather than guessed.
 */
export function shortBrowser(userAgent: string): string {
  const browser = browsers.map(([pattern, name]) => [pattern.exec(userAgent), name] as const).find(([match]) => match);
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser?.[0]) return system ? `${browser[1]} ${browser[0][1]} (${system})` : `${browser[1]} ${browser[0][1]}`;
  const plain = userAgent.trim();
  if (!plain) return "?";
  return plain.length > 60 ? `${plain.slice(0, 59)}…` : plain;
}
