/** Service pages' covers: the only code that writes SQL for `service_covers` besides deleting a photo. */
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import type { PhotoRow } from "#app/server/repos/photos.server.ts";
import type { Timed, WithDb } from "#app/server/repos/args.server.ts";
import { isNotBeforePhoto } from "#app/server/repos/photo-lists.server.ts";

type Dialect = "sqlite" | "postgres";

/** The photo chosen as a service page's cover, when it is published and not a before photo (ADR 060). */
export async function getServiceCover({ db, service }: { db: Kysely<DB>; service: string }): Promise<PhotoRow | null> {
  const row = await db
    .selectFrom("service_covers")
    .innerJoin("photos", "photos.id", "service_covers.photo_id")
    .selectAll("photos")
    .where("service_covers.service", "=", service)
    .where("photos.status", "=", "published")
    .where(isNotBeforePhoto)
    .executeTakeFirst();
  return row ?? null;
}

/** Which photo covers which service. */
export async function listServiceCovers({ db }: { db: Kysely<DB> }): Promise<{ service: string; photo_id: string }[]> {
  return db.selectFrom("service_covers").select(["service", "photo_id"]).execute();
}

type SetServiceCoverArgs = Timed<{ dialect: Dialect; service: string; photoId: string }>;

/**
 * Makes a published photo of that service the cover of its page (replacing any other).
 * Returns false when the photo is not a published photo of `service`.
 */
export async function setServiceCover({ db, dialect, service, photoId, now = new Date() }: SetServiceCoverArgs): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    let photo = trx
      .selectFrom("photos")
      .select("id")
      .where("id", "=", photoId)
      .where("status", "=", "published")
      .where("category", "=", service);
    if (dialect === "postgres") photo = photo.forShare();
    if (!(await photo.executeTakeFirst())) return false;
    await trx
      .insertInto("service_covers")
      .values({ service, photo_id: photoId, updated_at: now.toISOString() })
      .onConflict((oc) => oc.column("service").doUpdateSet({ photo_id: photoId, updated_at: now.toISOString() }))
      .execute();
    return true;
  });
}

/** The page goes back to its artwork. */
export async function clearServiceCover({ db, service }: { db: Kysely<DB>; service: string }): Promise<void> {
  await db.deleteFrom("service_covers").where("service", "=", service).execute();
}

/** A photo moved to another category stops being the cover of its old one. */
export async function clearCoversNotMatching({ db, photoId, category }: WithDb<{ photoId: string; category: string }>): Promise<void> {
  await db.deleteFrom("service_covers").where("photo_id", "=", photoId).where("service", "!=", category).execute();
}
