/**
 * The gallery's order. Published photos are shown by ascending `sort_order`. A newly published
 * photo goes to the top (one less than the smallest); moving a photo renumbers the list 0, 1, 2…
 * in one transaction.
 */
import type { Kysely, Transaction } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import { photoDetailsColumns, type PhotoDetails, type PhotoRow } from "#app/server/repos/photos.server.ts";
import type { Timed } from "#app/server/repos/args.server.ts";

type Dialect = "sqlite" | "postgres";

/** The smallest `sort_order` of the published photos (the gallery's first), or null when none is published. */
export async function getGalleryTop(trx: Transaction<DB>): Promise<number | null> {
  const top = await trx
    .selectFrom("photos")
    .select((eb) => eb.fn.min<number | string | null>("sort_order").as("min"))
    .where("status", "=", "published")
    .executeTakeFirstOrThrow();
  return top.min === null ? null : Number(top.min);
}

/**
 * Takes the row `id` out of `rows` and puts it back at `position` (0 = first), clamped to the
 * list. The new index, or null when it is not in the list (then `rows` is unchanged).
 */
export function moveInList<T extends { id: string }>(rows: T[], id: string, position: number): number | null {
  const from = rows.findIndex((r) => r.id === id);
  if (from === -1) return null;
  const to = Math.max(0, Math.min(rows.length - 1, Math.trunc(position)));
  const [moved] = rows.splice(from, 1);
  rows.splice(to, 0, moved as T);
  return to;
}

type PublishPhotoArgs = Timed<{ dialect: Dialect; id: string; details: PhotoDetails }>;

/**
 * Publishes a draft with its details, at the top of the gallery. Publishing a published photo
 * only updates its details. Null when there is no such photo.
 */
export async function publishPhoto({ db, dialect, id, details, now = new Date() }: PublishPhotoArgs): Promise<PhotoRow | null> {
  return db.transaction().execute(async (trx) => {
    let current = trx.selectFrom("photos").select(["id", "status"]).where("id", "=", id);
    if (dialect === "postgres") current = current.forUpdate();
    const row = await current.executeTakeFirst();
    if (!row) return null;
    const changes: Partial<PhotoRow> = {
      ...photoDetailsColumns(details),
      updated_at: now.toISOString(),
    };
    if (row.status === "draft") {
      const top = await getGalleryTop(trx);
      changes.status = "published";
      changes.published_at = now.toISOString();
      changes.sort_order = top === null ? 0 : top - 1;
    }
    await trx.updateTable("photos").set(changes).where("id", "=", id).execute();
    return (await trx.selectFrom("photos").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
  });
}

type MovePhotoArgs = Timed<{ dialect: Dialect; id: string; position: number }>;

/**
 * Moves a published photo to `position` (0 = first) in the gallery order, clamped to the list.
 * Returns the new position, or null when the photo is not published (or gone).
 */
export async function movePhoto({ db, dialect, id, position, now = new Date() }: MovePhotoArgs): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom("photos")
      .select(["id", "sort_order"])
      .where("status", "=", "published")
      .orderBy("sort_order")
      .orderBy("published_at", "desc")
      .orderBy("id");
    // Two admins reordering at once on PostgreSQL: the second waits for the first.
    if (dialect === "postgres") query = query.forUpdate();
    const rows = await query.execute();
    const to = moveInList(rows, id, position);
    if (to === null) return null;
    for (const [index, row] of rows.entries()) {
      if (Number(row.sort_order) === index && row.id !== id) continue;
      await trx
        .updateTable("photos")
        .set(row.id === id ? { sort_order: index, updated_at: now.toISOString() } : { sort_order: index })
        .where("id", "=", row.id)
        .execute();
    }
    return to;
  });
}

/** The position (0 = first) of a published photo in the gallery order, or null. */
export async function getPhotoPosition({ db, id }: { db: Kysely<DB>; id: string }): Promise<number | null> {
  const rows = await db
    .selectFrom("photos")
    .select("id")
    .where("status", "=", "published")
    .orderBy("sort_order")
    .orderBy("published_at", "desc")
    .orderBy("id")
    .execute();
  const index = rows.findIndex((r) => r.id === id);
  return index === -1 ? null : index;
}

/**
 * Publishes several photos together, or none: when any of them has no description (alt text),
 * nothing changes and those are returned. Drafts go to the top of the gallery in the order given;
 * published ones stay where they are.
 */
export async function publishPhotos({
  db,
  dialect,
  ids,
  now = new Date(),
}: {
  db: Kysely<DB>;
  dialect: Dialect;
  ids: readonly string[];
  now?: Date;
}): Promise<{ ok: true; published: number } | { ok: false; needDescription: PhotoRow[] }> {
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom("photos")
      .selectAll()
      .where("id", "in", [...new Set(ids)]);
    if (dialect === "postgres") query = query.forUpdate();
    const rows = await query.execute();
    const needDescription = rows.filter((row) => row.alt.trim() === "");
    if (needDescription.length > 0) return { ok: false, needDescription };
    const drafts = ids.map((id) => rows.find((row) => row.id === id && row.status === "draft")).filter((row) => row !== undefined);
    if (drafts.length === 0) return { ok: true, published: 0 };
    // The first selected goes first, just above the gallery's current first.
    let order = ((await getGalleryTop(trx)) ?? 0) - drafts.length;
    const stamp = now.toISOString();
    for (const row of drafts) {
      await trx
        .updateTable("photos")
        .set({ status: "published", published_at: stamp, sort_order: order++, updated_at: stamp })
        .where("id", "=", row.id)
        .execute();
    }
    return { ok: true, published: drafts.length };
  });
}
