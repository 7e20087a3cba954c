/**
 * A project in the page's language (ADR 064). Its Spanish page exists only once the owner has
 * written both its title and its story in Spanish: a page half in English never gets a Spanish
 * address. Until then Spanish pages link to the English page and show the English title marked
 * `lang="en"`.
 */
import type { Locale } from "#app/i18n/locale.ts";
import { localePath } from "#app/i18n/paths.ts";
import { projectHref } from "#app/schemas/project-view.ts";

interface SpanishWords {
  titleEs: string;
  descriptionEs: string;
}

/** True when the project has its Spanish page: its title and its story are both in Spanish. */
export function hasSpanishPage(project: SpanishWords): boolean {
  return project.titleEs.trim() !== "" && project.descriptionEs.trim() !== "";
}

/** A project as a link from a photo (its page, its title in either language). */
export type ProjectLink = SpanishWords & { slug: string; title: string };

/** The project's page in `locale` when it has one there, else its English page. */
export function localProjectHref(locale: Locale, project: SpanishWords & { slug: string }): string {
  const href = projectHref(project.slug);
  return locale === "es" && hasSpanishPage(project) ? localePath(locale, href) : href;
}

/** The language a project's page is shown in on a page in `locale`: Spanish only where it exists. */
export function projectPageLocale(locale: Locale, project: SpanishWords): Locale {
  return locale === "es" && hasSpanishPage(project) ? "es" : "en";
}

/**
 * One of the owner's texts in `locale`: the Spanish version when written, else the English one
 * with `lang: "en"` on a Spanish page (nothing to mark when the English is empty too).
 */
export function ownText(locale: Locale, english: string, spanish: string): { text: string; lang?: Locale } {
  if (locale === "en") return { text: english };
  if (spanish.trim() !== "") return { text: spanish };
  return english === "" ? { text: "" } : { text: english, lang: "en" };
}
