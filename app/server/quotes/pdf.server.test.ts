import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { fontFolder } from "#app/server/quotes/pdf-fonts.server.ts";
import { shortBrowser } from "#app/server/quotes/pdf-format.server.ts";
import { renderQuotePdf } from "#app/server/quotes/pdf.server.ts";
import { kitchenNotices, kitchenQuotePdfInput } from "#tests/support/quote-fixtures.ts";
import { hasQpdf, pdfCatalog, pdfFontsOf, qpdfCheck, readPdf, type ReadPdf } from "#tests/support/pdf-read.ts";

const money = (locale: string, cents: number) => new Intl.NumberFormat(locale, { style: "currency", currency: "USD" }).format(cents / 100);

/** The page (0-based) and position in the whole text of a phrase: for "this comes before that". */
function where(pdf: ReadPdf, phrase: string): { page: number; at: number } {
  const at = pdf.text.indexOf(phrase);
  if (at < 0) throw new Error(`not in the PDF: ${phrase}`);
  return { page: pdf.pages.findIndex((page) => page.text.includes(phrase)), at };
}

/** The first sentence of a notice's body, as the PDF's text reads it. */
const opening = (body: string) => body.split(/(?<=[.!?])\s/)[0]!.replace(/\s+/g, " ");

describe("renderQuotePdf, an English quote signed on its middle option with one extra", () => {
  const input = kitchenQuotePdfInput({ locale: "en" });
  let bytes: Buffer;
  let pdf: ReadPdf;
  beforeAll(async () => {
    bytes = await renderQuotePdf(input);
    pdf = await readPdf(bytes);
  });

  it("is a PDF with the quote's title, the business as author and the language", () => {
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.info.Title).toBe("Heights Home Repair & Remodeling: quote 1042, version 2");
    expect(pdf.info.Author).toBe("Heights Home Repair & Remodeling");
    expect(pdf.info.Language).toBe("en-US");
  });

  it("shows the business, the quote's number and version, and the homeowner", () => {
    for (const phrase of [
      "Heights Home Repair & Remodeling",
      "(713) 555-0142",
      "Houston, TX 77008",
      "Quote 1042, version 2",
      "Prepared for",
      "Maria Gonzalez",
      "1418 Heights Blvd, Houston, TX 77008",
    ]) {
      expect(pdf.text).toContain(phrase);
    }
  });

  it("holds the chosen option and its lines, the ticked extra as chosen, and nothing of the other options or the unticked extra", () => {
    expect(pdf.text).toContain("Chosen option: Better: new cabinets and quartz");
    for (const phrase of [
      "Semi-custom maple cabinets, soft-close",
      "Quartz countertops, 3 cm, eased edge",
      "52.5 sq ft",
      "$89.00",
      "$4,672.50",
    ]) {
      expect(pdf.text).toContain(phrase);
    }
    expect(pdf.text).toContain("Under-cabinet LED lights Extra you chose");
    expect(pdf.text).toContain("Backsplash tile Allowance Tile you choose above $1,200 is billed at cost, with no markup.");
    for (const absent of ["Good: refresh", "Laminate countertops", "Best: custom kitchen", "Quartzite", "Pull-out trash cabinet"]) {
      expect(pdf.text).not.toContain(absent);
    }
  });

  it("shows the totals and every payment of the schedule as the server computed them", () => {
    const { totals } = input;
    expect(totals.totalCents).toBe(1_795_056);
    expect(pdf.text).toContain(`Subtotal ${money("en-US", totals.subtotalCents)}`);
    expect(pdf.text).toContain(`Sales tax (8.25%) ${money("en-US", totals.taxCents)}`);
    expect(pdf.text).toContain("Total $17,950.56");
    const [deposit, milestone, final] = totals.schedule;
    expect(pdf.text).toContain(`Deposit on signing (30% of the total) ${money("en-US", deposit!.cents)}`);
    expect(pdf.text).toContain(`When the cabinets are installed (40% of the total) ${money("en-US", milestone!.cents)}`);
    expect(pdf.text).toContain(`Final payment, after the final walk-through ${money("en-US", final!.cents)}`);
    expect(pdf.text).toContain("This quote is valid until December 31, 2026.");
    expect(pdf.text).toContain("Expected duration: 3 weeks.");
  });

  it("carries each notice where it belongs: before the signature, next to the signature line, and the form on a page after it", () => {
    const signature = where(pdf, "Signature");
    const signedBy = where(pdf, "Signed by Maria Gonzalez");
    for (const text of input.notices) {
      const title = where(pdf, text.title);
      expect(pdf.text).toContain(opening(text.body));
      if (text.placement === "before-signing") expect(title.at).toBeLessThan(signature.at);
      if (text.placement === "at-signature") {
        expect(title.at).toBeGreaterThan(signature.at);
        expect(title.at).toBeLessThan(signedBy.at);
      }
      if (text.placement === "after-signature") {
        expect(title.page).toBeGreaterThan(signedBy.page);
        // The form torn off still names the transaction it cancels.
        expect(pdf.pages[title.page]!.text).toContain("Quote 1042, version 2");
      }
    }
  });

  it("sets each notice at its statute's size at least, in bold when asked", () => {
    const bold = pdf.pages.flatMap((page) => page.words).find((word) => word.str === "Signature")!.fontName;
    for (const text of input.notices) {
      const words = pdf.pages
        .flatMap((page) => page.words)
        .filter((word) => text.body.replace(/\s+/g, " ").includes(word.str) && word.str.length > 20);
      expect(words.length, text.id).toBeGreaterThan(0);
      for (const word of words) {
        expect(word.size, text.id).toBeGreaterThanOrEqual(text.minPoints);
        expect(word.fontName === bold, text.id).toBe(text.bold);
      }
    }
  });

  it("ends with the signature: the typed name, the mark as a figure named for the signer, and the audit line", () => {
    const { signature } = input;
    expect(pdf.text).toContain("Signed by Maria Gonzalez");
    expect(pdf.text).toContain(
      "Signed electronically on November 29, 2026 at 3:47 PM CST, from IP address 203.0.113.42, browser Chrome 131 (Android).",
    );
    expect(pdf.text).toContain(`Document SHA-256 ${signature.documentSha256}, version 2.`);
    expect(pdf.text).toContain("Consent to electronic records given on November 29, 2026 at 3:45 PM CST.");
    expect(JSON.stringify(pdf.pages.map((page) => page.structTree))).toContain('"role":"Figure","children":[{"type":"content"');
    expect(JSON.stringify(pdf.pages.map((page) => page.structTree))).toContain('"alt":"Signature drawn on screen by Maria Gonzalez"');
  });

  it("numbers its pages in a running footer marked as an artifact, out of the text a screen reader reads", () => {
    expect(pdf.pages.length).toBeGreaterThan(1);
    pdf.pages.forEach((page, index) => {
      expect(page.artifacts).toBe(`Heights Home Repair & Remodeling · quote 1042, version 2 Page ${index + 1} of ${pdf.pages.length}`);
      expect(page.text).not.toContain("Page ");
    });
  });

  it("is tagged: a structure tree from a Document root, headings and a table, the title shown", () => {
    const tree = JSON.stringify(pdf.pages[0]!.structTree);
    for (const role of ['"role":"Document"', '"role":"H1"', '"role":"Table"', '"role":"TH"', '"role":"TD"']) expect(tree).toContain(role);
    for (const page of pdf.pages) expect(page.untagged).toBe("");
    if (!hasQpdf) return;
    const catalog = pdfCatalog(bytes);
    expect(catalog["/Lang"]).toBe("u:en-US");
    expect(catalog["/MarkInfo"]).toMatchObject({ "/Marked": true });
    expect(catalog["/ViewerPreferences"]).toMatchObject({ "/DisplayDocTitle": true });
  });

  it.skipIf(!hasQpdf)("passes qpdf --check (skipped only where Debian's qpdf is not installed)", () => {
    const check = qpdfCheck(bytes);
    expect(check.output).toContain("No syntax or stream encoding errors found");
    expect(check.output).not.toMatch(/WARNING/i);
    expect(check.ok).toBe(true);
  });

  it.skipIf(!hasQpdf)("embeds its fonts, subset, and uses no standard font a viewer would substitute", () => {
    const fonts = pdfFontsOf(bytes);
    expect(fonts.map((f) => f.baseFont.replace(/^[A-Z]{6}\+/, "")).toSorted()).toEqual(["NotoSans-Bold", "NotoSans-Regular"]);
    for (const f of fonts) {
      expect(f, f.baseFont).toMatchObject({ embedded: true });
      expect(f.baseFont, "a subset's name starts with a six-letter tag").toMatch(/^[A-Z]{6}\+/);
    }
  });
});

