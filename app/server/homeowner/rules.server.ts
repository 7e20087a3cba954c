/**
 * The homeowner's page's rules (ADR 069), in one place: how long a link opens the page after the
 * last email that carried it, how long a confirmed browser stays confirmed, the code's life, its
 * tries and how many codes an address and a client may ask for.
 */
import type { Locale } from "#app/i18n/locale.ts";

export const DAY_MS = 24 * 3600 * 1000;

/** A link opens the page within this long of the last email that carried it… */
export const FRESH_LINK_MS = 14 * DAY_MS;
/** …or from a browser that typed the right code within this long. */
export const CONFIRMED_BROWSER_MS = 14 * DAY_MS;

export const CODE_DIGITS = 6;
export const CODE_LIFE_MS = 15 * 60 * 1000;
/** Wrong tries before a code is dead (a new one must be asked for). */
export const CODE_TRIES = 5;

/** Codes emailed per address, and asked per client address, in CODE_WINDOW_MS. */
export const CODES_PER_LINK = 3;
export const CODES_PER_IP = 10;
export const CODE_WINDOW_MS = 3600 * 1000;

/** The page's path in a language: /my/<token>, /es/mi/<token>. */
export function homeownerPath(locale: Locale, token: string): string {
  return locale === "es" ? `/es/mi/${token}` : `/my/${token}`;
}

/** The page's full address, for an email. */
export function homeownerUrl(publicUrl: string, locale: Locale, token: string): string {
  return `${publicUrl.replace(/\/+$/, "")}${homeownerPath(locale, token)}`;
}

/** "j•••@example.com": enough for the homeowner to know which address, not enough to give it to a stranger with the link. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${email[0]}•••${email.slice(at)}`;
}
