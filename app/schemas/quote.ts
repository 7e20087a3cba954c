/**
 * A written quote (issue 27, ADR 066): the document the contractor builds on a request's page and
 * the homeowner reads, picks from and signs. The same shape is the builder's draft, each sent
 * version (frozen once sent), a saved template and the signed PDF's input. Money is integer cents
 * and every total comes from `quote-money.ts` on the server; a document never stores a total.
 */
import { z } from "zod";
import { cleanMultiLineText, cleanSingleLineText } from "#app/schemas/text.ts";

export const quoteLimits = {
  title: { max: 120 },
  text: { max: 2000 },
  line: { max: 300 },
  unit: { max: 20 },
  /** Options (good / better / best), sections per option, lines per section. */
  options: { max: 3 },
  sections: { max: 20 },
  lines: { max: 100 },
  listItems: { max: 30 },
  milestones: { max: 8 },
  /** $1,000,000 a unit, in cents: beyond any home job, and every sum of a document stays below 2^53. */
  unitPriceCents: { max: 100_000_000 },
  /** Quantities are thousandths (1.5 sq ft = 1500), up to 10,000 units. */
  quantityMilli: { min: 1, max: 10_000_000 },
  /** Basis points: 825 = 8.25 %. */
  taxBasisPoints: { max: 2_000 },
  durationValue: { max: 365 },
} as const;

const line = (max: number) => z.string().transform(cleanSingleLineText).pipe(z.string().max(max));
const multi = (max: number) => z.string().transform(cleanMultiLineText).pipe(z.string().max(max));
const id = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);
const cents = (max: number) => z.number().int().min(0).max(max);
const isoDate = z.union([z.literal(""), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)]);

/**
 * One line of a section. An `allowance` is an amount included in the price for something the
 * homeowner chooses later (tile, fixtures); `note` says what happens above it. An `optional` line
 * is an extra the homeowner may tick: it counts only when ticked.
 */
export const QuoteLineSchema = z.object({
  id,
  kind: z.enum(["item", "allowance"]).default("item"),
  description: line(quoteLimits.line.max).pipe(z.string().min(1)),
  quantityMilli: z.number().int().min(quoteLimits.quantityMilli.min).max(quoteLimits.quantityMilli.max).default(1000),
  unit: line(quoteLimits.unit.max).default(""),
  unitPriceCents: cents(quoteLimits.unitPriceCents.max),
  optional: z.boolean().default(false),
  note: multi(quoteLimits.line.max).default(""),
});
export type QuoteLine = z.infer<typeof QuoteLineSchema>;

/** A room or a phase of the job. */
export const QuoteSectionSchema = z.object({
  id,
  title: line(quoteLimits.title.max).pipe(z.string().min(1)),
  lines: z.array(QuoteLineSchema).max(quoteLimits.lines.max),
});
export type QuoteSection = z.infer<typeof QuoteSectionSchema>;

/** Good / better / best: approving one declines the others. A quote with one option is a plain quote. */
export const QuoteOptionSchema = z.object({
  id,
  name: line(quoteLimits.title.max).pipe(z.string().min(1)),
  summary: multi(quoteLimits.text.max).default(""),
  sections: z.array(QuoteSectionSchema).min(1).max(quoteLimits.sections.max),
});
export type QuoteOption = z.infer<typeof QuoteOptionSchema>;

/** A payment: a share of the total (basis points) or a fixed amount. */
const PaymentAmountSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("percent"), basisPoints: z.number().int().min(0).max(10_000) }),
  z.object({ kind: z.literal("amount"), cents: cents(quoteLimits.unitPriceCents.max) }),
]);
export type PaymentAmount = z.infer<typeof PaymentAmountSchema>;

/**
 * The payment schedule: a deposit, milestones, and the rest after the final walk-through (never
 * typed: it is what remains, so the schedule always sums to the total).
 */
export const PaymentScheduleSchema = z.object({
  deposit: PaymentAmountSchema,
  milestones: z
    .array(z.object({ id, label: line(quoteLimits.title.max).pipe(z.string().min(1)), amount: PaymentAmountSchema }))
    .max(quoteLimits.milestones.max),
});
export type PaymentSchedule = z.infer<typeof PaymentScheduleSchema>;

/**
 * Which Texas notices the quote carries (ADR 067). Their words come from the notice templates at
 * the moment a version is sent, frozen into `noticeTexts` so the signed version keeps them.
 */
