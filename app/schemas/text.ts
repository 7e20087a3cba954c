/**
 * What stored text may contain, for every form and the CLI alike (the schemas in this folder
 * apply it before their own rules). Control characters (NUL, the rest of C0 but tab and line
 * breaks, DEL, C1) are never what a person typed: a database may refuse NUL (PostgreSQL does),
 * and the others garble emails, CSV exports and logs. Plain functions without Zod, so the
 * browser bundle may use them too.
 */

/** Unicode's control characters (C0, DEL, C1: general category Cc) except tab, LF and CR. */
const CONTROL_CHARACTERS = /[^\P{Cc}\t\n\r]/gu;
/** Every way a line can end: CR LF (a plain form post), CR, LF, and Unicode's line and paragraph separators. */
const LINE_BREAKS = /\r\n?|[\n\u2028\u2029]/g;

/**
 * Text of a multi-line field (a message, a note, a quote): control characters removed, every line
 * break made LF (so a line break counts as one character, as a textarea's maxlength counts it).
 * Tabs stay: pasted lists and tables use them.
 */
export function cleanMultiLineText(value: string): string {
  return value.replace(CONTROL_CHARACTERS, "").replace(LINE_BREAKS, "\n");
}

/**
 * Text of a single-line field (a name, an email, a phone number, a subject): control characters
 * removed, and line breaks and tabs, with the spaces around them, become one space. Such a value
 * ends up in email headers, CSV cells and one-line log entries, where a line break would split it.
 */
export function cleanSingleLineText(value: string): string {
  return value.replace(CONTROL_CHARACTERS, "").replace(/[ \t]*(?:\r\n?|[\n\u2028\u2029\t])[ \t\r\n\u2028\u2029]*/g, " ");
}

/** HTML tags and comments: texts are words with a little Markdown, never markup. */
export const HTML_TAG = /<\s*\/?\s*[a-z!?][^>]*>?/i;
