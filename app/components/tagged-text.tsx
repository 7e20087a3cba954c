/**
 * A catalog sentence with elements in it (ADR 064). The catalogs mark a link or an emphasis with
 * a tag around its words, "call us at <phone>{phone}</phone>", so a translation can move it where
 * its language puts it; the page says what each tag becomes. Tags do not nest, and a tag with no
 * renderer is shown as its words alone.
 */
import { Fragment, type ReactNode } from "react";

export type TagRenderers = Record<string, (chunk: string) => ReactNode>;

const TAG = /<([a-zA-Z][\w-]*)>(.*?)<\/\1>/gs;

export function tagged(text: string, tags: TagRenderers): ReactNode[] {
  const nodes: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > at) nodes.push(text.slice(at, match.index));
    const [, name = "", chunk = ""] = match;
    const render = Object.hasOwn(tags, name) ? tags[name] : undefined;
    nodes.push(<Fragment key={`${name}-${match.index}`}>{render ? render(chunk) : chunk}</Fragment>);
    at = match.index + match[0].length;
  }
  if (at < text.length) nodes.push(text.slice(at));
  return nodes;
}