export const QuoteNoticesSchema = z.object({
  /** The sale is made at the homeowner's residence (Bus. & Com. Code ch. 601): the three-day cancellation notice and form. */
  homeSolicitation: z.boolean().default(false),
  /** Improvements to a homestead (Prop. Code §41.007): the warning next to the signature line. */
  homestead: z.boolean().default(false),
  /** A residential construction contract (Prop. Code §53.255): the disclosure statement, delivered before signing. */
  residentialDisclosure: z.boolean().default(false),
  /** Prop. Code §53.256: the subcontractors and suppliers, or the homeowner's waiver. */
  subcontractors: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("none") }),
    z.object({
      kind: z.literal("list"),
      entries: z.array(line(quoteLimits.line.max).pipe(z.string().min(1))).max(quoteLimits.listItems.max),
    }),
    z.object({ kind: z.literal("waiver") }),
  ]),
});
export type QuoteNotices = z.infer<typeof QuoteNoticesSchema>;

export const QuoteDocumentSchema = z.object({
  title: line(quoteLimits.title.max).pipe(z.string().min(1)),
  /** A few words to the homeowner above the options. */
  intro: multi(quoteLimits.text.max).default(""),
  options: z.array(QuoteOptionSchema).min(1).max(quoteLimits.options.max),
  exclusions: z
    .array(line(quoteLimits.line.max).pipe(z.string().min(1)))
    .max(quoteLimits.listItems.max)
    .default([]),
  assumptions: z
    .array(line(quoteLimits.line.max).pipe(z.string().min(1)))
    .max(quoteLimits.listItems.max)
    .default([]),
  /** Sales tax on the subtotal, when the contractor sets a rate; null for none. */
  taxBasisPoints: z.number().int().min(0).max(quoteLimits.taxBasisPoints.max).nullable().default(null),
  payment: PaymentScheduleSchema,
  validUntil: isoDate.default(""),
  expectedStart: isoDate.default(""),
  duration: z
    .object({ value: z.number().int().min(1).max(quoteLimits.durationValue.max), unit: z.enum(["days", "weeks"]) })
    .nullable()
    .default(null),
  /** Copied from the business profile when the quote is made; editable per quote. */
  warranty: multi(quoteLimits.text.max).default(""),
  terms: multi(quoteLimits.text.max).default(""),
  notices: QuoteNoticesSchema,
});
export type QuoteDocument = z.infer<typeof QuoteDocumentSchema>;

/** What the homeowner chose: one option, and the optional lines of it they ticked. */
export const QuoteSelectionSchema = z.object({
  optionId: id,
  extraIds: z
    .array(id)
    .max(quoteLimits.lines.max * quoteLimits.sections.max)
    .default([]),
});
export type QuoteSelection = z.infer<typeof QuoteSelectionSchema>;

/** A quote's stage on the request's page and the homeowner's. */
export const quoteStatuses = ["draft", "sent", "signed", "declined"] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

/** What happened to a quote, in its history and the lead's. */
export const quoteEventKinds = ["sent", "opened", "question", "changes", "signed", "follow-up", "declined"] as const;
export type QuoteEventKind = (typeof quoteEventKinds)[number];

/** A new quote's document: one option with one empty-titled section is not valid, so the builder starts here. */
export function emptyQuoteDocument({ title, warranty, terms }: { title: string; warranty: string; terms: string }): QuoteDocument {
  return {
    title,
    intro: "",
    options: [{ id: "o1", name: "Proposal", summary: "", sections: [{ id: "s1", title: "Work", lines: [] }] }],
    exclusions: [],
    assumptions: [],
    taxBasisPoints: null,
    payment: { deposit: { kind: "percent", basisPoints: 3_000 }, milestones: [] },
    validUntil: "",
    expectedStart: "",
    duration: null,
    warranty,
    terms,
    notices: { homeSolicitation: false, homestead: false, residentialDisclosure: false, subcontractors: { kind: "none" } },
  };
}

/** The Texas notices a quote can carry (ADR 067), in the order a document shows them. */
export const noticeIds = ["disclosure", "subcontractors", "homestead", "cancellation", "cancellation-form"] as const;
export type NoticeId = (typeof noticeIds)[number];

/**
 * One notice's words as sent with a version (frozen in `quote_versions.notice_texts`), in the
 * quote's language, with how the statute asks it to be set.
 */
export interface NoticeText {
  id: NoticeId;
  title: string;
  /** Plain text; paragraphs separated by a blank line. */
  body: string;
  /** The smallest type the statute asks, in points (10 or 12), for the PDF and the printed page. */
  minPoints: number;
  bold: boolean;
  /** Where it goes: before the signing step, next to the signature line, or after it (the cancellation form, to tear off). */
  placement: "before-signing" | "at-signature" | "after-signature";
  /** Which law asks for it, e.g. "Tex. Bus. & Com. Code §601.052". */
  source: string;
}
