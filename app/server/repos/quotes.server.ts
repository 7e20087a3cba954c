/**
 * Quotes and their sent versions (ADR 066): the only code that writes SQL for `quotes` and
 * `quote_versions`. A version is written once, when the draft is sent, and never changed; the
 * quote's row says which version is current. Signatures, events and templates have their own
 * repositories beside this one.
 */
import { randomUUID } from "node:crypto";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { DB, QuotesTable, QuoteVersionsTable } from "#app/server/db/schema.server.ts";
import type { Locale } from "#app/i18n/locale.ts";
import type { QuoteStatus } from "#app/schemas/quote.ts";
import { isUniqueViolation } from "#app/server/repos/users.server.ts";

export type QuoteRow = Selectable<QuotesTable>;
export type QuoteVersionRow = Selectable<QuoteVersionsTable>;
type Dialect = "sqlite" | "postgres";

/**
 * A new draft quote on a request, numbered one more than the highest so far; null when the
 * request does not exist. Two quotes made at the same moment cannot share a number (unique), so
 * the loser takes the next.
 */
export async function createQuote({
  db,
  leadId,
  locale,
  draft,
  tokenNonce,
  tokenSha256,
  now = new Date(),
}: {
  db: Kysely<DB>;
  leadId: string;
  locale: Locale;
  /** JSON of the QuoteDocument. */
  draft: string;
  tokenNonce: string;
  tokenSha256: string;
  now?: Date;
}): Promise<QuoteRow | null> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        const lead = await trx.selectFrom("leads").select("id").where("id", "=", leadId).executeTakeFirst();
        if (!lead) return null;
        const highest = await trx
          .selectFrom("quotes")
          .select((eb) => eb.fn.max("number").as("n"))
          .executeTakeFirst();
        const row: QuoteRow = {
          id: randomUUID(),
          lead_id: leadId,
          number: Math.max(1000, Number(highest?.n ?? 0)) + 1,
          status: "draft",
          locale,
          draft,
          current_version: 0,
          token_nonce: tokenNonce,
          token_sha256: tokenSha256,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
          sent_at: null,
          opened_at: null,
          answered_at: null,
          signed_at: null,
        };
        await trx.insertInto("quotes").values(row).execute();
        return row;
      });
    } catch (error) {
      // Another quote took the number: try the next. Each round lets one of the racing quotes
      // through, so there are as many rounds as quotes made at once; a little random wait spreads them.
      if (attempt < 30 && isUniqueViolation(error)) {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * (attempt + 1)));
        continue;
      }
      throw error;
    }
  }
}