describe("renderQuotePdf, a Spanish quote", () => {
  const input = kitchenQuotePdfInput({ locale: "es" });
  let bytes: Buffer;
  let pdf: ReadPdf;
  beforeAll(async () => {
    bytes = await renderQuotePdf(input);
    pdf = await readPdf(bytes);
  });

  it("speaks Spanish: labels, dates, the chosen option and the language of the file", () => {
    expect(pdf.info.Language).toBe("es-US");
    expect(pdf.info.Title).toBe("Heights Home Repair & Remodeling: cotización 1042, versión 2");
    for (const phrase of [
      "Cotización 1042, versión 2",
      "Preparada para",
      "José Peña Ibáñez",
      "Opción elegida: Mejor: gabinetes nuevos y cuarzo",
      "Luces LED debajo de los gabinetes Extra que usted eligió",
      "52.5 pie²",
      "Impuesto sobre las ventas (8.25%) $1,368.06",
      "Total $17,950.56",
      "Anticipo al firmar (30% del total) $5,385.17",
      "Pago final, después de la revisión final de la obra $5,385.17",
      "Esta cotización es válida hasta el 31 de diciembre de 2026.",
      "Duración prevista: 3 semanas.",
      "Firmado por José Peña Ibáñez",
      "Firmado electrónicamente el 29 de noviembre de 2026 a las 3:47 p.m. CST",
      `SHA-256 del documento ${input.signature.documentSha256}, versión 2.`,
    ]) {
      expect(pdf.text).toContain(phrase);
    }
    for (const english of ["Chosen option", "Sales tax", "Payment schedule", "Signed by", "Quartz countertops"])
      expect(pdf.text).not.toContain(english);
  });

  it("carries each notice in Spanish, and none in English", () => {
    for (const text of input.notices) {
      expect(pdf.text).toContain(text.title);
      expect(pdf.text).toContain(opening(text.body));
    }
    for (const text of kitchenNotices("en")) expect(pdf.text).not.toContain(text.title);
    // ¿ ¡ ñ á é í ó ú ü and § come out as written: the embedded font has them all.
    expect(pdf.text).toContain("¿Cómo?");
    expect(pdf.text).toContain("¡Por medio de la presente cancelo este trato!");
  });

  it.skipIf(!hasQpdf)("passes qpdf --check", () => {
    expect(qpdfCheck(bytes).ok).toBe(true);
  });
});

