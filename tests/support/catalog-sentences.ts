/**
 * The English catalog's sentences that must never show on a Spanish page (ADR 064): every English
 * message that differs from its Spanish twin, cut into its literal runs around the {arguments},
 * kept when a run has at least two words (single words like "Backsplash" are also Spanish trade
 * words). And a page's visible text, without what is marked `lang="en"` (the contractor's own
 * words that have no Spanish yet), scripts and styles.
 */
import { en, es } from "#app/i18n/catalog/index.ts";

export function englishSentences(): { key: string; text: string }[] {
  const out: { key: string; text: string }[] = [];
  for (const key of Object.keys(en) as (keyof typeof en)[]) {
    if (en[key] === es[key]) continue;
    // Literal runs only: drop {arguments} (plural branches included) and ICU quotes.
    const runs = en[key]
      .replace(/\{[^{}]*(\{[^{}]*\}[^{}]*)*\}/g, "\u0000")
      .replace(/''/g, "'")
      .split("\u0000")
      .map((run) => run.replace(/\s+/g, " ").trim());
    for (const run of runs) if (/\p{L}{2,}\s+\p{L}{2,}/u.test(run)) out.push({ key, text: run });
  }
  return out;
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#x27;": "'",
  "&#39;": "'",
  "&nbsp;": " ",
};

/** The words a visitor reads on a page (and its attributes a screen reader reads), without lang="en" parts. */
export function visibleText(html: string): string {
  let body = html.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>|<!--[\s\S]*?-->/g, " ");
  // Elements marked English, innermost first, until none is left.
  for (let before = ""; before !== body;) {
    before = body;
    body = body.replace(/<(\w+)\b[^>]*\blang="en"[^>]*>(?:(?!<\1\b)[\s\S])*?<\/\1>/g, " ");
  }
  const attributes = [...body.matchAll(/\b(?:alt|aria-label|title|placeholder|content)="([^"]*)"/g)].map((m) => m[1]);
  const text = body.replace(/<[^>]+>/g, " ");
  return [text, ...attributes]
    .join(" ")
    .replace(/&[#\w]+;/g, (entity) => ENTITIES[entity] ?? " ")
    .replace(/\s+/g, " ");
}
