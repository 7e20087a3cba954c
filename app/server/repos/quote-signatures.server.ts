/**
 * Signatures of quote versions (ADR 066): the only code that writes SQL for `quote_signatures`.
 * A version has at most one signature, and only the quote's current version can be signed: the
 * database's unique `version_id` decides two signatures at the same moment, and the quote's row,
 * locked on PostgreSQL, decides a signature racing a new version.
 */
import { randomUUID } from "node:crypto";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { DB, QuoteSignaturesTable } from "#app/server/db/schema.server.ts";
import { isUniqueViolation } from "#app/server/repos/users.server.ts";
import { lockQuote, updateQuoteStatus, type QuoteRow } from "#app/server/repos/quotes.server.ts";

export type QuoteSignatureRow = Selectable<QuoteSignaturesTable>;

export type NewQuoteSignature = Omit<QuoteSignatureRow, "id" | "quote_id" | "version_id" | "pdf_key" | "signed_at">;

export type SignOutcome =
  | { outcome: "signed"; signature: QuoteSignatureRow; quote: QuoteRow }
  /** This version is signed already (by this homeowner a moment ago, or another tab). */
  | { outcome: "already-signed" }
  /** A newer version was sent: the one read is not the current one. */
  | { outcome: "not-current"; currentVersion: number }
  | { outcome: "not-found" };

/**
 * Records the signature of `signature.version` and marks the quote signed, in one transaction;
 * `inTransaction` stores what goes with it (the event, the jobs that make and send the PDF).
 */
export async function createQuoteSignature({
  db,
  dialect,
  quoteId,
  signature,
  now = new Date(),
  inTransaction,
}: {
  db: Kysely<DB>;
  dialect: "sqlite" | "postgres";
  quoteId: string;
  signature: NewQuoteSignature;
  now?: Date;
  inTransaction?: (trx: Transaction<DB>, signature: QuoteSignatureRow, quote: QuoteRow) => Promise<void>;
}): Promise<SignOutcome> {
  try {
    return await db.transaction().execute(async (trx): Promise<SignOutcome> => {
      const quote = await lockQuote(trx, dialect, quoteId);
      if (!quote) return { outcome: "not-found" };
      if (quote.current_version !== signature.version) return { outcome: "not-current", currentVersion: quote.current_version };
      const version = await trx
        .selectFrom("quote_versions")
        .select("id")
        .where("quote_id", "=", quoteId)
        .where("version", "=", signature.version)
        .executeTakeFirst();
      if (!version) return { outcome: "not-found" };
      const existing = await trx.selectFrom("quote_signatures").select("id").where("version_id", "=", version.id).executeTakeFirst();
      if (existing) return { outcome: "already-signed" };
      const row: QuoteSignatureRow = {
        ...signature,
        id: randomUUID(),
        quote_id: quoteId,
        version_id: version.id,
        signed_at: now.toISOString(),
        pdf_key: null,
      };
      await trx.insertInto("quote_signatures").values(row).execute();
      await updateQuoteStatus({ db: trx, id: quoteId, status: "signed", answered: true, now });
      const signed: QuoteRow = { ...quote, status: "signed", signed_at: row.signed_at, answered_at: quote.answered_at ?? row.signed_at };
      await inTransaction?.(trx, row, signed);
      return { outcome: "signed", signature: row, quote: signed };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { outcome: "already-signed" };
    throw error;
  }
}

export async function listQuoteSignatures({ db, quoteId }: { db: Kysely<DB>; quoteId: string }): Promise<QuoteSignatureRow[]> {
  return db.selectFrom("quote_signatures").selectAll().where("quote_id", "=", quoteId).orderBy("version").execute();
}

export async function getQuoteSignature({ db, quoteId, version }: { db: Kysely<DB>; quoteId: string; version: number }) {
  return (
    (await db
      .selectFrom("quote_signatures")
      .selectAll()
      .where("quote_id", "=", quoteId)
      .where("version", "=", version)
      .executeTakeFirst()) ?? null
  );
}

/** Records where the signed PDF was stored. */
export async function updateQuoteSignaturePdf({ db, id, pdfKey }: { db: Kysely<DB>; id: string; pdfKey: string }) {
  await db.updateTable("quote_signatures").set({ pdf_key: pdfKey }).where("id", "=", id).execute();
}

/** How many of a request's quotes carry a signature (a request with one is never deleted). */
export async function countLeadSignedQuotes({ db, leadId }: { db: Kysely<DB>; leadId: string }): Promise<number> {
  const row = await db
    .selectFrom("quote_signatures")
    .innerJoin("quotes", "quotes.id", "quote_signatures.quote_id")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("quotes.lead_id", "=", leadId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
