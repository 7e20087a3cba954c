/**
 * The chosen option in a signed quote's PDF (ADR 068): its sections as one table each, every line
 * with its quantity, unit price and amount, an allowance with its note, a ticked extra marked as
 * chosen. Unticked extras and the other options are left out: the PDF is what was agreed.
 */
import type { QuoteLine, QuoteOption, QuoteSection } from "#app/schemas/quote.ts";
import { lineCents } from "#app/schemas/quote-money.ts";
import {
  ensureSpace,
  font,
  heading,
  paragraphs,
  rule,
  tagged,
  typography,
  type PdfWriter,
  type StructElement,
} from "#app/server/quotes/pdf-writer.server.ts";

interface Column {
  width: number;
  align: "left" | "right";
}

const padding = 4;

function columns(w: PdfWriter): Column[] {
  const figure = 82;
  return [
    { width: w.width - 3 * figure, align: "left" },
    { width: figure, align: "right" },
    { width: figure, align: "right" },
    { width: figure, align: "right" },
  ];
}

/** The lines of the option the homeowner signed for: the fixed ones and the extras they ticked. */
export function chosenLines(section: QuoteSection, extraIds: readonly string[]): QuoteLine[] {
  const ticked = new Set(extraIds);
  return section.lines.filter((line) => !line.optional || ticked.has(line.id));
}

function headerRow(w: PdfWriter, table: StructElement): void {
  const cols = columns(w);
  const labels = [
    w.t("quotePdf.column.description"),
    w.t("quotePdf.column.quantity"),
    w.t("quotePdf.column.unitPrice"),
    w.t("quotePdf.column.amount"),
  ];
  font(w, "bold", typography.small, typography.muted);
  const y = w.doc.y;
  const row = tagged(w, table, "TR");
  let x = w.left;
  labels.forEach((label, index) => {
    const col = cols[index]!;
    // pdfkit writes a header cell's Scope attribute; its published types do not list the option.
    const cell = w.doc.struct("TH", { scope: "Column" } as { title?: string });
    row.add(cell);
    cell.add(() => w.doc.text(label, x + padding, y, { width: col.width - 2 * padding, align: col.align, lineBreak: false }));
    x += col.width;
  });
  w.doc.y = y + typography.small * 1.5;
  rule(w, w.doc.y, typography.muted);
  w.doc.y += 4;
}

/** The description cell: the line's words, then what kind of line it is, then its note. */
interface DescriptionPart {
  text: string;
  size: number;
  bold: boolean;
  color: string;
}

function describe(w: PdfWriter, line: QuoteLine): DescriptionPart[] {
  const parts: DescriptionPart[] = [{ text: line.description, size: typography.body, bold: false, color: typography.ink }];
  if (line.kind === "allowance")
    parts.push({ text: w.t("quotePdf.allowance"), size: typography.small, bold: true, color: typography.muted });
  if (line.optional) parts.push({ text: w.t("quotePdf.extraChosen"), size: typography.small, bold: true, color: typography.muted });
  if (line.note) parts.push({ text: line.note, size: typography.small, bold: false, color: typography.muted });
  return parts;
}

function descriptionHeight(w: PdfWriter, parts: DescriptionPart[], width: number): number {
  return parts.reduce((sum, part) => {
    font(w, part.bold ? "bold" : "regular", part.size);
    return sum + w.doc.heightOfString(part.text, { width, lineGap: 1 }) + 1;
  }, 0);
}

function lineRow(w: PdfWriter, table: StructElement, line: QuoteLine, repeatHeader: () => void): void {
  const cols = columns(w);
  const parts = describe(w, line);
  const descriptionWidth = cols[0]!.width - 2 * padding;
  const height = descriptionHeight(w, parts, descriptionWidth);
  if (w.doc.y + height + 6 > w.bottom) {
    w.doc.addPage();
    repeatHeader();
  }
  const y = w.doc.y;
  const row = tagged(w, table, "TR");
  tagged(w, row, "TD", () => {
    let top = y;
    for (const part of parts) {
      font(w, part.bold ? "bold" : "regular", part.size, part.color);
      w.doc.text(part.text, w.left + padding, top, { width: descriptionWidth, lineGap: 1 });
      top = w.doc.y + 1;
    }
  });
  const figures = [w.format.quantity(line.quantityMilli, line.unit), w.format.money(line.unitPriceCents), w.format.money(lineCents(line))];
  let x = w.left + cols[0]!.width;
  figures.forEach((figure, index) => {
    const col = cols[index + 1]!;
    font(w, "regular", typography.body);
    tagged(w, row, "TD", () => w.doc.text(figure, x + padding, y, { width: col.width - 2 * padding, align: col.align }));
    x += col.width;
  });
  w.doc.x = w.left;
  w.doc.y = y + height + 3;
  rule(w, w.doc.y);
  w.doc.y += 4;
}

function sectionTable(w: PdfWriter, parent: StructElement, section: QuoteSection, extraIds: readonly string[]): void {
  const lines = chosenLines(section, extraIds);
  if (lines.length === 0) return;
  const part = tagged(w, parent, "Sect");
  heading(w, part, "H3", section.title, 60);
  const table = tagged(w, part, "Table");
  headerRow(w, table);
  for (const line of lines) lineRow(w, table, line, () => headerRow(w, table));
  table.end();
  part.end();
}

/** `among`: how many options the quote offered; with one, nothing was chosen over another, so it is named plainly. */
export function chosenOption(w: PdfWriter, option: QuoteOption, extraIds: readonly string[], among: number): void {
  const part = tagged(w, w.root, "Sect");
  heading(w, part, "H2", among > 1 ? w.t("quotePdf.chosenOption", { name: option.name }) : option.name);
  if (option.summary) paragraphs(w, part, option.summary);
  ensureSpace(w, 60);
  for (const section of option.sections) sectionTable(w, part, section, extraIds);
  part.end();
}
