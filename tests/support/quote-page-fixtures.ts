/**
 * Sent quotes for the quote page's tests (issue 27), stored through the app's own repositories:
 * a realistic bathroom remodel with good / better / best options, allowances, optional extras,
 * tax and a payment schedule, the Texas notices as a version freezes them, and a link token.
 */
import { randomBytes } from "node:crypto";
import type { Database } from "#app/server/db/index.server.ts";
import type { Locale } from "#app/i18n/locale.ts";
import type { NoticeText, QuoteDocument, QuoteLine } from "#app/schemas/quote.ts";
import { createQuote, createQuoteVersion } from "#app/server/repos/quotes.server.ts";
import { tokenSha256 } from "#app/server/quotes/link-token.server.ts";
import { quotePath } from "#app/server/quotes/paths.server.ts";

const line = (
  id: string,
  description: string,
  quantityMilli: number,
  unit: string,
  unitPriceCents: number,
  more: Partial<QuoteLine> = {},
): QuoteLine => ({
  id,
  kind: "item",
  description,
  quantityMilli,
  unit,
  unitPriceCents,
  optional: false,
  note: "",
  ...more,
});

/** The hall bathroom, three ways. Totals with Texas tax at 8.25 %. */
export function bathroomQuote(locale: Locale = "en"): QuoteDocument {
  const es = locale === "es";
  const common = [
    line("demo", es ? "Demolición y retiro de escombros" : "Demolition and haul-away", 1000, es ? "trabajo" : "job", 180_000),
    line("plumb", es ? "Plomería: válvula de regadera nueva" : "Plumbing: new shower valve", 1000, es ? "trabajo" : "job", 95_000),
  ];
  const option = (id: string, name: string, tileCents: number, vanityCents: number, extras: QuoteLine[]) => ({
    id,
    name,
    summary: "",
    sections: [
      { id: `${id}-prep`, title: es ? "Preparación" : "Preparation", lines: common.map((l) => ({ ...l, id: `${id}-${l.id}` })) },
      {
        id: `${id}-finish`,
        title: es ? "Acabados" : "Finishes",
        lines: [
          line(`${id}-tile`, es ? "Azulejo de pared, instalado" : "Wall tile, installed", 96_500, es ? "pie²" : "sq ft", tileCents),
          line(`${id}-vanity`, es ? "Presupuesto para el mueble de baño" : "Vanity allowance", 1000, "", vanityCents, {
            kind: "allowance",
            note: es ? "Si elige uno más caro, paga la diferencia." : "If you choose a pricier one, you pay the difference.",
          }),
          ...extras,
        ],
      },
    ],
  });
  return {
    title: es ? "Remodelación del baño de visitas" : "Hall bathroom remodel",
    intro: es
      ? "Gracias por invitarnos a su casa. Aquí están las tres opciones que platicamos."
      : "Thank you for having us over. Here are the three options we talked about.",
    options: [
      option("good", es ? "Básica" : "Good", 1_250, 60_000, [
        line("good-fan", es ? "Extractor de aire silencioso" : "Quiet exhaust fan", 1000, "", 32_500, { optional: true }),
      ]),
      option("better", es ? "Mejor" : "Better", 1_650, 90_000, [
        line("better-fan", es ? "Extractor de aire silencioso" : "Quiet exhaust fan", 1000, "", 32_500, { optional: true }),
        line("better-niche", es ? "Nicho en la regadera" : "Shower niche", 1000, "", 45_000, { optional: true }),
      ]),
      option("best", es ? "Superior" : "Best", 2_400, 150_000, [
        line("best-heat", es ? "Piso con calefacción" : "Heated floor", 42_000, es ? "pie²" : "sq ft", 1_800, { optional: true }),
      ]),
    ],
    exclusions: [es ? "Pintura de otros cuartos" : "Painting of other rooms"],
    assumptions: [es ? "El subpiso está en buen estado" : "The subfloor is sound"],
    taxBasisPoints: 825,
    payment: {
      deposit: { kind: "percent", basisPoints: 3_000 },
      milestones: [
        {
          id: "rough",
          label: es ? "Inspección de plomería aprobada" : "Plumbing inspection passed",
          amount: { kind: "percent", basisPoints: 4_000 },
        },
      ],
    },
    validUntil: "2099-12-31",
    expectedStart: "2099-01-12",
    duration: { value: 3, unit: "weeks" },
    warranty: es ? "Un año en mano de obra." : "One year on workmanship.",
    terms: es ? "Pagos por cheque o transferencia." : "Payments by check or bank transfer.",
    notices: { homeSolicitation: true, homestead: true, residentialDisclosure: false, subcontractors: { kind: "none" } },
  };
}

