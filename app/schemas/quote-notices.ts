/**
 * The Texas notice templates the contractor edits at /admin/quotes/notices (ADR 067): which
 * templates exist, the placeholders they may hold, and the stored edits (the `quote_notices`
 * setting). Shared by the admin page and the server, so both refuse the same things.
 */
import { z } from "zod";
import { cleanMultiLineText, cleanSingleLineText } from "#app/schemas/text.ts";
import type { NoticeId, NoticeText } from "#app/schemas/quote.ts";
import type { Locale } from "#app/i18n/locale.ts";

/**
 * One template per notice, except §53.256, which reads one way when the quote lists the
 * subcontractors and suppliers and another when the homeowner waives the list.
 */
export const noticeTemplateIds = [
  "disclosure",
  "subcontractors",
  "subcontractors-waiver",
  "homestead",
  "cancellation",
  "cancellation-form",
] as const;
export type NoticeTemplateId = (typeof noticeTemplateIds)[number];

/** The notice a template's text is sent as. */
export function noticeIdOf(templateId: NoticeTemplateId): NoticeId {
  return templateId === "subcontractors-waiver" ? "subcontractors" : templateId;
}

export function isNoticeTemplateId(value: unknown): value is NoticeTemplateId {
  return typeof value === "string" && (noticeTemplateIds as readonly string[]).includes(value);
}

/** The words the software puts in a notice; any other `{name}` is refused when saved. */
export const noticePlaceholders = [
  "business_name",
  "business_address",
  "transaction_date",
  "cancel_by_date",
  "subcontractor_list",
] as const;
export type NoticePlaceholder = (typeof noticePlaceholders)[number];

export const noticeLimits = {
  title: { max: 200 },
  /** The disclosure statement is about 4,000 characters; room for an attorney's additions. */
  body: { max: 12_000 },
} as const;

/** A `{word}` in a template. */
const PLACEHOLDER = /\{([^{}\s]{0,40})\}/g;

/** The `{names}` a text holds that the software does not fill, and whether a brace stands alone. */
export function placeholderProblem(text: string): string | null {
  const unknown = [...text.matchAll(PLACEHOLDER)]
    .map((match) => match[1]!)
    .filter((name) => !(noticePlaceholders as readonly string[]).includes(name));
  if (unknown.length > 0) {
    return `“{${unknown[0]}}” is not a placeholder the software fills. Use only ${noticePlaceholders.map((name) => `{${name}}`).join(", ")}.`;
  }
  if (/[{}]/.test(text.replace(PLACEHOLDER, ""))) {
    return "A brace “{” or “}” stands alone: placeholders are written like {business_name}. Remove the stray brace.";
  }
  return null;
}

const language = (label: string) =>
  z.object({
    title: z
      .string()
      .transform(cleanSingleLineText)
      .pipe(
        z
          .string()
          .trim()
          .max(noticeLimits.title.max, { error: `The ${label} title is too long: keep it under ${noticeLimits.title.max} characters.` }),
      ),
    body: z
      .string()
      .transform((value) => cleanMultiLineText(value).trim())
      .pipe(
        z.string().max(noticeLimits.body.max, {
          error: `The ${label} text is too long: keep it under ${noticeLimits.body.max.toLocaleString("en-US")} characters.`,
        }),
      ),
  });

/**
 * One notice's form: a title and a body per language. An empty field means the default words
 * (ADR 067), so a field left empty is never an error.
 */
export const NoticeEditFormSchema = z.object({ en: language("English"), es: language("Spanish") }).superRefine((value, ctx) => {
  for (const locale of ["en", "es"] as const) {
    for (const field of ["title", "body"] as const) {
      const problem = placeholderProblem(value[locale][field]);
      if (problem) ctx.addIssue({ code: "custom", path: [locale, field], message: problem });
    }
  }
});
export type NoticeEdit = z.infer<typeof NoticeEditFormSchema>;

/** The stored edits: per template and language, the title and body the contractor wrote ("" or absent: the default). */
export type NoticeTemplateEdits = Partial<Record<NoticeTemplateId, Partial<Record<Locale, { title: string; body: string }>>>>;

const storedText = z.object({ title: z.string().max(noticeLimits.title.max), body: z.string().max(noticeLimits.body.max) });

/** Reads the stored setting: anything unknown or malformed is dropped (the defaults stand in), never thrown. */
export function parseNoticeTemplateEdits(value: unknown): NoticeTemplateEdits {
  const edits: NoticeTemplateEdits = {};
  if (typeof value !== "object" || value === null) return edits;
  for (const [id, perLocale] of Object.entries(value)) {
    if (!isNoticeTemplateId(id) || typeof perLocale !== "object" || perLocale === null) continue;
    for (const locale of ["en", "es"] as const) {
      const parsed = storedText.safeParse((perLocale as Record<string, unknown>)[locale]);
      if (parsed.success && placeholderProblem(parsed.data.title) === null && placeholderProblem(parsed.data.body) === null) {
        (edits[id] ??= {})[locale] = parsed.data;
      }
    }
  }
  return edits;
}

/** How a template is set and where it goes (app/content/quote-notices.ts): facts of the statute, not editable. */
export interface NoticeTemplateFacts {
  /** What the admin page calls it. */
  label: string;
  /** When a contractor would tick it, in a few words (for the admin page; not advice). */
  ticked: string;
  minPoints: NoticeText["minPoints"];
  bold: NoticeText["bold"];
  placement: NoticeText["placement"];
  source: NoticeText["source"];
}

/** One notice as the admin page shows it: its facts, and per language the words in force and the defaults. */
export interface AdminNotice extends NoticeTemplateFacts {
  id: NoticeTemplateId;
  words: Record<Locale, { title: string; body: string; defaultTitle: string; defaultBody: string; isDefault: boolean }>;
}
