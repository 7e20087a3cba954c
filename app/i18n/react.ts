/**
 * The page's language and words in a component (ADR 064). The language comes from the URL (the
 * router's location), so it holds on error pages too, where no loader data is there to read.
 */
import { useMemo } from "react";
import { useLocation } from "react-router";
import { localeOf, type Locale } from "#app/i18n/locale.ts";
import { translator, type Translate } from "#app/i18n/messages.ts";
import { localePath } from "#app/i18n/paths.ts";

export function useLocale(): Locale {
  return localeOf(useLocation().pathname);
}

/** `t(key, values)` in the page's language. */
export function useT(): Translate {
  const locale = useLocale();
  return useMemo(() => translator(locale), [locale]);
}

/** `path("/contact")`: a page's address in the page's language ("/es/contacto" on a Spanish page). */
export function useLocalePath(): (enPath: string) => string {
  const locale = useLocale();
  return useMemo(() => (enPath: string) => localePath(locale, enPath), [locale]);
}
