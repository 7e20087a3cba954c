/**
 * The go-live checklist's item about Spanish (ADR 064): the built-in words come in both languages,
 * but what the owner wrote has a Spanish version only when the owner writes one. Each text still
 * missing it is listed with a link to its field; until then the Spanish pages show it in English.
 * Optional: a site may go live in English only.
 */
import type { AdminText } from "#app/server/site/types.server.ts";
import { textAnchor } from "#app/content/texts.ts";

export interface SpanishCheck {
  id: "spanish";
  label: string;
  status: "done" | "optional";
  detail: string;
  fix: string;
  href: string | null;
  /** Each thing still missing its Spanish, with the page that fixes it. */
  missing: { label: string; href: string }[];
}

/** Where a text's Spanish field is: its group open, the page scrolled to it. */
export const spanishTextHref = (key: string) => `/admin/site/texts?key=${encodeURIComponent(key)}#${textAnchor(key)}-es`;

export function spanishCheck(texts: readonly Pick<AdminText, "key" | "label" | "group" | "isDefault" | "spanish">[]): SpanishCheck {
  const own = texts.filter((text) => !text.isDefault);
  const missing = own.filter((text) => text.spanish.trim() === "");
  const base = { id: "spanish", label: "Your own words are in Spanish too", href: "/admin/site/texts" } as const;
  if (missing.length === 0) {
    return {
      ...base,
      status: "done",
      detail:
        own.length === 0
          ? "The site's texts are the built-in ones, which come in Spanish too."
          : `Every text you wrote (${own.length}) has its Spanish version.`,
      fix: "Nothing to do.",
      missing: [],
    };
  }
  return {
    ...base,
    status: "optional",
    detail: `${missing.length === 1 ? "One text you wrote has" : `${missing.length} texts you wrote have`} no Spanish version yet: the Spanish pages show ${missing.length === 1 ? "it" : "them"} in English.`,
    fix: "Write the Spanish under the English of each one (Texts page).",
    missing: missing.map((text) => ({ label: `${text.label} (${text.group})`, href: spanishTextHref(text.key) })),
  };
}
