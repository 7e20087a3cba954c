/**
 * Reading a PDF back in tests, with real tools: Mozilla's pdf.js (the parser browsers use) for the
 * words, their size and font, the metadata and the structure tree; Debian's qpdf for the file's
 * soundness and its font objects. Used by the quote PDF's tests; any test that receives a PDF (an
 * email's attachment, a download) can read it the same way.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

export interface PdfWord {
  str: string;
  /** The font size in points (the text matrix's scale). */
  size: number;
  /** pdf.js's id of the font: the same id is the same embedded font. */
  fontName: string;
}

export interface PdfPage {
  /** The page's content, without its artifacts. */
  words: PdfWord[];
  /** The page's content as a screen reader gets it, every run of white space (line ends included) as one space. */
  text: string;
  /** What is marked as an artifact (page numbers, running footers), which a screen reader skips. */
  artifacts: string;
  /** Content in no structure element (no marked content with an MCID) and not an artifact: lost to a screen reader. */
  untagged: string;
  /** The page's part of the structure tree, as pdf.js reads it. */
  structTree: unknown;
}

export interface ReadPdf {
  pages: PdfPage[];
  /** Every page's text, in order, as one string. */
  text: string;
  info: Record<string, unknown>;
}

/** Runs of text as one line: every run of white space (line ends included) as one space. */
function flat(parts: string[]): string {
  return parts.join(" ").replace(/\s+/g, " ").trim();
}

export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  try {
    const pdf = await task.promise;
    const pages: PdfPage[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent({ includeMarkedContent: true });
      const words: PdfWord[] = [];
      const artifacts: string[] = [];
      const untagged: string[] = [];
      // The open marked content: text inside an "Artifact" is decoration; content belongs in one with an MCID.
      const open: { tag: string; id: string | null }[] = [];
      for (const item of content.items) {
        if ("type" in item) {
          if (item.type === "endMarkedContent") open.pop();
          // pdf.js sends the tag ("P", "Artifact"…) though its types leave it out.
          else open.push({ tag: (item as { tag?: string | null }).tag ?? "", id: item.id ?? null });
          continue;
        }
        if (!item.str) continue;
        if (open.some((mark) => mark.tag === "Artifact")) {
          artifacts.push(item.str);
          continue;
        }
        words.push({ str: item.str, size: Math.abs(item.transform[3] as number), fontName: item.fontName });
        if (!open.some((mark) => mark.id) && item.str.trim()) untagged.push(item.str);
      }
      pages.push({
        words,
        text: flat(words.map((word) => word.str)),
        artifacts: flat(artifacts),
        untagged: flat(untagged),
        structTree: await page.getStructTree(),
      });
    }
    const { info } = await pdf.getMetadata();
    return { pages, text: pages.map((page) => page.text).join(" "), info: info as Record<string, unknown> };
  } finally {
    await task.destroy();
  }
}

/** Whether Debian's qpdf is on this machine (the tests that need it say so when it is not). */
export const hasQpdf = spawnSync("qpdf", ["--version"], { encoding: "utf8" }).status === 0;

/** qpdf on a copy of `bytes` in a temporary file (Debian 13's qpdf reads no PDF from standard input). */
function qpdf(args: string[], bytes: Uint8Array): { status: number | null; stdout: string; stderr: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "pdf-read-"));
  try {
    const file = path.join(dir, "document.pdf");
    writeFileSync(file, bytes);
    const result = spawnSync("qpdf", [...args, file], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `qpdf --check`: exit 0 and no warning means the file's syntax, streams and cross-references are sound. */
export function qpdfCheck(bytes: Uint8Array): { ok: boolean; output: string } {
  const result = qpdf(["--check"], bytes);
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

type PdfValue = string | number | boolean | null | PdfValue[] | { [key: string]: PdfValue };
type PdfDict = Record<string, PdfValue>;

/** Every object of the file, by reference ("12 0 R"), from `qpdf --json`. */
export function pdfObjects(bytes: Uint8Array): Map<string, PdfValue> {
  const result = qpdf(["--json=2", "--json-key=qpdf"], bytes);
  if (result.status !== 0) throw new Error(`qpdf --json failed: ${result.stderr}`);
  const parsed = JSON.parse(result.stdout) as { qpdf: [unknown, Record<string, { value?: PdfValue }>] };
  const objects = new Map<string, PdfValue>();
  for (const [key, object] of Object.entries(parsed.qpdf[1])) {
    if (key.startsWith("obj:") && object.value !== undefined) objects.set(key.slice(4), object.value);
  }
  return objects;
}

export interface PdfFontInfo {
  baseFont: string;
  subtype: string;
  /** Its program is in the file (FontFile, FontFile2 or FontFile3), so no viewer substitutes it. */
  embedded: boolean;
}

function isDict(value: PdfValue | undefined): value is PdfDict {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The fonts pages use (Type0 fonts read through their descendant), with whether each is embedded. */
export function pdfFontsOf(bytes: Uint8Array): PdfFontInfo[] {
  const objects = pdfObjects(bytes);
  const deref = (value: PdfValue | undefined) => (typeof value === "string" && value.endsWith(" R") ? objects.get(value) : value);
  const fonts: PdfFontInfo[] = [];
  for (const value of objects.values()) {
    if (!isDict(value) || value["/Type"] !== "/Font" || value["/Subtype"] === "/CIDFontType2" || value["/Subtype"] === "/CIDFontType0")
      continue;
    const descendants = deref(value["/DescendantFonts"]);
    const program = Array.isArray(descendants) ? deref(descendants[0]) : value;
    const descriptor = isDict(program) ? deref(program["/FontDescriptor"]) : undefined;
    const embedded = isDict(descriptor) && ["/FontFile", "/FontFile2", "/FontFile3"].some((key) => key in descriptor);
    fonts.push({ baseFont: String(value["/BaseFont"]).replace(/^\//, ""), subtype: String(value["/Subtype"]), embedded });
  }
  return fonts;
}

/** The document catalog (/Lang, /MarkInfo, /StructTreeRoot, /ViewerPreferences…), with its direct sub-dictionaries resolved. */
export function pdfCatalog(bytes: Uint8Array): PdfDict {
  const objects = pdfObjects(bytes);
  for (const value of objects.values()) {
    if (isDict(value) && value["/Type"] === "/Catalog") {
      return Object.fromEntries(
        Object.entries(value).map(([key, entry]) => [
          key,
          typeof entry === "string" && entry.endsWith(" R") ? (objects.get(entry) ?? entry) : entry,
        ]),
      );
    }
  }
  throw new Error("no catalog");
}