/** A one-option quote of `count` lines (the bench's 30-line page). */
export function longQuote(count: number, locale: Locale = "en"): QuoteDocument {
  const base = bathroomQuote(locale);
  const lines = Array.from({ length: count }, (_, i) =>
    line(
      `l${i + 1}`,
      `${locale === "es" ? "Concepto" : "Item"} ${i + 1}: ${base.options[1]!.sections[1]!.lines[0]!.description}`,
      1000 + i * 250,
      "ea",
      12_345 + i * 100,
      {
        optional: i % 10 === 9,
      },
    ),
  );
  return {
    ...base,
    options: [{ id: "o1", name: locale === "es" ? "Propuesta" : "Proposal", summary: "", sections: [{ id: "s1", title: "Work", lines }] }],
  };
}

/** The notices a version freezes, one of each placement. */
export function sampleNotices(locale: Locale = "en"): NoticeText[] {
  const es = locale === "es";
  return [
    {
      id: "homestead",
      title: es ? "Aviso sobre la vivienda familiar" : "Important notice: homestead",
      body: es
        ? "Usted y su contratista son responsables de cumplir las condiciones de este contrato."
        : "You and your contractor are responsible for meeting the terms and conditions of this contract.",
      minPoints: 10,
      bold: true,
      placement: "at-signature",
      source: "Tex. Prop. Code §41.007",
    },
    {
      id: "cancellation",
      title: es ? "Aviso de cancelación" : "Notice of cancellation",
      body: es
        ? "Usted puede cancelar esta transacción, sin multa ni obligación, dentro de tres días hábiles."
        : "You may cancel this transaction, without any penalty or obligation, within three business days.",
      minPoints: 10,
      bold: true,
      placement: "before-signing",
      source: "Tex. Bus. & Com. Code §601.052",
    },
    {
      id: "cancellation-form",
      title: es ? "Formulario de cancelación" : "Cancellation form",
      body: es ? "Por medio de la presente cancelo esta transacción." : "I hereby cancel this transaction.",
      minPoints: 10,
      bold: false,
      placement: "after-signature",
      source: "Tex. Bus. & Com. Code §601.053",
    },
  ];
}

export interface SentQuoteFixture {
  quoteId: string;
  token: string;
  /** The page in the quote's language. */
  path: string;
  number: number;
}

/** A quote on `leadId`, sent once (version 1), with a fresh link token. */
export async function seedSentQuote(
  database: Database,
  {
    leadId,
    locale = "en",
    document = bathroomQuote(locale),
    notices = sampleNotices(locale),
    send = true,
  }: { leadId: string; locale?: Locale; document?: QuoteDocument; notices?: NoticeText[]; send?: boolean },
): Promise<SentQuoteFixture> {
  const token = randomBytes(32).toString("base64url").slice(0, 43);
  const quote = await createQuote({
    db: database.db,
    leadId,
    locale,
    draft: JSON.stringify(document),
    tokenNonce: randomBytes(16).toString("base64url"),
    tokenSha256: tokenSha256(token),
  });
  if (!quote) throw new Error("the lead does not exist");
  if (send) await sendVersion(database, quote.id, document, notices);
  return { quoteId: quote.id, token, path: quotePath(locale, token), number: quote.number };
}

/** Sends `document` as the quote's next version. */
export async function sendVersion(database: Database, quoteId: string, document: QuoteDocument, notices: NoticeText[] = []) {
  const version = await createQuoteVersion({
    db: database.db,
    dialect: database.dialect,
    quoteId,
    document: JSON.stringify(document),
    noticeTexts: JSON.stringify(notices),
  });
  if (!version) throw new Error("the quote does not exist");
  return version;
}