export async function getQuote({ db, id }: { db: Kysely<DB>; id: string }): Promise<QuoteRow | null> {
  return (await db.selectFrom("quotes").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

export async function getQuoteByTokenSha256({ db, tokenSha256 }: { db: Kysely<DB>; tokenSha256: string }): Promise<QuoteRow | null> {
  return (await db.selectFrom("quotes").selectAll().where("token_sha256", "=", tokenSha256).executeTakeFirst()) ?? null;
}

/** A request's quotes, newest first. */
export async function listLeadQuotes({ db, leadId }: { db: Kysely<DB>; leadId: string }): Promise<QuoteRow[]> {
  return db.selectFrom("quotes").selectAll().where("lead_id", "=", leadId).orderBy("number", "desc").execute();
}

/** Saves the builder's draft; false when the quote is gone. A sent version is never touched. */
export async function updateQuoteDraft({ db, id, draft, now = new Date() }: { db: Kysely<DB>; id: string; draft: string; now?: Date }) {
  const result = await db.updateTable("quotes").set({ draft, updated_at: now.toISOString() }).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A new link: the old token stops at once. */
export async function updateQuoteToken({
  db,
  id,
  tokenNonce,
  tokenSha256,
  now = new Date(),
}: {
  db: Kysely<DB>;
  id: string;
  tokenNonce: string;
  tokenSha256: string;
  now?: Date;
}) {
  const result = await db
    .updateTable("quotes")
    .set({ token_nonce: tokenNonce, token_sha256: tokenSha256, updated_at: now.toISOString() })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Reads the quote's row for a change inside `trx`, locked on PostgreSQL (SQLite's write transactions are serialized). */
export async function lockQuote(trx: Transaction<DB>, dialect: Dialect, id: string): Promise<QuoteRow | null> {
  let query = trx.selectFrom("quotes").selectAll().where("id", "=", id);
  if (dialect === "postgres") query = query.forUpdate();
  return (await query.executeTakeFirst()) ?? null;
}

/**
 * Freezes `document` as the next version and marks the quote sent (a signed quote sent again is
 * "sent" again: the new version must be signed). `inTransaction` stores what goes with it (the
 * email jobs, the event) in the same transaction. Null when the quote is gone.
 */
export async function createQuoteVersion({
  db,
  dialect,
  quoteId,
  document,
  noticeTexts,
  now = new Date(),
  inTransaction,
}: {
  db: Kysely<DB>;
  dialect: Dialect;
  quoteId: string;
  document: string;
  noticeTexts: string;
  now?: Date;
  inTransaction?: (trx: Transaction<DB>, version: QuoteVersionRow, quote: QuoteRow) => Promise<void>;
}): Promise<QuoteVersionRow | null> {
  return db.transaction().execute(async (trx) => {
    const quote = await lockQuote(trx, dialect, quoteId);
    if (!quote) return null;
    const version: QuoteVersionRow = {
      id: randomUUID(),
      quote_id: quoteId,
      version: quote.current_version + 1,
      document,
      notice_texts: noticeTexts,
      created_at: now.toISOString(),
    };
    await trx.insertInto("quote_versions").values(version).execute();
    const status: QuoteStatus = "sent";
    await trx
      .updateTable("quotes")
      .set({ current_version: version.version, status, sent_at: now.toISOString(), answered_at: null, updated_at: now.toISOString() })
      .where("id", "=", quoteId)
      .execute();
    await inTransaction?.(trx, version, { ...quote, current_version: version.version, status });
    return version;
  });
}

export async function getQuoteVersion({ db, quoteId, version }: { db: Kysely<DB>; quoteId: string; version: number }) {
  return (
    (await db.selectFrom("quote_versions").selectAll().where("quote_id", "=", quoteId).where("version", "=", version).executeTakeFirst()) ??
    null
  );
}

export async function listQuoteVersions({ db, quoteId }: { db: Kysely<DB>; quoteId: string }): Promise<QuoteVersionRow[]> {
  return db.selectFrom("quote_versions").selectAll().where("quote_id", "=", quoteId).orderBy("version").execute();
}

/** The first opening after a send; false when it was already recorded (so it is told once). */
export async function markQuoteOpened({ db, id, now = new Date() }: { db: Kysely<DB>; id: string; now?: Date }) {
  const result = await db
    .updateTable("quotes")
    .set({ opened_at: now.toISOString() })
    .where("id", "=", id)
    .where("opened_at", "is", null)
    .where("status", "!=", "draft")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sets the quote's stage; `answered` records the homeowner's first answer (it stops the follow-ups). */
export async function updateQuoteStatus({
  db,
  id,
  status,
  answered = false,
  now = new Date(),
}: {
  db: Kysely<DB> | Transaction<DB>;
  id: string;
  status: QuoteStatus;
  answered?: boolean;
  now?: Date;
}) {
  const at = now.toISOString();
  await db
    .updateTable("quotes")
    .set((eb) => ({
      status,
      updated_at: at,
      ...(status === "signed" ? { signed_at: at } : {}),
      ...(answered ? { answered_at: eb.fn.coalesce("answered_at", eb.val(at)) } : {}),
    }))
    .where("id", "=", id)
    .execute();
}

export interface QuoteListRow {
  id: string;
  number: number;
  status: QuoteRow["status"];
  current_version: number;
  draft: string;
  sent_at: string | null;
  opened_at: string | null;
  signed_at: string | null;
  updated_at: string;
  lead_id: string;
  from_name: string;
  locale: QuoteRow["locale"];
  /** The current version's document (JSON), null before the first send. */
  sent_document: string | null;
}

/** Every quote, the most recently changed first, with its homeowner's name and its sent document. */
export async function listAllQuotes({ db, limit = 200 }: { db: Kysely<DB>; limit?: number }): Promise<QuoteListRow[]> {
  return db
    .selectFrom("quotes")
    .innerJoin("leads", "leads.id", "quotes.lead_id")
    .leftJoin("quote_versions", (join) =>
      join.onRef("quote_versions.quote_id", "=", "quotes.id").onRef("quote_versions.version", "=", "quotes.current_version"),
    )
    .select([
      "quotes.id",
      "quotes.number",
      "quotes.status",
      "quotes.current_version",
      "quotes.draft",
      "quotes.sent_at",
      "quotes.opened_at",
      "quotes.signed_at",
      "quotes.updated_at",
      "quotes.lead_id",
      "quotes.locale",
      "leads.from_name",
      "quote_versions.document as sent_document",
    ])
    .orderBy("quotes.updated_at", "desc")
    .orderBy("quotes.number", "desc")
    .limit(limit)
    .execute();
}