describe("renderQuotePdf, other shapes", () => {
  it("renders a 40-line quote: every line, over several pages with the table's header repeated, sound and small", async () => {
    const input = kitchenQuotePdfInput({ lines: 40 });
    const bytes = await renderQuotePdf(input);
    const pdf = await readPdf(bytes);
    for (let i = 1; i <= 40; i++) expect(pdf.text).toContain(`Line ${i}: supply and install item, with cleanup`);
    expect(pdf.text).toContain(`Total ${money("en-US", input.totals.totalCents)}`);
    const pagesWithHeader = pdf.pages.filter((page) => page.text.includes("Description Quantity Unit price Amount"));
    expect(pagesWithHeader.length).toBeGreaterThan(1);
    expect(bytes.length).toBeLessThan(300 * 1024);
    if (hasQpdf) expect(qpdfCheck(bytes).ok).toBe(true);
  });

  it("without a drawn mark, shows the typed name and no figure", async () => {
    const bytes = await renderQuotePdf(kitchenQuotePdfInput({ markKind: "none" }));
    const pdf = await readPdf(bytes);
    expect(pdf.text).toContain("Signed by Maria Gonzalez");
    expect(JSON.stringify(pdf.pages.map((page) => page.structTree))).not.toContain('"role":"Figure"');
  });

  it("with no tax rate and an amount deposit, shows no tax line and the deposit without a share", async () => {
    const base = kitchenQuotePdfInput();
    const document = {
      ...base.document,
      taxBasisPoints: null,
      payment: { deposit: { kind: "amount" as const, cents: 100_000 }, milestones: [] },
    };
    const { quoteTotals } = await import("#app/schemas/quote-money.ts");
    const totals = quoteTotals(document, base.selection);
    const pdf = await readPdf(await renderQuotePdf({ ...base, document, totals }));
    expect(pdf.text).not.toContain("Sales tax");
    expect(pdf.text).toContain("Deposit on signing $1,000.00");
    expect(pdf.text).toContain(`Final payment, after the final walk-through ${money("en-US", totals.totalCents - 100_000)}`);
  });

  it("makes the same bytes from the same record, whenever it runs (dated by the signature, not the clock)", async () => {
    const [first, second] = [await renderQuotePdf(kitchenQuotePdfInput()), await renderQuotePdf(kitchenQuotePdfInput())];
    expect(first.equals(second)).toBe(true);
    const pdf = await readPdf(first);
    expect(pdf.info.CreationDate).toBe("D:20261129214712Z");
  });

  it("runs a long notice over a page break without losing a word, the file still sound", async () => {
    const base = kitchenQuotePdfInput();
    const sentence = "The homeowner may ask the contractor for a full copy of every lien release before paying.";
    const body = Array.from({ length: 12 }, (_, i) => `${i + 1}. ${sentence} ${sentence} ${sentence}`).join("\n\n");
    const notices = base.notices.map((text) => (text.id === "disclosure" ? { ...text, body } : text));
    const bytes = await renderQuotePdf({ ...base, notices });
    const pdf = await readPdf(bytes);
    for (let i = 1; i <= 12; i++) expect(pdf.text).toContain(`${i}. ${sentence} ${sentence} ${sentence}`);
    expect(where(pdf, "12. The homeowner").page).toBeGreaterThan(where(pdf, "1. The homeowner").page);
    if (hasQpdf) expect(qpdfCheck(bytes).ok).toBe(true);
  });

  it("names the only option of a plain quote without calling it chosen", async () => {
    const base = kitchenQuotePdfInput();
    const document = { ...base.document, options: base.document.options.filter((option) => option.id === "better") };
    const pdf = await readPdf(await renderQuotePdf({ ...base, document }));
    expect(pdf.text).toContain("Better: new cabinets and quartz");
    expect(pdf.text).not.toContain("Chosen option");
  });

  it("refuses a selection of an option the quote does not have", async () => {
    const base = kitchenQuotePdfInput();
    await expect(renderQuotePdf({ ...base, selection: { optionId: "nope", extraIds: [] } })).rejects.toThrow(/no option nope/);
  });
});

describe("the PDF's helpers", () => {
  it("name a browser as a person reads it, in any language", () => {
    expect(
      shortBrowser(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari 18 (iPhone)");
    expect(
      shortBrowser(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86",
      ),
    ).toBe("Edge 131 (Windows)");
    expect(shortBrowser("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0")).toBe("Firefox 133 (Linux)");
    expect(shortBrowser("curl/8.5.0")).toBe("curl/8.5.0");
    expect(shortBrowser("x".repeat(80))).toBe(`${"x".repeat(59)}…`);
  });

  it("find the fonts from the server bundle's folder, some levels under the project root", () => {
    const root = path.resolve(import.meta.dirname, "../../..");
    const expected = path.join(root, "app/server/quotes/fonts");
    expect(fontFolder(import.meta.dirname)).toBe(expected);
    expect(fontFolder(path.join(root, ".builds/0123abcd/server"))).toBe(expected);
    expect(() => fontFolder("/")).toThrow(/fonts/);
  });
});
