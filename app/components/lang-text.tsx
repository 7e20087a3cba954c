/**
 * Words in a language other than the page's: the contractor's own texts (their profile lines,
 * edited texts, testimonials, project titles), which have no Spanish version yet, shown as
 * entered on a Spanish page inside an element that names their language, so screen readers read
 * them right and search engines know (ADR 064). On a page in the same language nothing is added.
 */
import { useContext, useMemo, type ReactNode } from "react";
import { UNSAFE_LocationContext } from "react-router";
import { localeOf, type Locale } from "#app/i18n/locale.ts";
import { translator, type Translate } from "#app/i18n/messages.ts";

/**
 * The page's language, like `useLocale()`, but English outside a router too (a component rendered
 * on its own in a unit test), so the shared parts work wherever they are drawn.
 */
export function usePageLocale(): Locale {
  const pathname = useContext(UNSAFE_LocationContext)?.location?.pathname;
  return localeOf(pathname ?? "/");
}

/** `t(key, values)` in the page's language (English outside a router). */
export function usePageT(): Translate {
  const locale = usePageLocale();
  return useMemo(() => translator(locale), [locale]);
}

/** Inline words in `lang`: a `<span lang>` on a page in another language; none needed otherwise. */
export function LangText({ lang, children }: { lang: Locale | null | undefined; children: ReactNode }) {
  const page = usePageLocale();
  if (!lang || lang === page) return <>{children}</>;
  return <span lang={lang}>{children}</span>;
}

/** The block variant: paragraphs (a story, a quote) in `lang`, in a `<div lang>` on a page in another language. */
export function LangBlock({ lang, children, className }: { lang: Locale | null | undefined; children: ReactNode; className?: string }) {
  const page = usePageLocale();
  if (!lang || lang === page) return className ? <div className={className}>{children}</div> : <>{children}</>;
  return (
    <div lang={lang} className={className}>
      {children}
    </div>
  );
}

/** One of the owner's sentences as `ownLine` gives it: their Spanish, or their English marked as such. */
export function OwnLine({ line }: { line: { text: string; lang?: Locale } }) {
  return <LangText lang={line.lang}>{line.text}</LangText>;
}
