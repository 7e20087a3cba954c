/**
 * CSV for spreadsheets, safe from formula injection (OWASP "CSV Injection"):
 *
 * - every cell is quoted, with `"` inside doubled (RFC 4180), so commas, quotes and line breaks
 *   stay inside their cell;
 * - a cell whose first character is `=`, `+`, `-`, `@`, a tab or a carriage return gets a
 *   leading `'`, so Excel, LibreOffice and Google Sheets show it as text instead of running it
 *   as a formula (`=HYPERLINK(…)` becomes `'=HYPERLINK(…)`);
 * - rows end with CR LF, and a document starts with a UTF-8 byte order mark, without which
 *   Excel reads the file as the local code page and garbles accents.
 *
 * Pure functions: no I/O, nothing server-only but the naming.
 */

type CsvValue = string | number | null | undefined;

/** First characters a spreadsheet may take as the start of a formula. */
const FORMULA_TRIGGERS = new Set(["=", "+", "-", "@", "\t", "\r"]);

export const CSV_BOM = "\uFEFF";
const CSV_LINE_END = "\r\n";

/** One cell, quoted; null and undefined are empty cells. */
export function csvCell(value: CsvValue): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (text !== "" && FORMULA_TRIGGERS.has(text[0]!)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** One line of cells, with its line ending. */
export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(",") + CSV_LINE_END;
}

/** A whole document: byte order mark, then every row. */
export function csvDocument(rows: readonly (readonly CsvValue[])[]): string {
  return CSV_BOM + rows.map(csvRow).join("");
}
