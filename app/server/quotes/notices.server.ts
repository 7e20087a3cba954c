/**
 * A quote's Texas notices as words (ADR 067): the templates a quote carries, in its language,
 * with the business and the subcontractors filled in when a version is sent, and the two dates
 * of the cancellation form filled in when it is signed. Pure functions: the quote's sending,
 * its page and its PDF call them with the templates the façade (notice-templates.server.ts) reads.
 */
import type { NoticeId, NoticeText, QuoteNotices } from "#app/schemas/quote.ts";
import { noticeIds } from "#app/schemas/quote.ts";
import { noticeIdOf, noticeTemplateIds, type NoticeTemplateEdits, type NoticeTemplateId } from "#app/schemas/quote-notices.ts";
import { defaultNoticeWords, noticeTemplateFacts } from "#app/content/quote-notices.ts";
import type { Locale } from "#app/i18n/locale.ts";

/** Every template's title and body, per language: the stored edits laid over the defaults. */
export type NoticeTemplates = Record<Locale, Record<NoticeTemplateId, { title: string; body: string }>>;

/**
 * Blanks a person fills by hand until the software can (before signing). The two date blanks
 * have their own lengths, so `fillNoticeDates` finds each again in the frozen words.
 */
export const noticeBlanks = {
  text: "________",
  transactionDate: "__________",
  cancelByDate: "____________",
} as const;

/** The templates with the contractor's edits over the defaults; an empty title or body is the default's. */
export function mergeNoticeTemplates(edits: NoticeTemplateEdits): NoticeTemplates {
  const merged = {} as NoticeTemplates;
  for (const locale of ["en", "es"] as const) {
    merged[locale] = {} as NoticeTemplates[Locale];
    for (const id of noticeTemplateIds) {
      const own = edits[id]?.[locale];
      const fallback = defaultNoticeWords[locale][id];
      merged[locale][id] = { title: own?.title.trim() || fallback.title, body: own?.body.trim() || fallback.body };
    }
  }
  return merged;
}

/** Which templates a quote's ticks call for, in the order of `noticeIds`. */
function templatesCarried(notices: QuoteNotices): NoticeTemplateId[] {
  const carried: Partial<Record<NoticeId, NoticeTemplateId>> = {};
  if (notices.residentialDisclosure) carried.disclosure = "disclosure";
  if (notices.subcontractors.kind === "list") carried.subcontractors = "subcontractors";
  if (notices.subcontractors.kind === "waiver") carried.subcontractors = "subcontractors-waiver";
  if (notices.homestead) carried.homestead = "homestead";
  if (notices.homeSolicitation) {
    carried.cancellation = "cancellation";
    carried["cancellation-form"] = "cancellation-form";
  }
  return noticeIds.flatMap((id) => carried[id] ?? []);
}

/** A run of underscores exactly as long as a date blank, typed by the contractor, is made one longer: only the software makes date blanks. */
function keepDateBlanksOurs(text: string): string {
  return text.replace(/_+/g, (run) =>
    run.length === noticeBlanks.transactionDate.length || run.length === noticeBlanks.cancelByDate.length ? `${run}_` : run,
  );
}

export interface NoticeTextsArgs {
  notices: QuoteNotices;
  locale: Locale;
  templates: NoticeTemplates;
  business: { name: string; address: string };
}

/**
 * The notices a quote carries, in its language and in the order of `noticeIds`, with the business
 * and the subcontractor list filled in and the dates as blanks ("__________"): what a version
 * freezes when it is sent. No `{placeholder}` is left.
 */
export function noticeTextsFor({ notices, locale, templates, business }: NoticeTextsArgs): NoticeText[] {
  const entries = notices.subcontractors.kind === "list" ? notices.subcontractors.entries : [];
  const typed = (text: string) => keepDateBlanksOurs(text.trim()) || noticeBlanks.text;
  const values: Record<string, string> = {
    business_name: typed(business.name),
    business_address: typed(business.address),
    transaction_date: noticeBlanks.transactionDate,
    cancel_by_date: noticeBlanks.cancelByDate,
    subcontractor_list: typed(entries.map((entry, i) => `${i + 1}. ${entry.trim()}`).join("\n")),
  };
  // Whatever the words hold, no brace reaches the homeowner: an unknown name reads as a blank.
  const fill = (text: string) => keepDateBlanksOurs(text).replace(/\{([^{}]*)\}/g, (_, name: string) => values[name] ?? noticeBlanks.text);
  return templatesCarried(notices).map((templateId) => {
    const words = templates[locale][templateId];
    const facts = noticeTemplateFacts[templateId];
    return {
      id: noticeIdOf(templateId),
      title: fill(words.title),
      body: fill(words.body),
      minPoints: facts.minPoints,
      bold: facts.bold,
      placement: facts.placement,
      source: facts.source,
    };
  });
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** "December 2, 2026" or "2 de diciembre de 2026": a calendar date, so read in UTC (no zone can move it). */
export function formatNoticeDate(iso: string, locale: Locale): string {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (!ISO_DATE.test(iso) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso) {
    throw new RangeError(`not a calendar date: ${JSON.stringify(iso)}`);
  }
  return new Intl.DateTimeFormat(locale === "es" ? "es-US" : "en-US", { dateStyle: "long", timeZone: "UTC" }).format(date);
}

/**
 * The sent words with the date of the transaction and the last day to cancel written in, at the
 * moment of signing (`cancelByDate` from `cancellationDeadline`). Other words are untouched.
 */
export function fillNoticeDates(
  texts: NoticeText[],
  { transactionDate, cancelByDate, locale }: { transactionDate: string; cancelByDate: string; locale: Locale },
): NoticeText[] {
  const dates = { transaction: formatNoticeDate(transactionDate, locale), cancelBy: formatNoticeDate(cancelByDate, locale) };
  const fill = (text: string) =>
    text.replace(/_+/g, (run) =>
      run === noticeBlanks.transactionDate ? dates.transaction : run === noticeBlanks.cancelByDate ? dates.cancelBy : run,
    );
  return texts.map((text) => ({ ...text, title: fill(text.title), body: fill(text.body) }));
}
