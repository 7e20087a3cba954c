/**
 * Words from the catalogs (ADR 064): ICU MessageFormat through FormatJS's intl-messageformat, on
 * the server only. Public pages are rendered on the server and ship no framework script, so no
 * catalog reaches the browser; an inline script gets only the sentences it needs, already chosen.
 * The same `translate` serves pages, emails and calendar files.
 */
import { IntlMessageFormat } from "intl-messageformat";
import { en, es, type MessageKey } from "#app/i18n/catalog/index.ts";
import { languageTags, type Locale } from "#app/i18n/locale.ts";

export type { MessageKey } from "#app/i18n/catalog/index.ts";
export type MessageValues = Record<string, string | number | Date>;
export type Translate = (key: MessageKey, values?: MessageValues) => string;

export const catalogs: Record<Locale, Record<MessageKey, string>> = { en, es };

const compiled = new Map<string, IntlMessageFormat>();

function formatter(locale: Locale, key: MessageKey): IntlMessageFormat {
  const id = `${locale}\u0000${key}`;
  let message = compiled.get(id);
  if (!message) {
    message = new IntlMessageFormat(catalogs[locale][key], languageTags[locale], undefined, { ignoreTag: true });
    compiled.set(id, message);
  }
  return message;
}

/** One sentence of the catalog in `locale`, with its values put in. */
export function translate(locale: Locale, key: MessageKey, values?: MessageValues): string {
  return String(formatter(locale, key).format(values));
}

/** A `t(key, values)` bound to one language: for an email, a calendar file, a page. */
export function translator(locale: Locale): Translate {
  return (key, values) => translate(locale, key, values);
}
