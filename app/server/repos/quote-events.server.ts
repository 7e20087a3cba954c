/** A quote's history (ADR 066): the only code that writes SQL for `quote_events`. The request's page reads it too. */
import { randomUUID } from "node:crypto";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { DB, QuoteEventsTable } from "#app/server/db/schema.server.ts";
import type { QuoteEventKind } from "#app/schemas/quote.ts";

export type QuoteEventRow = Selectable<QuoteEventsTable>;

export async function createQuoteEvent({
  db,
  quoteId,
  leadId,
  kind,
  version = null,
  body = "",
  now = new Date(),
}: {
  db: Kysely<DB> | Transaction<DB>;
  quoteId: string;
  leadId: string;
  kind: QuoteEventKind;
  version?: number | null;
  body?: string;
  now?: Date;
}): Promise<QuoteEventRow> {
  const row: QuoteEventRow = { id: randomUUID(), quote_id: quoteId, lead_id: leadId, kind, version, body, created_at: now.toISOString() };
  await db.insertInto("quote_events").values(row).execute();
  return row;
}

/** A quote's events, oldest first. */
export async function listQuoteEvents({ db, quoteId }: { db: Kysely<DB>; quoteId: string }): Promise<QuoteEventRow[]> {
  return db.selectFrom("quote_events").selectAll().where("quote_id", "=", quoteId).orderBy("created_at").orderBy("id").execute();
}

/** Every quote event of a request, oldest first: its history shows them with its notes and replies. */
export async function listLeadQuoteEvents({ db, leadId }: { db: Kysely<DB>; leadId: string }): Promise<QuoteEventRow[]> {
  return db.selectFrom("quote_events").selectAll().where("lead_id", "=", leadId).orderBy("created_at").orderBy("id").execute();
}
