/**
 * The contractor's own words for the Texas notices (ADR 067): one setting, `quote_notices`,
 * holding per template and language the title and body they changed. What they left empty, or
 * set back to the default words, is not stored, so the defaults stay the defaults. Routes call
 * this façade; the words a quote carries come from `templates()` through notices.server.ts.
 */
import type { Database } from "#app/server/db/index.server.ts";
import { compareAndSetSetting, getSetting } from "#app/server/repos/settings.server.ts";
import {
  isNoticeTemplateId,
  NoticeEditFormSchema,
  noticeTemplateIds,
  parseNoticeTemplateEdits,
  type AdminNotice,
  type NoticeEdit,
  type NoticeTemplateEdits,
  type NoticeTemplateId,
} from "#app/schemas/quote-notices.ts";
import { defaultNoticeWords, noticeTemplateFacts } from "#app/content/quote-notices.ts";
import { mergeNoticeTemplates, noticeTextsFor, type NoticeTemplates, type NoticeTextsArgs } from "#app/server/quotes/notices.server.ts";
import type { NoticeText } from "#app/schemas/quote.ts";
import type { Locale } from "#app/i18n/locale.ts";

export const QUOTE_NOTICES_SETTING = "quote_notices";
const UNKNOWN_NOTICE = "That notice does not exist: reload the page and try again.";
const BUSY = "Another change to the notices was being saved at the same moment. Please try again.";

type Refusal = { ok: false; status: 400 | 409; error: string; fieldErrors?: Record<string, string> };
export type NoticeChange = { ok: true } | Refusal;

export interface QuoteNoticeTemplates {
  /** Every template's words, the contractor's over the defaults: what `noticeTextsFor` reads. */
  templates(): Promise<NoticeTemplates>;
  /** `noticeTextsFor` with the templates as they are now: the words a version freezes when it is sent. */
  textsFor(args: Omit<NoticeTextsArgs, "templates">): Promise<NoticeText[]>;
  /** The page at /admin/quotes/notices, in the order a document shows them. */
  adminNotices(): Promise<AdminNotice[]>;
  /** Saves one notice's words in both languages from its form (raw values; validated here). */
  save(args: { id: string; fields: { title: string; body: string; title_es: string; body_es: string } }): Promise<NoticeChange>;
  /** Puts one notice back to the default words in both languages. */
  restore(args: { id: string }): Promise<NoticeChange>;
}

export function createQuoteNoticeTemplates({ database }: { database: Pick<Database, "db"> }): QuoteNoticeTemplates {
  const { db } = database;
  const read = async () => parseNoticeTemplateEdits(await getSetting({ db, key: QUOTE_NOTICES_SETTING }));

  /** Read, change, write back only if no one else wrote in between (two admins on two notices keep both). */
  async function update(change: (edits: NoticeTemplateEdits) => void): Promise<NoticeChange> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const stored = await getSetting({ db, key: QUOTE_NOTICES_SETTING });
      const edits = parseNoticeTemplateEdits(stored);
      change(edits);
      if (await compareAndSetSetting({ db, key: QUOTE_NOTICES_SETTING, expected: stored, value: edits })) return { ok: true };
    }
    return { ok: false, status: 409, error: BUSY };
  }

  return {
    templates: async () => mergeNoticeTemplates(await read()),
    textsFor: async (args) => noticeTextsFor({ ...args, templates: mergeNoticeTemplates(await read()) }),
    async adminNotices() {
      const edits = await read();
      const merged = mergeNoticeTemplates(edits);
      return noticeTemplateIds.map((id) => ({
        id,
        ...noticeTemplateFacts[id],
        words: Object.fromEntries(
          (["en", "es"] as const).map((locale) => {
            const own = edits[id]?.[locale];
            const fallback = defaultNoticeWords[locale][id];
            return [
              locale,
              {
                ...merged[locale][id],
                defaultTitle: fallback.title,
                defaultBody: fallback.body,
                isDefault: !own?.title && !own?.body,
              },
            ];
          }),
        ) as AdminNotice["words"],
      }));
    },
    async save({ id, fields }) {
      if (!isNoticeTemplateId(id)) return { ok: false, status: 400, error: UNKNOWN_NOTICE };
      const parsed = NoticeEditFormSchema.safeParse({
        en: { title: fields.title, body: fields.body },
        es: { title: fields.title_es, body: fields.body_es },
      });
      if (!parsed.success) {
        const fieldErrors: Record<string, string> = {};
        for (const issue of parsed.error.issues) {
          const [locale, field] = issue.path as [Locale, "title" | "body"];
          fieldErrors[locale === "es" ? `${field}_es` : field] ??= issue.message;
        }
        return { ok: false, status: 400, error: parsed.error.issues[0]?.message ?? "These words cannot be saved.", fieldErrors };
      }
      return update((edits) => {
        const own = ownWords(id, parsed.data);
        if (own) edits[id] = own;
        else delete edits[id];
      });
    },
    async restore({ id }) {
      if (!isNoticeTemplateId(id)) return { ok: false, status: 400, error: UNKNOWN_NOTICE };
      return update((edits) => {
        delete edits[id];
      });
    },
  };
}

/** What is worth storing of a form: per language, the fields that differ from the default (the rest stay ""). */
function ownWords(id: NoticeTemplateId, edit: NoticeEdit): NoticeTemplateEdits[NoticeTemplateId] | null {
  const own: NonNullable<NoticeTemplateEdits[NoticeTemplateId]> = {};
  for (const locale of ["en", "es"] as const) {
    const fallback = defaultNoticeWords[locale][id];
    const title = edit[locale].title === fallback.title ? "" : edit[locale].title;
    const body = edit[locale].body === normalized(fallback.body) ? "" : edit[locale].body;
    if (title || body) own[locale] = { title, body };
  }
  return Object.keys(own).length > 0 ? own : null;
}

/** The default body as the form posts it back (the schema trims it). */
const normalized = (text: string) => text.trim();
