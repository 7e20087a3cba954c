/**
 * The quote page's view (issue 27): what the server reads and computes for one quote's current
 * version, shared by the page's components and the server that renders the agreement. Every
 * figure is the server's (`quote-money.ts`); dates arrive formatted in the quote's language.
 */
import type { NoticeText, QuoteDocument, QuoteSelection } from "#app/schemas/quote.ts";
import type { QuoteTotals } from "#app/schemas/quote-money.ts";

export interface QuoteBusiness {
  name: string;
  phone: string;
  phoneHref: string;
  /** The business's public email; "" when the profile has none. */
  email: string;
}

/** What the agreement (the part a signature binds to) is made from: a version and a pick. */
export interface QuoteAgreementInput {
  /** The quote's language: app/i18n/locale.ts `Locale` (a schema imports only schemas). */
  locale: "en" | "es";
  number: number;
  version: number;
  /** The day the version was sent, formatted. */
  sentOn: string;
  /** "" when the quote has no end date. */
  validUntil: string;
  /** Formatted, or "". */
  expectedStart: string;
  business: QuoteBusiness;
  document: QuoteDocument;
  notices: NoticeText[];
  selection: QuoteSelection;
  totals: QuoteTotals;
}

/** The parts of the page a signature binds to, as HTML, and the SHA-256 of their concatenation. */
export interface ShownParts {
  agreement: string;
  consent: string;
  atSignature: string;
  afterSignature: string;
  sha256: string;
}

/** Renders the parts a signature binds to (app/components/quote/shown.server.ts, given by the route). */
export type RenderShown = (input: QuoteAgreementInput) => ShownParts;

export interface QuoteSignedView {
  fullName: string;
  signedOn: string;
  /** The signed PDF's address (it answers 404 until the PDF is made). */
  pdfHref: string;
  pdfReady: boolean;
}

export interface QuotePageView extends QuoteAgreementInput {
  /** The page's own address (its language's), without a query. */
  path: string;
  expired: boolean;
  /** Each option's totals without extras, in the document's order. */
  optionTotals: QuoteTotals[];
  step: "read" | "sign" | "signed";
  /** On the signing step and once signed: the agreement as it is shown, with its hash. */
  shown: ShownParts | null;
  signed: QuoteSignedView | null;
}

/** One thing a homeowner did on a request's quote, as the request's admin page lists it. */
export interface QuoteActivityView {
  id: string;
  kind: string;
  number: number;
  version: number | null;
  body: string;
  created: string;
  createdIso: string;
}
