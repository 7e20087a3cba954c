/**
 * The site's two languages (ADR 064). English is unprefixed; Spanish lives under /es/. The URL
 * alone decides a page's language: never the Accept-Language header or a cookie, so the page
 * cache serves the same bytes for a URL and search engines see what a visitor sees.
 */
export const locales = ["en", "es"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";

/** What <html lang>, `hreflang` and Intl read. */
export const languageTags: Record<Locale, string> = { en: "en-US", es: "es-US" };

/** Open Graph's locale tag. */
export const ogLocales: Record<Locale, string> = { en: "en_US", es: "es_US" };

/** Each language named in itself: the switcher's words never depend on the page's language. */
export const localeNames: Record<Locale, string> = { en: "English", es: "Español" };

export function isLocale(value: unknown): value is Locale {
  return value === "en" || value === "es";
}

/** The language of a path: Spanish for /es and everything under /es/, else English. */
export function localeOf(pathname: string): Locale {
  return pathname === "/es" || pathname.startsWith("/es/") ? "es" : "en";
}

/** The language stored with a request (leads.locale): anything unknown reads as English. */
export function toLocale(value: string | null | undefined): Locale {
  return isLocale(value) ? value : defaultLocale;
}

/** A route's id without its language: the Spanish twin of "routes/public/home" is "routes/public/home@es". */
export function routeBase(id: string): string {
  return id.endsWith("@es") ? id.slice(0, -3) : id;
}
