/**
 * Realistic quotes for tests (issue 27): a kitchen remodel with good / better / best options,
 * optional extras, an allowance, 8.25 % sales tax and a 30 % deposit plus a milestone, written by
 * the contractor in English or in Spanish, with the Texas notices a sale at the home carries and a
 * signature's record. Every builder returns fresh objects, so a test may change what it gets.
 */
import { createHash } from "node:crypto";
import type { Locale } from "#app/i18n/locale.ts";
import type { NoticeText, QuoteDocument, QuoteLine, QuoteSection, QuoteSelection } from "#app/schemas/quote.ts";
import { quoteTotals } from "#app/schemas/quote-money.ts";
import type { QuotePdfInput } from "#app/server/quotes/pdf.server.ts";

type Words = Record<Locale, string>;

function line(
  id: string,
  description: Words,
  quantity: number,
  unit: Words,
  unitPriceCents: number,
  locale: Locale,
  extra: Partial<QuoteLine> = {},
): QuoteLine {
  return {
    id,
    kind: "item",
    description: description[locale],
    quantityMilli: Math.round(quantity * 1000),
    unit: unit[locale],
    unitPriceCents,
    optional: false,
    note: "",
    ...extra,
  };
}

const each: Words = { en: "each", es: "c/u" };
const sqft: Words = { en: "sq ft", es: "pie²" };
const linft: Words = { en: "lin ft", es: "pie lineal" };
const lump: Words = { en: "job", es: "global" };

/** What every option shares: tearing out the old kitchen, and the tile the homeowner picks later. */
function commonLines(prefix: string, locale: Locale): QuoteLine[] {
  return [
    line(
      `${prefix}-demo`,
      {
        en: "Remove existing cabinets, counters and sink; haul away debris",
        es: "Retirar gabinetes, cubiertas y fregadero existentes; sacar el escombro",
      },
      1,
      lump,
      185_000,
      locale,
    ),
    line(`${prefix}-tile`, { en: "Backsplash tile", es: "Azulejo para la pared de la cocina (backsplash)" }, 1, lump, 120_000, locale, {
      kind: "allowance",
      note:
        locale === "en"
          ? "Tile you choose above $1,200 is billed at cost, with no markup."
          : "Si el azulejo que usted elija cuesta más de $1,200, la diferencia se cobra al costo, sin recargo.",
    }),
  ];
}

interface OptionWords {
  id: string;
  name: Words;
  cabinets: [Words, number];
  counters: [Words, number];
}

const optionWords: OptionWords[] = [
  {
    id: "good",
    name: { en: "Good: refresh", es: "Buena: renovación sencilla" },
    cabinets: [
      {
        en: "Paint existing cabinet boxes and fit new shaker doors",
        es: "Pintar los gabinetes existentes y poner puertas nuevas estilo shaker",
      },
      9_500,
    ],
    counters: [{ en: "Laminate countertops with square edge", es: "Cubiertas de laminado con canto recto" }, 3_800],
  },
  {
    id: "better",
    name: { en: "Better: new cabinets and quartz", es: "Mejor: gabinetes nuevos y cuarzo" },
    cabinets: [{ en: "Semi-custom maple cabinets, soft-close", es: "Gabinetes de maple semi a la medida, con cierre suave" }, 32_000],
    counters: [{ en: "Quartz countertops, 3 cm, eased edge", es: "Cubiertas de cuarzo de 3 cm, canto suavizado" }, 8_900],
  },
  {
    id: "best",
    name: { en: "Best: custom kitchen", es: "La mejor: cocina a la medida" },
    cabinets: [{ en: "Custom inset cabinets to the ceiling", es: "Gabinetes a la medida hasta el techo, puertas embutidas" }, 61_000],
    counters: [{ en: "Quartzite countertops with waterfall island", es: "Cubiertas de cuarcita con isla tipo cascada" }, 14_500],
  },
];

function optionSections(words: OptionWords, locale: Locale): QuoteSection[] {
  const id = words.id;
  return [
    { id: `${id}-s1`, title: locale === "en" ? "Demolition and preparation" : "Demolición y preparación", lines: commonLines(id, locale) },
    {
      id: `${id}-s2`,
      title: locale === "en" ? "Cabinets and countertops" : "Gabinetes y cubiertas",
      lines: [
        line(`${id}-cab`, words.cabinets[0], 24, linft, words.cabinets[1], locale),
        line(`${id}-top`, words.counters[0], 52.5, sqft, words.counters[1], locale),
        line(
          `${id}-sink`,
          { en: "Undermount stainless sink and faucet, installed", es: "Fregadero de acero inoxidable bajo cubierta y llave, instalados" },
          1,
          each,
          68_500,
          locale,
        ),
        line(`${id}-lights`, { en: "Under-cabinet LED lights", es: "Luces LED debajo de los gabinetes" }, 6, each, 8_250, locale, {
          optional: true,
        }),
        line(`${id}-pull`, { en: "Pull-out trash cabinet", es: "Gabinete de basura extraíble" }, 1, each, 42_000, locale, {
          optional: true,
        }),
      ],
    },
  ];
}

