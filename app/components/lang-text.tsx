import type { ReactNode } from "react";
import type { Locale } from "#app/i18n/locale.ts";
import { useLocale } from "#app/i18n/react.ts";

/**
 * Text in a language that may not be the page's: the contractor's own lines (hours, a profile
 * sentence) stay as they were entered, and a Spanish page marks the English ones with `lang`, so
 * a screen reader reads them in English (WCAG 3.1.2). On a page in the same language it adds nothing.
 */
export function LangText({ lang, children }: { lang: Locale; children: ReactNode }) {
  const locale = useLocale();
  return locale === lang ? <>{children}</> : <span lang={lang}>{children}</span>;
}
