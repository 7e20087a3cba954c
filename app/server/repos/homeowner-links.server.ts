/**
 * The homeowner's page (ADR 069): the only code that writes SQL for `homeowner_links`, and the
 * reads of what the page shows that no other repository has (a homeowner's requests by email,
 * the quotes sent on them with their versions and signatures). Callers pass a token's SHA-256,
 * never the token, and a code's hash, never the code.
 */
import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import type { HomeownerLinksTable } from "#app/server/db/schema.server.ts";
import type { Timed, WithDb } from "#app/server/repos/args.server.ts";
import type { Lead } from "#app/server/repos/leads.server.ts";

export type HomeownerLink = Selectable<HomeownerLinksTable>;

/** The link of an email address (lower-cased by the caller), or null. */
export async function getHomeownerLinkByEmail({ db, email }: WithDb<{ email: string }>): Promise<HomeownerLink | null> {
  return (await db.selectFrom("homeowner_links").selectAll().where("email", "=", email).executeTakeFirst()) ?? null;
}

/** The link whose token has this SHA-256, or null (a wrong or replaced token). */
export async function getHomeownerLinkByToken({ db, tokenSha256 }: WithDb<{ tokenSha256: string }>): Promise<HomeownerLink | null> {
  return (await db.selectFrom("homeowner_links").selectAll().where("token_sha256", "=", tokenSha256).executeTakeFirst()) ?? null;
}

/**
 * The address's link, made with this nonce if it has none. Two first sends at once make one
 * link: the unique email decides, and the loser reads the winner's.
 */