/** A kitchen remodel quote as the contractor writes it in `locale`. */
export function kitchenQuoteDocument(locale: Locale = "en"): QuoteDocument {
  const en = locale === "en";
  return {
    title: en ? "Kitchen remodel at 1418 Heights Blvd" : "Remodelación de cocina en 1418 Heights Blvd",
    intro: en
      ? "Thank you for having us over. Here are three ways to do your kitchen; pick the one that fits, and tick any extra you want."
      : "Gracias por recibirnos. Aquí tiene tres maneras de hacer su cocina; elija la que más le convenga y marque los extras que desee.",
    options: optionWords.map((words) => ({ id: words.id, name: words.name[locale], summary: "", sections: optionSections(words, locale) })),
    exclusions: en
      ? ["Appliances (we install the ones you buy)", "Moving gas lines", "Permit fees, billed at cost"]
      : ["Electrodomésticos (instalamos los que usted compre)", "Mover líneas de gas", "Costo de permisos, que se cobra al costo"],
    assumptions: en
      ? ["The subfloor under the cabinets is sound", "Water can be shut off at the house valve"]
      : ["El piso debajo de los gabinetes está en buen estado", "El agua se puede cerrar en la llave de paso de la casa"],
    taxBasisPoints: 825,
    payment: {
      deposit: { kind: "percent", basisPoints: 3_000 },
      milestones: [
        {
          id: "m1",
          label: en ? "When the cabinets are installed" : "Al terminar de instalar los gabinetes",
          amount: { kind: "percent", basisPoints: 4_000 },
        },
      ],
    },
    validUntil: "2026-12-31",
    expectedStart: "2027-01-11",
    duration: { value: 3, unit: "weeks" },
    warranty: en
      ? "We warrant our workmanship for two years from completion. Manufacturers' warranties on cabinets, counters and fixtures pass to you."
      : "Garantizamos nuestra mano de obra por dos años a partir de la terminación. Las garantías de los fabricantes de gabinetes, cubiertas y accesorios pasan a usted.",
    terms: en
      ? "Changes to the work are agreed in writing before they are done.\n\nPayments are due within five days of each milestone."
      : "Cualquier cambio al trabajo se acuerda por escrito antes de hacerlo.\n\nLos pagos vencen cinco días después de cada etapa.",
    notices: { homeSolicitation: true, homestead: true, residentialDisclosure: true, subcontractors: { kind: "waiver" } },
  };
}

/** The same quote whose `optionId` option holds `count` lines in four sections (the bench's and the size test's 40). */
export function withManyLines(document: QuoteDocument, optionId: string, count: number, locale: Locale = "en"): QuoteDocument {
  const sections: QuoteSection[] = [0, 1, 2, 3].map((s) => ({
    id: `${optionId}-big-${s}`,
    title: (locale === "en"
      ? ["Demolition", "Cabinets", "Plumbing and electrical", "Finishes"]
      : ["Demolición", "Gabinetes", "Plomería y electricidad", "Acabados"])[s]!,
    lines: [],
  }));
  for (let i = 0; i < count; i++) {
    sections[Math.min(3, Math.floor((i * 4) / count))]!.lines.push(
      line(
        `${optionId}-l${i + 1}`,
        { en: `Line ${i + 1}: supply and install item, with cleanup`, es: `Partida ${i + 1}: suministro e instalación, con limpieza` },
        1 + (i % 5),
        each,
        4_500 + i * 1_275,
        locale,
      ),
    );
  }
  return { ...document, options: document.options.map((option) => (option.id === optionId ? { ...option, sections } : option)) };
}

