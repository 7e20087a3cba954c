/**
 * The business profile and the photos chosen for the site: the only code that writes SQL for
 * `site_profile` and `site_photos`. The profile is stored as the JSON the owner last saved; the
 * caller merges it over the defaults (a field added later reads as its default).
 */
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import type { Timed } from "#app/server/repos/args.server.ts";

const PROFILE_ID = "main";

interface StoredProfile {
  /** The saved fields, as JSON values (validated when saved, merged over defaults when read). */
  data: Record<string, unknown>;
  updatedAt: string;
  updatedBy: string | null;
}

/** The saved profile, or null on a fresh install. */
export async function getStoredProfile({ db }: { db: Kysely<DB> }): Promise<StoredProfile | null> {
  const row = await db
    .selectFrom("site_profile")
    .select(["data", "updated_at", "updated_by"])
    .where("id", "=", PROFILE_ID)
    .executeTakeFirst();
  if (!row) return null;
  let data: unknown;
  try {
    data = JSON.parse(row.data);
  } catch (error) {
    throw new Error("The stored business profile holds invalid JSON", { cause: error });
  }
  const isObject = typeof data === "object" && data !== null && !Array.isArray(data);
  return {
    data: isObject ? (data as Record<string, unknown>) : {},
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}

type SaveStoredProfileArgs = Timed<{ data: Record<string, unknown>; updatedBy: string | null }>;

/** Replaces the profile (one row, inserted on the first save). */
export async function saveStoredProfile({ db, data, updatedBy, now = new Date() }: SaveStoredProfileArgs): Promise<void> {
  const row = { id: PROFILE_ID, data: JSON.stringify(data), updated_at: now.toISOString(), updated_by: updatedBy };
  await db
    .insertInto("site_profile")
    .values(row)
    .onConflict((oc) =>
      oc.column("id").doUpdateSet({
        data: (eb) => eb.ref("excluded.data"),
        updated_at: (eb) => eb.ref("excluded.updated_at"),
        updated_by: (eb) => eb.ref("excluded.updated_by"),
      }),
    )
    .execute();
}

/** slot → photo id, for the slots that have a choice. */
export async function getPhotoChoices({ db }: { db: Kysely<DB> }): Promise<Map<string, string>> {
  const rows = await db.selectFrom("site_photos").select(["slot", "photo_id"]).execute();
  return new Map(rows.map((row) => [row.slot, row.photo_id]));
}

type SetPhotoChoiceArgs = Timed<{ slot: string; photoId: string | null }>;

/**
 * Chooses a photo for a slot, or clears the slot (photoId null). The photo must exist (a foreign
 * key); whether it is published is the caller's rule.
 */
export async function setPhotoChoice({ db, slot, photoId, now = new Date() }: SetPhotoChoiceArgs): Promise<void> {
  if (photoId === null) {
    await db.deleteFrom("site_photos").where("slot", "=", slot).execute();
    return;
  }
  await db
    .insertInto("site_photos")
    .values({ slot, photo_id: photoId, updated_at: now.toISOString() })
    .onConflict((oc) =>
      oc.column("slot").doUpdateSet({
        photo_id: (eb) => eb.ref("excluded.photo_id"),
        updated_at: (eb) => eb.ref("excluded.updated_at"),
      }),
    )
    .execute();
}
