/**
 * What a backup records about the data it holds: how many estimate requests and photos, and
 * every storage key the photo rows point at (so the backup can say whether their files came
 * along). Read inside the snapshot's own transaction or from the snapshot file, never from the
 * live database afterwards.
 */
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import { photoRowKeys } from "#app/server/repos/photos.server.ts";

export interface BackupFacts {
  leads: number;
  photos: number;
  /** Keys of every file the photo rows point at, sorted. */
  photoKeys: string[];
}

export async function getBackupFacts({ db }: { db: Kysely<DB> }): Promise<BackupFacts> {
  const leads = await db
    .selectFrom("leads")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const photos = await db.selectFrom("photos").select(["master_key", "variants"]).execute();
  return {
    leads: Number(leads.n),
    photos: photos.length,
    photoKeys: photos.flatMap((row) => photoRowKeys(row)).toSorted(),
  };
}
