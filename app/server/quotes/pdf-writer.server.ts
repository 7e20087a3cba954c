/**
 * The drawing kit the quote PDF's parts share (ADR 068): one pdfkit document, tagged, with the
 * page's geometry, the words of the quote's language and its figures. Every piece of text is
 * written inside a structure element (headings, paragraphs, lists, a table), so a screen reader
 * reads the PDF in order; rules and page numbers are artifacts.
 */
import type PDFDocument from "pdfkit";
import type { Translate } from "#app/i18n/messages.ts";
import type { PdfFormat } from "#app/server/quotes/pdf-format.server.ts";

type Doc = InstanceType<typeof PDFDocument>;
export type StructElement = ReturnType<Doc["struct"]>;

export const pageGeometry = {
  /** US Letter, the paper a Texas homeowner prints on. */
  size: "LETTER",
  width: 612,
  height: 792,
  margin: 54,
  /** Room kept under the text for the page footer. */
  bottomMargin: 64,
} as const;

export const typography = {
  body: 10,
  small: 8.5,
  h1: 17,
  h2: 13,
  h3: 11,
  ink: "#111111",
  muted: "#4a4a4a",
  rule: "#b5b5b5",
} as const;

export interface PdfWriter {
  doc: Doc;
  t: Translate;
  format: PdfFormat;
  /** The document's root structure element: every part hangs under it, in reading order. */
  root: StructElement;
  left: number;
  width: number;
  /** The lowest y text may reach on a page. */
  bottom: number;
}

/** A structure element added under `parent`, with `draw` as its content (run at once). */
export function tagged(
  w: PdfWriter,
  parent: StructElement,
  kind: string,
  draw?: () => void,
  options: { alt?: string; lang?: string } = {},
): StructElement {
  const element = w.doc.struct(kind, options);
  parent.add(element);
  if (draw) element.add(draw);
  return element;
}

export function font(w: PdfWriter, weight: "regular" | "bold", size: number, color: string = typography.ink): void {
  w.doc.font(weight).fontSize(size).fillColor(color);
}

/** Starts a new page when less than `height` is left on this one. */
export function ensureSpace(w: PdfWriter, height: number): void {
  if (w.doc.y + height > w.bottom) w.doc.addPage();
}

/** A heading at the left margin, kept with at least `keep` points of what follows. */
export function heading(w: PdfWriter, parent: StructElement, level: "H1" | "H2" | "H3", text: string, keep = 40): void {
  const size = level === "H1" ? typography.h1 : level === "H2" ? typography.h2 : typography.h3;
  ensureSpace(w, size * 1.4 + keep);
  if (level !== "H1") w.doc.moveDown(0.6);
  font(w, "bold", size);
  tagged(w, parent, level, () => w.doc.text(text, w.left, w.doc.y, { width: w.width }));
  w.doc.moveDown(0.25);
}

/** A paragraph (or several, split on blank lines) at the body size unless told. */
export function paragraphs(
  w: PdfWriter,
  parent: StructElement,
  text: string,
  style: { size?: number; bold?: boolean; color?: string } = {},
): void {
  for (const paragraph of text.split(/\n\s*\n/)) {
    const words = paragraph.trim();
    if (!words) continue;
    font(w, style.bold ? "bold" : "regular", style.size ?? typography.body, style.color);
    tagged(w, parent, "P", () => w.doc.text(words, w.left, w.doc.y, { width: w.width, lineGap: 1.5 }));
    w.doc.moveDown(0.45);
  }
}

/** A bulleted list: L > LI > (Lbl, LBody). */
export function bulletList(w: PdfWriter, parent: StructElement, items: readonly string[]): void {
  const list = tagged(w, parent, "L");
  const indent = 14;
  for (const item of items) {
    font(w, "regular", typography.body);
    const height = w.doc.heightOfString(item, { width: w.width - indent });
    ensureSpace(w, height);
    const y = w.doc.y;
    const entry = tagged(w, list, "LI");
    tagged(w, entry, "Lbl", () => w.doc.text("•", w.left + 3, y, { width: indent, lineBreak: false }));
    tagged(w, entry, "LBody", () => w.doc.text(item, w.left + indent, y, { width: w.width - indent, lineGap: 1.5 }));
    w.doc.moveDown(0.2);
  }
  w.doc.x = w.left;
  w.doc.moveDown(0.3);
}

/** A thin horizontal rule: decoration, so an artifact a screen reader skips. */
export function rule(w: PdfWriter, y: number, color: string = typography.rule): void {
  w.doc.markContent("Artifact", { type: "Layout" });
  w.doc
    .moveTo(w.left, y)
    .lineTo(w.left + w.width, y)
    .lineWidth(0.6)
    .strokeColor(color)
    .stroke();
  w.doc.endMarkedContent();
}

/** A label and its amount on one line, the amount against the right margin. */
export function amountRow(
  w: PdfWriter,
  parent: StructElement,
  label: string,
  amount: string,
  bold = false,
  size: number = typography.body,
): void {
  font(w, bold ? "bold" : "regular", size);
  const amountWidth = 110;
  const labelWidth = w.width - amountWidth - 8;
  const height = Math.max(w.doc.heightOfString(label, { width: labelWidth }), size * 1.3);
  ensureSpace(w, height);
  const y = w.doc.y;
  tagged(w, parent, "P", () => {
    w.doc.text(label, w.left, y, { width: labelWidth, continued: false });
    w.doc.text(amount, w.left + w.width - amountWidth, y, { width: amountWidth, align: "right" });
  });
  w.doc.x = w.left;
  w.doc.y = y + height + 3;
}
