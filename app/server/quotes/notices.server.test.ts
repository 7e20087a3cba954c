import { describe, expect, test } from "vitest";
import { noticeIds, type QuoteNotices } from "#app/schemas/quote.ts";
import { noticeLimits, noticeTemplateIds, parseNoticeTemplateEdits, placeholderProblem } from "#app/schemas/quote-notices.ts";
import { cancellationDeadline, defaultNoticeWords } from "#app/content/quote-notices.ts";
import {
  fillNoticeDates,
  formatNoticeDate,
  mergeNoticeTemplates,
  noticeBlanks,
  noticeTextsFor,
} from "#app/server/quotes/notices.server.ts";

const business = { name: "Bayou City Remodeling", address: "1200 Main St, Houston, TX 77002" };
const defaults = mergeNoticeTemplates({});
const everything: QuoteNotices = {
  homeSolicitation: true,
  homestead: true,
  residentialDisclosure: true,
  subcontractors: {
    kind: "list",
    entries: ["Gulf Coast Plumbing, 55 Bay St, Houston, TX 77003", "Lone Star Tile Supply, 9 Oak Rd, Pasadena, TX 77506"],
  },
};
const nothing: QuoteNotices = { homeSolicitation: false, homestead: false, residentialDisclosure: false, subcontractors: { kind: "none" } };

const allWords = (texts: { title: string; body: string }[]) => texts.map((text) => `${text.title}\n${text.body}`).join("\n");

