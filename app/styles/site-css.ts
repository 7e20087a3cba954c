import { parts } from "virtual:site-css";
import { cssOf } from "#app/styles/groups.ts";

const cache = new Map<string, string>();

/** The inlined stylesheet of a page with these groups, or the whole of it (ADR 065). */
export function siteCss(groups: ReadonlySet<string> | "all"): string {
  const key = groups === "all" ? "*" : [...groups].toSorted().join(" ");
  let css = cache.get(key);
  if (css === undefined) {
    css = cssOf(parts, groups);
    cache.set(key, css);
  }
  return css;
}
