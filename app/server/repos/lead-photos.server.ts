/**
 * `lead_photos`: the homeowner's photos of the job. Rows are added to their stored lead once
 * converted (`addLeadPhotos`, ADR 045), and removed with it (ON DELETE CASCADE).
 */
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import type { LeadPhoto, NewLeadPhoto } from "#app/server/repos/leads.server.ts";
import type { WithDb } from "#app/server/repos/args.server.ts";

export type { LeadPhoto } from "#app/server/repos/leads.server.ts";

/** A lead's photos in the order the homeowner sent them. */
export async function listLeadPhotos({ db, leadId }: { db: Kysely<DB>; leadId: string }): Promise<LeadPhoto[]> {
  return db.selectFrom("lead_photos").selectAll().where("lead_id", "=", leadId).orderBy("position").execute();
}

/** One photo of one lead: null when the photo does not exist or belongs to another lead. */
export async function getLeadPhoto({ db, leadId, photoId }: WithDb<{ leadId: string; photoId: string }>): Promise<LeadPhoto | null> {
  const row = await db.selectFrom("lead_photos").selectAll().where("id", "=", photoId).where("lead_id", "=", leadId).executeTakeFirst();
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

/**
 * Adds photos converted after their lead was stored (ADR 045), and in the same transaction makes
 * the lead's held notification and confirmation due now with the payloads that count and name
 * them (ADR 062). False, and nothing written, when the lead is gone (deleted meanwhile). An email
 * a sender already claimed (its hold ran out first) is left as it is.
 */
export async function addLeadPhotos({
  db,
  leadId,
  photos,
  notificationPayload,
  confirmationPayload = null,
  releaseJobs,
  now = new Date(),
}: {
  db: Kysely<DB>;
  leadId: string;
  photos: NewLeadPhoto[];
  /** The notification as it should now read; null leaves its payload alone (a spam lead has none). */
  notificationPayload: unknown;
  /** The homeowner's confirmation as it should now read; null (or none held, past its daily cap) leaves it alone. */
  confirmationPayload?: unknown;
  /** Runs in the transaction after the rows are in: the lead's other held jobs (push alerts). */
  releaseJobs?: (trx: Kysely<DB>) => Promise<void>;
  now?: Date;
}): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const lead = await trx.selectFrom("leads").select(["id", "created_at"]).where("id", "=", leadId).executeTakeFirst();
    if (!lead) return false;
    for (const photo of photos) {
      await trx
        .insertInto("lead_photos")
        .values({ ...photo, lead_id: lead.id, created_at: lead.created_at })
        .execute();
    }
    const held = [
      ["lead-notification", notificationPayload],
      ["lead-confirmation", confirmationPayload],
    ] as const;
    for (const [kind, payload] of held) {
      if (payload === null) continue;
      await trx
        .updateTable("email_jobs")
        .set({ payload: JSON.stringify(payload), next_attempt_at: now.toISOString() })
        .where("lead_id", "=", lead.id)
        .where("kind", "=", kind)
        .where("status", "=", "pending")
        .where("attempts", "=", 0)
        .execute();
    }
    await releaseJobs?.(trx);
    return true;
  });
}
