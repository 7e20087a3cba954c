/**
 * The contractor's internal notes on estimate requests. The only code that writes SQL for
 * `lead_notes` (besides deleting a lead, which takes its notes along: leads.server.ts).
 */
import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { DB, LeadNotesTable } from "#app/server/db/schema.server.ts";
import type { Timed, WithDb } from "#app/server/repos/args.server.ts";

type LeadNote = Selectable<LeadNotesTable>;

/** Longest note, in characters (a CR LF pair counts as one, as the browser counts it). */
export const LEAD_NOTE_MAX_LENGTH = 2000;

export interface LeadNoteWithAuthor extends LeadNote {
  /** Null when the author's account was deleted. */
  author_name: string | null;
}

/** A lead's notes, oldest first (they read as a log). */
export async function listLeadNotes({ db, leadId }: { db: Kysely<DB>; leadId: string }): Promise<LeadNoteWithAuthor[]> {
  return db
    .selectFrom("lead_notes")
    .leftJoin("users", "users.id", "lead_notes.author_id")
    .selectAll("lead_notes")
    .select("users.name as author_name")
    .where("lead_notes.lead_id", "=", leadId)
    .orderBy("lead_notes.created_at")
    .orderBy("lead_notes.id")
    .execute();
}

type CreateLeadNoteArgs = Timed<{ dialect: "sqlite" | "postgres"; leadId: string; authorId: string | null; body: string }>;

/**
 * Adds a note; null when the lead does not exist (any more). The lead's row is locked for the
 * insert on PostgreSQL (SQLite's write transactions are serialized), so a deletion at the same
 * moment cannot leave a note without its lead.
 */
export async function createLeadNote({
  db,
  dialect,
  leadId,
  authorId,
  body,
  now = new Date(),
}: CreateLeadNoteArgs): Promise<LeadNote | null> {
  return db.transaction().execute(async (trx) => {
    let lead = trx.selectFrom("leads").select("id").where("id", "=", leadId);
    if (dialect === "postgres") lead = lead.forShare();
    if (!(await lead.executeTakeFirst())) return null;
    const row: LeadNote = {
      id: randomUUID(),
      lead_id: leadId,
      author_id: authorId,
      body,
      created_at: now.toISOString(),
    };
    await trx.insertInto("lead_notes").values(row).execute();
    return row;
  });
}

type ListNotesOfLeadsArgs = WithDb<{ leadIds: readonly string[] }>;

/** The notes of several leads (an export batch), oldest first within each lead; leads without notes are absent. */
export async function listNotesOfLeads({ db, leadIds }: ListNotesOfLeadsArgs): Promise<Map<string, LeadNoteWithAuthor[]>> {
  const byLead = new Map<string, LeadNoteWithAuthor[]>();
  if (leadIds.length === 0) return byLead;
  const rows = await db
    .selectFrom("lead_notes")
    .leftJoin("users", "users.id", "lead_notes.author_id")
    .selectAll("lead_notes")
    .select("users.name as author_name")
    .where("lead_notes.lead_id", "in", [...leadIds])
    .orderBy("lead_notes.created_at")
    .orderBy("lead_notes.id")
    .execute();
  for (const row of rows) {
    const notes = byLead.get(row.lead_id);
    if (notes) notes.push(row);
    else byLead.set(row.lead_id, [row]);
  }
  return byLead;
}
