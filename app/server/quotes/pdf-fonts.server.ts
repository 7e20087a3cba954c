/**
 * The typeface of a signed quote's PDF (ADR 068): Noto Sans, regular and bold, carried by the
 * project in ./fonts with its licence (SIL OFL 1.1). pdfkit embeds only the glyphs a document uses.
 * A PDF never falls back on the standard 14 fonts, which a viewer may substitute and which lack
 * most of what a Spanish or Vietnamese name needs.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { create, type Font } from "fontkit";

export interface PdfFonts {
  regular: Font;
  bold: Font;
}

const folder = path.join("app", "server", "quotes", "fonts");

/**
 * Where ./fonts is: beside this file when it runs from the sources (the host, the job engine,
 * tests), or under the project root when it runs from the server bundle (.builds/<hash>/server),
 * whose folder is some levels below that root.
 */
export function fontFolder(from: string = import.meta.dirname): string {
  const beside = path.join(from, "fonts");
  if (existsSync(path.join(beside, "NotoSans-Regular.ttf"))) return beside;
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, folder);
    if (existsSync(path.join(candidate, "NotoSans-Regular.ttf"))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`the quote PDF's fonts (${folder}) are not found above ${from}`);
  }
}

function open(file: string): Font {
  const font = create(readFileSync(file));
  if (!("layout" in font)) throw new Error(`${file} is a font collection, not one font`);
  return font;
}

let parsed: PdfFonts | undefined;

/**
 * Read and parsed once per process. Each document subsets the same parsed fonts: parsing them per
 * document decoded their layout tables again every time, most of a render's cost. Safe to share,
 * as a document is drawn synchronously from start to end.
 */
export function pdfFonts(): PdfFonts {
  if (!parsed) {
    const dir = fontFolder();
    parsed = { regular: open(path.join(dir, "NotoSans-Regular.ttf")), bold: open(path.join(dir, "NotoSans-Bold.ttf")) };
  }
  return parsed;
}
