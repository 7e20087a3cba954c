/**
 * What the CSS coverage test (tests/integration/public-pages/page-css.test.ts) reads of a page and
 * of the stylesheet (ADR 065): the classes a page's markup and scripts use, the rules of
 * app/styles/app.css with the classes each needs, and the class names a page's inlined CSS holds.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { splitCssParts } from "#scripts/css-parts.ts";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * Classes the pages' scripts add (app/browser/), by the attribute that shows the script runs on
 * the page: they need their rules although the server's markup never carries them.
 */
export const SCRIPT_CLASSES: { marker: string; classes: string[] }[] = [
  { marker: "data-lightbox-root", classes: ["lightbox-open"] },
  { marker: "data-before-after", classes: ["before-after--slider"] },
  {
    marker: "data-estimate-box",
    classes: [
      "toast",
      "toast--success",
      "toast--error",
      "toast__text",
      "toast__close",
      "field__error",
      "photo-field__note--refused",
      "photo-pick",
      "photo-pick__thumb",
      "photo-pick__thumb--file",
      "photo-pick__text",
      "photo-pick__name",
      "photo-pick__size",
      "photo-pick__progress",
      "photo-pick__remove",
    ],
  },
];

const classToken = /\.(-?[_a-zA-Z][\w-]*)/g;

/** The class names a piece of CSS names, comments and strings left out. */
export function cssClasses(css: string): Set<string> {
  const text = css.replaceAll(/\/\*[\s\S]*?\*\//g, "").replaceAll(/"[^"]*"|'[^']*'/g, "");
  return new Set([...text.matchAll(classToken)].map((m) => m[1]!));
}

/** Every class in a page's markup (`class` attributes), and those its scripts add. */
export function pageClasses(html: string): Set<string> {
  const classes = new Set<string>();
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) for (const name of m[1]!.split(/\s+/)) if (name) classes.add(name);
  for (const { marker, classes: added } of SCRIPT_CLASSES) if (html.includes(marker)) for (const name of added) classes.add(name);
  return classes;
}

/** The CSS a page inlines (its one `<style>`). */
export function inlinedCss(html: string): string {
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
  if (styles.length !== 1) throw new Error(`expected one <style>, found ${styles.length}`);
  return styles[0]!;
}

export interface StyleRule {
  group: string;
  selector: string;
  /** The classes an element chain must carry for the selector to match (inside :not() left out). */
  classes: string[];
}

/** The rules of app/styles/app.css, one per selector of each rule, with its part's group. */
export function stylesheetRules(file = path.join(root, "app/styles/app.css")): StyleRule[] {
  const rules: StyleRule[] = [];
  for (const part of splitCssParts(readFileSync(file, "utf8"))) {
    const text = part.css.replaceAll(/\/\*[\s\S]*?\*\//g, "");
    // A selector list is what stands before a "{" that is not an at-rule's.
    for (const m of text.matchAll(/([^{};]+)\{/g)) {
      const prelude = m[1]!.trim();
      if (prelude.startsWith("@") || /^(from|to|\d+%)$/.test(prelude)) continue;
      for (const selector of prelude.split(",")) {
        const withoutNot = selector.replaceAll(/:not\([^)]*\)/g, "");
        const classes = [...new Set([...withoutNot.matchAll(classToken)].map((c) => c[1]!))];
        if (classes.length > 0) rules.push({ group: part.group, selector: selector.trim(), classes });
      }
    }
  }
  return rules;
}

/** The stylesheet files a page links (ADR 065: the parts it sends late), in document order. */
export function linkedStylesheets(html: string): string[] {
  return [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map((m) => /\bhref="([^"]+)"/.exec(m[0])?.[1] ?? "").filter(Boolean);
}

/** The page up to its first linked stylesheet: what paints from the inline CSS alone. */
export function beforeFirstStylesheet(html: string): string {
  const at = html.search(/<link\b[^>]*\brel="stylesheet"/);
  return at === -1 ? html : html.slice(0, at);
}

/**
 * The rules whose classes all show on the page (so they may style it) but whose classes are not
 * all in the CSS the page received, inline or in the linked files' text (`linkedCss`): what the
 * page would lose.
 */
export function missingRules(html: string, rules: StyleRule[], linkedCss = ""): StyleRule[] {
  const onPage = pageClasses(html);
  const styled = cssClasses(inlinedCss(html) + linkedCss);
  return rules.filter((rule) => rule.classes.every((name) => onPage.has(name)) && !rule.classes.every((name) => styled.has(name)));
}