export async function createHomeownerLinkIfAbsent({
  db,
  email,
  tokenNonce,
  tokenSha256,
  now = new Date(),
}: Timed<{ email: string; tokenNonce: string; tokenSha256: string }>): Promise<HomeownerLink> {
  await db
    .insertInto("homeowner_links")
    .values({
      id: randomUUID(),
      email,
      token_nonce: tokenNonce,
      token_sha256: tokenSha256,
      created_at: now.toISOString(),
      issued_at: null,
      code_sha256: null,
      code_expires_at: null,
      code_attempts: 0,
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .execute();
  const link = await getHomeownerLinkByEmail({ db, email });
  if (!link) throw new Error("homeowner link vanished after its insert");
  return link;
}

/** Records that an email carrying the link was sent now. */
export async function updateHomeownerLinkIssued({ db, id, now = new Date() }: Timed<{ id: string }>): Promise<void> {
  await db.updateTable("homeowner_links").set({ issued_at: now.toISOString() }).where("id", "=", id).execute();
}

/** A new token for the link (the old one stops at once); any waiting code goes with it. */
export async function updateHomeownerLinkToken({
  db,
  id,
  tokenNonce,
  tokenSha256,
}: WithDb<{ id: string; tokenNonce: string; tokenSha256: string }>): Promise<boolean> {
  const result = await db
    .updateTable("homeowner_links")
    .set({ token_nonce: tokenNonce, token_sha256: tokenSha256, code_sha256: null, code_expires_at: null, code_attempts: 0 })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A new code for the link: it replaces any earlier one, and the wrong tries start again. */
export async function updateHomeownerLinkCode({
  db,
  id,
  codeSha256,
  expiresAt,
}: WithDb<{ id: string; codeSha256: string; expiresAt: Date }>): Promise<void> {
  await db
    .updateTable("homeowner_links")
    .set({ code_sha256: codeSha256, code_expires_at: expiresAt.toISOString(), code_attempts: 0 })
    .where("id", "=", id)
    .execute();
}

/**
 * Counts one try of the waiting code, in one statement: only a code that is unexpired and has
 * tries left is counted, so two tries at once cannot both slip under the limit. Returns the code's
 * hash and the tries counted with this one, or null when no code can be tried.
 */
export async function takeHomeownerCodeTry({
  db,
  id,
  maxTries,
  now = new Date(),
}: Timed<{ id: string; maxTries: number }>): Promise<{ codeSha256: string; tries: number } | null> {
  const row = await db
    .updateTable("homeowner_links")
    .set((eb) => ({ code_attempts: eb("code_attempts", "+", 1) }))
    .where("id", "=", id)
    .where("code_sha256", "is not", null)
    .where("code_expires_at", ">", now.toISOString())
    .where("code_attempts", "<", maxTries)
    .returning(["code_sha256", "code_attempts"])
    .executeTakeFirst();
  if (!row?.code_sha256) return null;
  return { codeSha256: row.code_sha256, tries: Number(row.code_attempts) };
}

/** The code was right: it cannot be used again. */
export async function clearHomeownerCode({ db, id }: WithDb<{ id: string }>): Promise<void> {
  await db
    .updateTable("homeowner_links")
    .set({ code_sha256: null, code_expires_at: null, code_attempts: 0 })
    .where("id", "=", id)
    .execute();
}

export type HomeownerLead = Pick<
  Lead,
  "id" | "created_at" | "subject" | "message" | "status" | "from_name" | "street_address" | "zip" | "locale" | "phone"
>;

/** The requests sent with this address (not spam), newest first. */
export async function listHomeownerLeads({ db, email, limit = 50 }: WithDb<{ email: string; limit?: number }>): Promise<HomeownerLead[]> {
  return db
    .selectFrom("leads")
    .select(["id", "created_at", "subject", "message", "status", "from_name", "street_address", "zip", "locale", "phone"])
    .where("email", "=", email)
    .where("is_spam", "=", 0)
    .where("status", "!=", "spam")
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
}

/** Whether the request was sent with this address and is not spam: what lets its photos through a homeowner's link. */
export async function isHomeownerLead({ db, email, leadId }: WithDb<{ email: string; leadId: string }>): Promise<boolean> {
  const row = await db
    .selectFrom("leads")
    .select("id")
    .where("id", "=", leadId)
    .where("email", "=", email)
    .where("is_spam", "=", 0)
    .where("status", "!=", "spam")
    .executeTakeFirst();
  return row !== undefined;
}

export interface HomeownerQuote {
  id: string;
  leadId: string;
  number: number;
  status: string;
  locale: string;
  tokenNonce: string;
  sentAt: string;
  signedAt: string | null;
  /** The last sent version's document (JSON), null if it cannot be found. */
  document: string | null;
  /** The signature of that version: what was chosen and its totals (JSON), and the PDF's key. */
  signature: { selection: string; totals: string; pdfKey: string | null; signedAt: string } | null;
}

/** The quotes sent on these requests (never a draft), newest first, each with its last sent version and its signature. */
export async function listHomeownerQuotes({ db, leadIds }: WithDb<{ leadIds: readonly string[] }>): Promise<HomeownerQuote[]> {
  if (leadIds.length === 0) return [];
  const rows = await db
    .selectFrom("quotes")
    .leftJoin("quote_versions", (join) =>
      join.onRef("quote_versions.quote_id", "=", "quotes.id").onRef("quote_versions.version", "=", "quotes.current_version"),
    )
    .leftJoin("quote_signatures", "quote_signatures.version_id", "quote_versions.id")
    .select([
      "quotes.id",
      "quotes.lead_id",
      "quotes.number",
      "quotes.status",
      "quotes.locale",
      "quotes.token_nonce",
      "quotes.sent_at",
      "quotes.signed_at",
      "quote_versions.document",
      "quote_signatures.selection",
      "quote_signatures.totals",
      "quote_signatures.pdf_key",
      "quote_signatures.signed_at as signature_signed_at",
    ])
    .where("quotes.lead_id", "in", [...leadIds])
    .where("quotes.sent_at", "is not", null)
    .where("quotes.current_version", ">", 0)
    .orderBy("quotes.sent_at", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    leadId: row.lead_id,
    number: Number(row.number),
    status: row.status,
    locale: row.locale,
    tokenNonce: row.token_nonce,
    sentAt: row.sent_at!,
    signedAt: row.signed_at,
    document: row.document ?? null,
    signature:
      row.selection && row.totals && row.signature_signed_at
        ? { selection: row.selection, totals: row.totals, pdfKey: row.pdf_key ?? null, signedAt: row.signature_signed_at }
        : null,
  }));
}

/** The replies sent to these requests from their pages, newest first. */
export async function listHomeownerReplies({ db, leadIds }: WithDb<{ leadIds: readonly string[] }>) {
  if (leadIds.length === 0) return [];
  return db
    .selectFrom("lead_replies")
    .select(["id", "lead_id", "subject", "body", "created_at"])
    .where("lead_id", "in", [...leadIds])
    .orderBy("created_at", "desc")
    .limit(100)
    .execute();
}