const noticeWords: Record<Locale, Omit<NoticeText, "minPoints" | "bold" | "placement" | "source">[]> = {
  en: [
    {
      id: "disclosure",
      title: "Know your rights and responsibilities under the law",
      body: "You are about to enter into a transaction to build a new home or remodel existing residential property. Texas law requires your contractor to provide you with this brief overview of some of your rights, responsibilities, and risks in this transaction.",
    },
    {
      id: "subcontractors",
      title: "Subcontractors and suppliers",
      body: "The owner has waived the right to receive the list of subcontractors and suppliers before signing.",
    },
    {
      id: "homestead",
      title: "Important notice",
      body: "You and your contractor are responsible for meeting the terms and conditions of this contract. If you sign this contract and you fail to meet the terms and conditions of this contract, you may lose your legal ownership rights in your home. KNOW YOUR RIGHTS AND DUTIES UNDER THE LAW.",
    },
    {
      id: "cancellation",
      title: "Your right to cancel",
      body: "You, the buyer, may cancel this transaction at any time prior to midnight of the third business day after the date of this transaction. See the attached notice of cancellation form for an explanation of this right.",
    },
    {
      id: "cancellation-form",
      title: "Notice of cancellation",
      body: "You may cancel this transaction, without any penalty or obligation, within three business days from the above date.\n\nTo cancel this transaction, mail or deliver a signed and dated copy of this cancellation notice to the seller.\n\nI hereby cancel this transaction.\n\nDate: ____________________   Buyer's signature: ______________________________",
    },
  ],
  es: [
    {
      id: "disclosure",
      title: "Conozca sus derechos y responsabilidades según la ley",
      body: "Usted está por hacer un trato para construir una casa nueva o remodelar una propiedad residencial. La ley de Texas exige que su contratista le entregue este breve resumen de algunos de sus derechos, responsabilidades y riesgos en este trato.",
    },
    {
      id: "subcontractors",
      title: "Subcontratistas y proveedores",
      body: "El propietario renunció a recibir la lista de subcontratistas y proveedores antes de firmar.",
    },
    {
      id: "homestead",
      title: "Aviso importante",
      body: "Usted y su contratista son responsables de cumplir los términos y condiciones de este contrato. Si firma este contrato y no cumple sus términos y condiciones, podría perder su derecho legal de propiedad sobre su vivienda. CONOZCA SUS DERECHOS Y OBLIGACIONES SEGÚN LA LEY.",
    },
    {
      id: "cancellation",
      title: "Su derecho a cancelar",
      body: "Usted, el comprador, puede cancelar este trato en cualquier momento antes de la medianoche del tercer día hábil después de la fecha de este trato. ¿Cómo? Vea el formulario de aviso de cancelación adjunto, que explica este derecho.",
    },
    {
      id: "cancellation-form",
      title: "Aviso de cancelación",
      body: "Usted puede cancelar este trato, sin multa ni obligación alguna, dentro de los tres días hábiles a partir de la fecha indicada arriba.\n\nPara cancelarlo, envíe por correo o entregue al vendedor una copia firmada y fechada de este aviso.\n\n¡Por medio de la presente cancelo este trato!\n\nFecha: ____________________   Firma del comprador: ______________________________",
    },
  ],
};

const noticeRules: Record<NoticeText["id"], Pick<NoticeText, "minPoints" | "bold" | "placement" | "source">> = {
  disclosure: { minPoints: 12, bold: false, placement: "before-signing", source: "Tex. Prop. Code §53.255" },
  subcontractors: { minPoints: 10, bold: false, placement: "before-signing", source: "Tex. Prop. Code §53.256" },
  homestead: { minPoints: 10, bold: true, placement: "at-signature", source: "Tex. Prop. Code §41.007" },
  cancellation: { minPoints: 10, bold: true, placement: "at-signature", source: "Tex. Bus. & Com. Code §601.052" },
  "cancellation-form": { minPoints: 10, bold: false, placement: "after-signature", source: "Tex. Bus. & Com. Code §601.053" },
};

/** The notices a homestead kitchen sold at the home carries, in the quote's language (stand-ins for ADR 067's templates). */
export function kitchenNotices(locale: Locale = "en"): NoticeText[] {
  return noticeWords[locale].map((words) => ({ ...words, ...noticeRules[words.id] }));
}

/** A mark drawn in the quote page's 600×200 box. */
export const DRAWN_MARK = "M40 150 C 80 40, 120 40, 150 140 S 230 60, 270 120 L 320 90 Q 380 40 440 130 T 560 100";

export interface QuotePdfFixtureOptions {
  locale?: Locale;
  selection?: QuoteSelection;
  /** Replace the chosen option's lines with this many (40 for the bench). */
  lines?: number;
  markKind?: QuotePdfInput["signature"]["markKind"];
}

/** Everything `renderQuotePdf` needs for the kitchen quote signed on its "better" option with one extra. */
export function kitchenQuotePdfInput(options: QuotePdfFixtureOptions = {}): QuotePdfInput {
  const locale = options.locale ?? "en";
  const selection = options.selection ?? { optionId: "better", extraIds: ["better-lights"] };
  let document = kitchenQuoteDocument(locale);
  if (options.lines) document = withManyLines(document, selection.optionId, options.lines, locale);
  const markKind = options.markKind ?? "drawn";
  return {
    business: {
      name: "Heights Home Repair & Remodeling",
      phone: "(713) 555-0142",
      email: "office@heightsremodel.test",
      streetAddress: "2210 Yale St, Suite 4",
      cityLine: "Houston, TX 77008",
      licenceLine: "TDLR electrical contractor licence 12345",
    },
    quoteNumber: 1042,
    version: 2,
    locale,
    document,
    selection,
    totals: quoteTotals(document, selection),
    notices: kitchenNotices(locale),
    homeowner: {
      name: locale === "en" ? "Maria Gonzalez" : "José Peña Ibáñez",
      email: "homeowner@home.test",
      phone: "(832) 555-0199",
      address: "1418 Heights Blvd, Houston, TX 77008",
    },
    signature: {
      fullName: locale === "en" ? "Maria Gonzalez" : "José Peña Ibáñez",
      signedAt: "2026-11-29T21:47:12.000Z",
      consentedAt: "2026-11-29T21:45:03.000Z",
      markKind,
      mark: markKind === "none" ? "" : DRAWN_MARK,
      ip: "203.0.113.42",
      userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      documentSha256: createHash("sha256").update(JSON.stringify({ document, selection })).digest("hex"),
      version: 2,
    },
    timeZone: "America/Chicago",
  };
}
