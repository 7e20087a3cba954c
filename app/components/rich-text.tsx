import { Fragment } from "react";
import { parseMarkdown, type Inline } from "#app/content/markdown.ts";
import { LangBlock } from "#app/components/lang-text.tsx";
import type { Locale } from "#app/i18n/locale.ts";

/** Links that leave the site open as usual, but without handing the other site this window. */
function isExternal(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

function InlineNodes({ nodes }: { nodes: Inline[] }) {
  return (
    <>
      {nodes.map((node, i) => {
        switch (node.type) {
          case "text":
            return <Fragment key={i}>{node.text}</Fragment>;
          case "strong":
            return (
              <strong key={i}>
                <InlineNodes nodes={node.children} />
              </strong>
            );
          case "em":
            return (
              <em key={i}>
                <InlineNodes nodes={node.children} />
              </em>
            );
          case "link":
            return (
              <a key={i} href={node.href} rel={isExternal(node.href) ? "noopener" : undefined}>
                <InlineNodes nodes={node.children} />
              </a>
            );
        }
      })}
    </>
  );
}

/**
 * An editable text (plain paragraphs or the small Markdown of app/content/markdown.ts) as React
 * elements: paragraphs, lists, bold, italic and links. Nothing is inserted as HTML, so whatever
 * the owner typed shows as words.
 */
/** `lang`: the text's language when it is the owner's (English) on a page in another language. */
export function RichText({ source, className, lang }: { source: string; className?: string; lang?: Locale }) {
  const blocks = parseMarkdown(source);
  const content = blocks.map((block, i) => {
    if (block.type === "paragraph") {
      return (
        <p key={i}>
          <InlineNodes nodes={block.children} />
        </p>
      );
    }
    const List = block.ordered ? "ol" : "ul";
    return (
      <List key={i}>
        {block.items.map((item, j) => (
          <li key={j}>
            <InlineNodes nodes={item} />
          </li>
        ))}
      </List>
    );
  });
  return (
    <LangBlock lang={lang} className={className}>
      {content}
    </LangBlock>
  );
}
