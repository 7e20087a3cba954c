/** The addresses of the homeowner's pages (ADR 066, 069): the URL's language is the page's. */
import type { Locale } from "#app/i18n/locale.ts";

/** A quote's page: /quote/<token>, /es/cotizacion/<token>. */
export function quotePath(locale: Locale, token: string): string {
  return locale === "es" ? `/es/cotizacion/${token}` : `/quote/${token}`;
}

/** A signed quote's PDF (the quote's language is in the document): /quote/<token>/pdf. */
export function quotePdfPath(token: string): string {
  return `/quote/${token}/pdf`;
}

/** The homeowner's page: /my/<token>, /es/mi/<token>. */
export function homeownerPath(locale: Locale, token: string): string {
  return locale === "es" ? `/es/mi/${token}` : `/my/${token}`;
}

/** A finished job's review page (issue 29): /review/<token>, /es/resena/<token>. */
export function reviewPath(locale: Locale, token: string): string {
  return locale === "es" ? `/es/resena/${token}` : `/review/${token}`;
}

/** The public review link as emails and the review page give it: counts the click, then 303 to the review site. */
export function reviewGoPath(token: string): string {
  return `/review/${token}/go`;
}

/** The review request email's 1×1 image: the first load counts as "opened" (an estimate). */
export function reviewSeenPath(token: string): string {
  return `/review/${token}/seen.gif`;
}

/** One request's booking page (ADR 071): /book/<token>, /es/cita/<token>. */
export function bookingPath(locale: Locale, token: string): string {
  return locale === "es" ? `/es/cita/${token}` : `/book/${token}`;
}