describe("noticeTextsFor", () => {
  test("a quote that ticks nothing carries no notice", () => {
    expect(noticeTextsFor({ notices: nothing, locale: "en", templates: defaults, business })).toEqual([]);
  });

  test("every notice, in the order of noticeIds, each once, with how the statute sets it", () => {
    const texts = noticeTextsFor({ notices: everything, locale: "en", templates: defaults, business });
    expect(texts.map((text) => text.id)).toEqual([...noticeIds]);
    const byId = Object.fromEntries(texts.map((text) => [text.id, text]));
    expect(byId.homestead).toMatchObject({ minPoints: 10, bold: true, placement: "at-signature", source: "Tex. Prop. Code §41.007" });
    expect(byId.cancellation).toMatchObject({ bold: true, placement: "at-signature", source: "Tex. Bus. & Com. Code §601.052" });
    expect(byId["cancellation-form"]).toMatchObject({ bold: true, placement: "after-signature", source: "Tex. Bus. & Com. Code §601.053" });
    expect(byId.disclosure).toMatchObject({ placement: "before-signing", source: "Tex. Prop. Code §53.255" });
    expect(byId.subcontractors).toMatchObject({ placement: "before-signing", source: "Tex. Prop. Code §53.256" });
    for (const text of texts) expect(text.minPoints).toBeGreaterThanOrEqual(10);
  });

  test.each([
    ["homestead", { homestead: true }, ["homestead"]],
    ["a sale at the home: the statement and the form", { homeSolicitation: true }, ["cancellation", "cancellation-form"]],
    ["the disclosure", { residentialDisclosure: true }, ["disclosure"]],
    ["the homestead and the disclosure", { homestead: true, residentialDisclosure: true }, ["disclosure", "homestead"]],
  ] as const)("only what is ticked: %s", (_, ticks, ids) => {
    const texts = noticeTextsFor({ notices: { ...nothing, ...ticks }, locale: "en", templates: defaults, business });
    expect(texts.map((text) => text.id)).toEqual(ids);
  });

  test.each(["en", "es"] as const)("each notice in %s is the statute's words for that language, nothing left in braces", (locale) => {
    const texts = noticeTextsFor({ notices: everything, locale, templates: defaults, business });
    expect(texts).toHaveLength(5);
    expect(allWords(texts)).not.toMatch(/[{}]/);
    const expected =
      locale === "en"
        ? {
            disclosure: "KNOW YOUR RIGHTS AND RESPONSIBILITIES UNDER THE LAW",
            homestead: "you may lose your legal ownership rights in your home",
            cancellation: "MAY CANCEL THIS TRANSACTION AT ANY TIME BEFORE MIDNIGHT OF THE THIRD BUSINESS DAY",
            "cancellation-form": "NOTICE OF CANCELLATION",
            subcontractors: "LIST OF SUBCONTRACTORS AND SUPPLIERS",
          }
        : {
            disclosure: "CONOZCA SUS DERECHOS Y RESPONSABILIDADES SEGÚN LA LEY",
            homestead: "podría perder su derecho legal de propiedad sobre su casa",
            cancellation: "ANTES DE LA MEDIANOCHE DEL TERCER DÍA HÁBIL",
            "cancellation-form": "AVISO DE CANCELACIÓN",
            subcontractors: "LISTA DE SUBCONTRATISTAS Y PROVEEDORES",
          };
    for (const text of texts) expect(`${text.title}\n${text.body}`, text.id).toContain(expected[text.id]);
  });

  test("the homestead warning is the statute's sentence, whole", () => {
    const [homestead] = noticeTextsFor({ notices: { ...nothing, homestead: true }, locale: "en", templates: defaults, business });
    expect(`${homestead!.title}: ${homestead!.body}`).toBe(
      "IMPORTANT NOTICE: You and your contractor are responsible for meeting the terms and conditions of this contract. If you sign this contract and you fail to meet the terms and conditions of this contract, you may lose your legal ownership rights in your home. KNOW YOUR RIGHTS AND DUTIES UNDER THE LAW.",
    );
  });

  test("the cancellation form names the business and leaves both dates as blanks before signing", () => {
    for (const locale of ["en", "es"] as const) {
      const form = noticeTextsFor({ notices: { ...nothing, homeSolicitation: true }, locale, templates: defaults, business })[1]!;
      expect(form.body).toContain("Bayou City Remodeling");
      expect(form.body).toContain("1200 Main St, Houston, TX 77002");
      expect(form.body).toContain(noticeBlanks.transactionDate);
      expect(form.body).toContain(noticeBlanks.cancelByDate);
      expect(form.body).not.toMatch(/[{}]/);
    }
  });

  test("a business without an address yet gets a blank to write it in, not braces", () => {
    const [, form] = noticeTextsFor({
      notices: { ...nothing, homeSolicitation: true },
      locale: "en",
      templates: defaults,
      business: { name: "Bayou City Remodeling", address: "  " },
    });
    expect(form!.body).toContain(`AT ${noticeBlanks.text}, NOT LATER THAN`);
  });

  test("the subcontractor list: each entry on its own numbered line, in both languages", () => {
    for (const locale of ["en", "es"] as const) {
      const [list] = noticeTextsFor({
        notices: { ...nothing, subcontractors: everything.subcontractors },
        locale,
        templates: defaults,
        business,
      });
      expect(list!.id).toBe("subcontractors");
      expect(list!.body).toContain(
        "1. Gulf Coast Plumbing, 55 Bay St, Houston, TX 77003\n2. Lone Star Tile Supply, 9 Oak Rd, Pasadena, TX 77506",
      );
      expect(list!.body).not.toMatch(/waive|renuncia/i);
    }
  });

  test("the waiver replaces the list, under the same notice", () => {
    const notices: QuoteNotices = { ...nothing, subcontractors: { kind: "waiver" } };
    const [en] = noticeTextsFor({ notices, locale: "en", templates: defaults, business });
    const [es] = noticeTextsFor({ notices, locale: "es", templates: defaults, business });
    expect(en).toMatchObject({ id: "subcontractors", title: "WAIVER OF THE LIST OF SUBCONTRACTORS AND SUPPLIERS" });
    expect(en!.body).toContain("you waive your right to receive that list");
    expect(en!.body).toContain("Bayou City Remodeling");
    expect(es).toMatchObject({ id: "subcontractors", title: "RENUNCIA A LA LISTA DE SUBCONTRATISTAS Y PROVEEDORES" });
    expect(es!.body).toContain("usted renuncia a su derecho a recibir esa lista");
  });

  test("an edited template wins, in its language only; an emptied one falls back to the default", () => {
    const templates = mergeNoticeTemplates(
      parseNoticeTemplateEdits({
        homestead: { en: { title: "", body: "Our attorney's homestead words for {business_name}." }, es: { title: "", body: "" } },
      }),
    );
    const notices = { ...nothing, homestead: true };
    const [en] = noticeTextsFor({ notices, locale: "en", templates, business });
    const [es] = noticeTextsFor({ notices, locale: "es", templates, business });
    expect(en).toMatchObject({ title: "IMPORTANT NOTICE", body: "Our attorney's homestead words for Bayou City Remodeling." });
    expect(es).toMatchObject({ title: "AVISO IMPORTANTE", body: defaultNoticeWords.es.homestead.body });
  });

  test("stored edits that are malformed or name an unknown notice are ignored, never thrown", () => {
    const edits = parseNoticeTemplateEdits({
      nope: { en: { title: "x", body: "y" } },
      homestead: { en: { title: 5, body: "y" }, es: { title: "t", body: "{unknown}" } },
      cancellation: "broken",
    });
    expect(edits).toEqual({});
    expect(parseNoticeTemplateEdits(null)).toEqual({});
  });

  test("underscores the contractor typed never pass for the software's date blanks", () => {
    const templates = mergeNoticeTemplates({
      homestead: { en: { title: "", body: `Initials: ${noticeBlanks.transactionDate} and ${noticeBlanks.cancelByDate}` } },
    });
    const [homestead] = noticeTextsFor({ notices: { ...nothing, homestead: true }, locale: "en", templates, business });
    const filled = fillNoticeDates([homestead!], { transactionDate: "2026-11-27", cancelByDate: "2026-12-01", locale: "en" });
    expect(filled[0]!.body).not.toMatch(/2026/);
  });
});

