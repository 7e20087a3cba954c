/**
 * `lead_photos`: the homeowner's photos of the job. Rows are added to their stored lead once
 * converted (addLeadPhotos in leads.server.ts, ADR 045), and removed with it (ON DELETE
 * CASCADE); these read them.
 */
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.server.ts";
import type { LeadPhoto } from "./leads.server.ts";

export type { LeadPhoto } from "./leads.server.ts";

/** A lead's photos in the order the homeowner sent them. */
export async function listLeadPhotos({ db, leadId }: { db: Kysely<DB>; leadId: string }): Promise<LeadPhoto[]> {
  return db.selectFrom("lead_photos").selectAll().where("lead_id", "=", leadId).orderBy("position").execute();
}

/** One photo of one lead: null when the photo does not exist or belongs to another lead. */
export async function getLeadPhoto({
  db,
  leadId,
  photoId,
}: {
  db: Kysely<DB>;
  leadId: string;
  photoId: string;
}): Promise<LeadPhoto | null> {
  const row = await db
    .selectFrom("lead_photos")
    .selectAll()
    .where("id", "=", photoId)
    .where("lead_id", "=", leadId)
    .executeTakeFirst();
  return row ?? null;
}

/** Which of `ids` have a row. */
export async function existingLeadPhotoIds({ db, ids }: { db: Kysely<DB>; ids: string[] }): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom("lead_photos").select("id").where("id", "in", ids).execute();
  return new Set(rows.map((row) => row.id));
}

/** How many photos each of `leadIds` has (a lead without photos is absent: read it as 0). */
export async function countLeadPhotos({ db, leadIds }: { db: Kysely<DB>; leadIds: string[] }): Promise<Map<string, number>> {
  if (leadIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("lead_photos")
    .select((eb) => ["lead_id", eb.fn.countAll<number | string>().as("count")])
    .where("lead_id", "in", leadIds)
    .groupBy("lead_id")
    .execute();
  // PostgreSQL's count() is a bigint, which arrives as a string.
  return new Map(rows.map((row) => [row.lead_id, Number(row.count)]));
}
