/**
 * The public stylesheet in parts (ADR 065). `app/styles/app.css` stays one file, read top to
 * bottom; a line `/* @part <group> *\/` starts a part that belongs to a group (base, home,
 * gallery…). A page inlines the base and its route's groups only, in the file's order, so
 * every rule it keeps wins or loses exactly as it did in the whole file.
 *
 * The Vite plugin makes `virtual:site-css` a list of [group, css] pairs. Each part is loaded as
 * `app.css?site-css-part=<n>&inline`, so Vite's own CSS pipeline minifies it (on its own: no
 * rule of one part is merged with another's).
 */
import { readFileSync } from "node:fs";
import type { Plugin } from "vite";

export const SITE_CSS_MODULE = "virtual:site-css";
const RESOLVED = `\0${SITE_CSS_MODULE}`;
const PART_QUERY = "site-css-part";
const MARKER = /^\/\* @part ([a-z][a-z-]*) \*\/$/;

export interface CssPart {
  group: string;
  css: string;
}

/** The parts of a stylesheet, in order; text before the first marker is refused. */
export function splitCssParts(source: string): CssPart[] {
  const parts: { group: string; lines: string[] }[] = [];
  source.split("\n").forEach((line, index) => {
    const marker = MARKER.exec(line.trim());
    if (marker) parts.push({ group: marker[1]!, lines: [] });
    else if (parts.length > 0) parts.at(-1)!.lines.push(line);
    else if (line.trim() !== "") throw new Error(`line ${index + 1} comes before the first /* @part <group> */ line`);
  });
  return parts.map((part) => ({ group: part.group, css: part.lines.join("\n") }));
}

/** The plugin that serves `virtual:site-css` from `file` (an absolute path). */
export function siteCssParts(file: string): Plugin {
  const partId = (index: number) => `${file}?${PART_QUERY}=${index}&inline`;
  const read = () => splitCssParts(readFileSync(file, "utf8"));
  return {
    name: "site-css-parts",
    enforce: "pre",
    resolveId(id) {
      if (id === SITE_CSS_MODULE) return RESOLVED;
      if (id.startsWith(`${file}?${PART_QUERY}=`)) return id;
      return null;
    },
    load(id) {
      if (id === RESOLVED) {
        this.addWatchFile(file);
        const parts = read();
        const imports = parts.map((_, i) => `import p${i} from ${JSON.stringify(partId(i))};`);
        const list = parts.map((part, i) => `[${JSON.stringify(part.group)}, p${i}]`).join(", ");
        return `${imports.join("\n")}\nexport const parts = [${list}];\n`;
      }
      if (id.startsWith(`${file}?${PART_QUERY}=`)) {
        this.addWatchFile(file);
        const index = Number(new URLSearchParams(id.slice(file.length + 1)).get(PART_QUERY));
        const part = read()[index];
        if (!part) throw new Error(`${file} has no part ${index}`);
        return part.css;
      }
      return null;
    },
  };
}
