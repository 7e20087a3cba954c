import { fingerprint } from "#app/components/script-files.ts";
import { STYLE_GROUPS, isStyleGroup, type StyleGroup } from "#app/styles/groups.ts";
import { siteCss } from "#app/styles/site-css.ts";

/**
 * The groups of the stylesheet a page sends late (ADR 065), as one file: `/styles/<groups>.css`,
 * the groups joined by "+" in the order of STYLE_GROUPS, and their parts in app.css's order. The
 * page links it in its body, before the first section that needs it; the browser keeps it a year
 * under its version, so every later page with the same groups takes it from the cache.
 */
export const STYLE_PREFIX = "/styles/";

/** The file's name for a set of groups: the same whatever order they are named in. */
export function styleFileName(groups: Iterable<StyleGroup>): string {
  const named = new Set(groups);
  return STYLE_GROUPS.filter((group) => named.has(group)).join("+");
}

/** The groups a file's name stands for, or null for a name no page writes. */
export function styleFileGroups(name: string): StyleGroup[] | null {
  if (name === "") return null;
  const groups = name.split("+");
  if (!groups.every(isStyleGroup)) return null;
  return styleFileName(groups) === name ? groups : null;
}

/** The file's text: the groups' parts of the stylesheet, minified as the inline ones are. */
export function styleFileText(groups: Iterable<StyleGroup>): string {
  return siteCss(new Set(groups));
}

/** The file's version: the fingerprint of its text. */
export function styleFileVersion(groups: Iterable<StyleGroup>): string {
  return fingerprint(styleFileText(groups));
}

/** The file's versioned address, as a page writes it. */
export function styleFileUrl(groups: Iterable<StyleGroup>): string {
  const named = [...groups];
  return `${STYLE_PREFIX}${styleFileName(named)}.css?v=${styleFileVersion(named)}`;
}