describe("fillNoticeDates", () => {
  const signedAt = new Date("2026-11-27T18:00:00Z");
  const dates = { transactionDate: "2026-11-27", cancelByDate: cancellationDeadline(signedAt, "America/Chicago") };

  test.each([
    ["en", "Date of transaction: November 27, 2026", "NOT LATER THAN MIDNIGHT OF December 1, 2026."],
    ["es", "Fecha del contrato: 27 de noviembre de 2026", "A MÁS TARDAR A LA MEDIANOCHE DEL 1 de diciembre de 2026."],
  ] as const)("writes both dates into the form in %s, and nothing else changes", (locale, transaction, cancelBy) => {
    const texts = noticeTextsFor({ notices: everything, locale, templates: defaults, business });
    const filled = fillNoticeDates(texts, { ...dates, locale });
    const form = filled.find((text) => text.id === "cancellation-form")!;
    expect(form.body).toContain(transaction);
    expect(form.body).toContain(cancelBy);
    const runs = [...allWords(filled).matchAll(/_+/g)].map((run) => run[0].length);
    expect(runs).not.toContain(noticeBlanks.transactionDate.length);
    expect(runs).not.toContain(noticeBlanks.cancelByDate.length);
    expect(filled.filter((text) => text.id !== "cancellation-form")).toEqual(texts.filter((text) => text.id !== "cancellation-form"));
    // The lines the homeowner signs and dates on paper stay blank.
    expect(form.body).toMatch(/_{20}/);
  });

  test("formats a calendar date the same whatever the zone, and refuses what is not one", () => {
    expect(formatNoticeDate("2026-12-02", "en")).toBe("December 2, 2026");
    expect(formatNoticeDate("2026-12-02", "es")).toBe("2 de diciembre de 2026");
    expect(() => formatNoticeDate("2026-02-30", "en")).toThrow(RangeError);
    expect(() => formatNoticeDate("12/02/2026", "en")).toThrow(RangeError);
  });
});

describe("placeholderProblem", () => {
  test("accepts the software's placeholders and refuses any other or a stray brace", () => {
    expect(placeholderProblem("To {business_name} at {business_address} by {cancel_by_date}")).toBeNull();
    expect(placeholderProblem("Dear {owner_name}")).toMatch(/“\{owner_name\}” is not a placeholder/);
    expect(placeholderProblem("A stray { brace")).toMatch(/stands alone/);
  });
});

describe("the default words", () => {
  test("fit the limits, hold only the software's placeholders, and the same ones in both languages", () => {
    for (const id of noticeTemplateIds) {
      const names = (locale: "en" | "es") => {
        const { title, body } = defaultNoticeWords[locale][id];
        expect(title.length, `${locale} ${id}`).toBeLessThanOrEqual(noticeLimits.title.max);
        expect(body.length, `${locale} ${id}`).toBeLessThanOrEqual(noticeLimits.body.max);
        expect(placeholderProblem(title), `${locale} ${id}`).toBeNull();
        expect(placeholderProblem(body), `${locale} ${id}`).toBeNull();
        return [...body.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).toSorted();
      };
      expect(names("es"), id).toEqual(names("en"));
    }
  });
});
