import { useLocation, useMatches } from "react-router";
import { localeNames, type Locale } from "#app/i18n/locale.ts";
import { useLocale } from "#app/i18n/react.ts";
import { twinPath } from "#app/i18n/paths.ts";

/**
 * The same page in the other language, when it has one: a plain link, named in the language it
 * leads to ("Español" on an English page, "English" on a Spanish one), marked with that language
 * so a screen reader says it right (ADR 064). A page whose loader says `twin: false` (a project
 * without Spanish text) offers none.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const locale = useLocale();
  const { pathname, search } = useLocation();
  const leaf = useMatches().at(-1)?.loaderData as { twin?: boolean } | undefined;
  const twin = leaf?.twin === false ? null : twinPath(pathname);
  if (twin === null) return null;
  const other: Locale = locale === "en" ? "es" : "en";
  // A chosen service (?service=) travels with the switch: it names a slug, the same in both.
  const query = new URLSearchParams(search).get("service");
  const href = query ? `${twin}?service=${encodeURIComponent(query)}` : twin;
  return (
    <a className={className} href={href} lang={other} hrefLang={other}>
      {localeNames[other]}
    </a>
  );
}
