/**
 * The Texas notices a quote can carry (ADR 067): each template's default words per language, how
 * the statute asks it to be set, where it goes, and which law it comes from. The contractor's
 * edits (the `quote_notices` setting) are laid over these words; these facts are not editable.
 * The software decides nothing about when a notice applies: the contractor ticks it per quote.
 */
import type { NoticeTemplateFacts, NoticeTemplateId } from "#app/schemas/quote-notices.ts";
import type { Locale } from "#app/i18n/locale.ts";
import { englishNotices } from "#app/content/quote-notices-en.ts";
import { spanishNotices } from "#app/content/quote-notices-es.ts";

export { cancellationDeadline, isBusinessDay, localDateIn } from "#app/content/texas-business-days.ts";

export const noticeTemplateFacts: Record<NoticeTemplateId, NoticeTemplateFacts> = {
  disclosure: {
    label: "Know your rights and responsibilities (disclosure statement)",
    ticked: "Ticked on a quote as “Residential construction disclosure”.",
    // The statute names no size we could confirm; 10 points is the floor every notice here keeps.
    minPoints: 10,
    bold: false,
    placement: "before-signing",
    source: "Tex. Prop. Code §53.255",
  },
  subcontractors: {
    label: "List of subcontractors and suppliers",
    ticked: "Used when a quote lists its subcontractors and suppliers.",
    minPoints: 10,
    bold: false,
    placement: "before-signing",
    source: "Tex. Prop. Code §53.256",
  },
  "subcontractors-waiver": {
    label: "Waiver of the list of subcontractors and suppliers",
    ticked: "Used when the homeowner waives the list on a quote.",
    minPoints: 10,
    bold: false,
    placement: "before-signing",
    source: "Tex. Prop. Code §53.256",
  },
  homestead: {
    label: "Homestead warning",
    ticked: "Ticked on a quote as “Improvements to a homestead”.",
    minPoints: 10,
    bold: true,
    placement: "at-signature",
    source: "Tex. Prop. Code §41.007",
  },
  cancellation: {
    label: "Three-day right to cancel (statement in the contract)",
    ticked: "Ticked on a quote as “Sale made at the home”, with the cancellation form.",
    minPoints: 10,
    bold: true,
    placement: "at-signature",
    source: "Tex. Bus. & Com. Code §601.052",
  },
  "cancellation-form": {
    label: "Notice of cancellation (the form the homeowner can send back)",
    ticked: "Comes with the right to cancel: attached after the signature, to tear off.",
    minPoints: 10,
    bold: true,
    placement: "after-signature",
    source: "Tex. Bus. & Com. Code §601.053",
  },
};

/** The default title and body of every template, per language. */
export const defaultNoticeWords: Record<Locale, Record<NoticeTemplateId, { title: string; body: string }>> = {
  en: englishNotices,
  es: spanishNotices,
};
