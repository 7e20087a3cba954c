/**
 * The small Markdown the owner may use in editable texts: paragraphs (a blank line between),
 * **bold**, *italic* (or _italic_), "- " and "1. " lists, and [words](https://…) links. The parser
 * returns plain data that components/rich-text.tsx renders as React elements, so no text is ever
 * inserted as HTML: a "<b>" typed by the owner shows as those three characters.
 */
import { isSafeLinkTarget } from "#app/schemas/site-rules.ts";

export type Inline =
  | { type: "text"; text: string }
  | { type: "strong"; children: Inline[] }
  | { type: "em"; children: Inline[] }
  | { type: "link"; href: string; children: Inline[] };

type Block = { type: "paragraph"; children: Inline[] } | { type: "list"; ordered: boolean; items: Inline[][] };

const BULLET = /^\s*[-*+]\s+/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+/;

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;

  const flushParagraph = () => {
    if (paragraph.length > 0) blocks.push({ type: "paragraph", children: parseInline(paragraph.join(" ")) });
    paragraph = [];
  };
  const flushList = () => {
    if (list) blocks.push({ type: "list", ordered: list.ordered, items: list.items.map((item) => parseInline(item)) });
    list = null;
  };

  for (const raw of lines) {
    const line = raw.trimEnd();
    if (line.trim() === "") {
      flushParagraph();
      flushList();
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const marker = bullet ?? numbered;
    if (marker) {
      flushParagraph();
      const ordered = numbered !== null;
      if (list && list.ordered !== ordered) flushList();
      list ??= { ordered, items: [] };
      list.items.push(line.slice(marker[0].length).trim());
    } else if (list && /^\s{2,}\S/.test(raw)) {
      // An indented line continues the list item above.
      list.items[list.items.length - 1] += ` ${line.trim()}`;
    } else {
      flushList();
      paragraph.push(line.trim());
    }
  }
  flushParagraph();
  flushList();
  return blocks;
}

/** Bold, italic and links within one paragraph or list item. Unclosed markers stay as typed. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let plain = "";
  const pushText = () => {
    if (plain) out.push({ type: "text", text: plain });
    plain = "";
  };
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const link = /^\[([^\]\n]+)\]\(\s*([^)\s]+)\s*\)/.exec(rest);
    if (link) {
      const [whole, words = "", href = ""] = link;
      pushText();
      if (isSafeLinkTarget(href)) out.push({ type: "link", href, children: parseInline(words) });
      else out.push(...parseInline(words));
      i += whole.length;
      continue;
    }
    const strong = /^(\*\*|__)(?=\S)([\s\S]*?\S)\1/.exec(rest);
    if (strong) {
      pushText();
      out.push({ type: "strong", children: parseInline(strong[2] ?? "") });
      i += strong[0].length;
      continue;
    }
    const em = /^([*_])(?=\S)([\s\S]*?\S)\1(?!\1)/.exec(rest);
    if (em && !(em[1] === "_" && /\w/.test(text[i - 1] ?? ""))) {
      pushText();
      out.push({ type: "em", children: parseInline(em[2] ?? "") });
      i += em[0].length;
      continue;
    }
    plain += text[i];
    i += 1;
  }
  pushText();
  return out;
}

/** The words without any Markdown: for meta descriptions, emails and structured data. */
export function plainText(source: string): string {
  const inlineText = (nodes: Inline[]): string =>
    nodes.map((node) => (node.type === "text" ? node.text : inlineText(node.children))).join("");
  return parseMarkdown(source)
    .map((block) => (block.type === "paragraph" ? inlineText(block.children) : block.items.map(inlineText).join("; ")))
    .join(" ");
}

/**
 * Texts made of titled parts (the about page's values, the FAQ): each part starts with a
 * "## Title" line, and the lines below it, up to the next "## ", are its text.
 */
export function parseSections(source: string): { title: string; body: string }[] {
  const sections: { title: string; body: string[] }[] = [];
  for (const line of source.replace(/\r\n?/g, "\n").split("\n")) {
    const heading = /^\s*#{1,3}\s+(.+)$/.exec(line);
    if (heading) sections.push({ title: (heading[1] ?? "").trim(), body: [] });
    else if (sections.length > 0) sections.at(-1)?.body.push(line);
    else if (line.trim() !== "") sections.push({ title: line.trim(), body: [] });
  }
  return sections
    .map((section) => ({ title: section.title, body: section.body.join("\n").trim() }))
    .filter((section) => section.title !== "");
}

export function joinSections(sections: readonly { title: string; body: string }[]): string {
  return sections.map((section) => `## ${section.title}\n${section.body}`).join("\n\n");
}

/** A list typed one item per line (a leading "- " is allowed). */
export function parseLines(source: string): string[] {
  return source
    .split(/\r?\n/)
    .map((line) => line.replace(BULLET, "").trim())
    .filter((line) => line !== "");
}
