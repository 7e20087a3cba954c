/**
 * What the public pages show that still lacks its Spanish (migration 0020, ADR 064), read straight
 * from the columns for the go-live checklist: the published projects without a Spanish title or
 * story, and how many published photos have no Spanish description. Empty string = not written.
 */
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";

/** A published project missing its Spanish title, its Spanish story (when it has an English one), or both. */
export interface ProjectWithoutSpanish {
  id: string;
  title: string;
  noTitle: boolean;
  noStory: boolean;
}

/** The newest `limit` published projects missing Spanish, and how many there are in all. */
export async function publishedProjectsWithoutSpanish({
  db,
  limit,
}: {
  db: Kysely<DB>;
  limit: number;
}): Promise<{ total: number; items: ProjectWithoutSpanish[] }> {
  const missing = db
    .selectFrom("projects")
    .where("status", "=", "published")
    .where((eb) => eb.or([eb("title_es", "=", ""), eb.and([eb("description", "<>", ""), eb("description_es", "=", "")])]));
  const [rows, count] = await Promise.all([
    missing
      .select(["id", "title", "title_es", "description", "description_es"])
      .orderBy("published_at", "desc")
      .orderBy("id")
      .limit(limit)
      .execute(),
    missing.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      noTitle: row.title_es === "",
      noStory: row.description !== "" && row.description_es === "",
    })),
  };
}

/** Published photos with no Spanish alt text, or a caption without its Spanish. */
export async function countPublishedPhotosWithoutSpanish({ db }: { db: Kysely<DB> }): Promise<number> {
  const row = await db
    .selectFrom("photos")
    .where("status", "=", "published")
    .where((eb) => eb.or([eb("alt_es", "=", ""), eb.and([eb("caption", "<>", ""), eb("caption_es", "=", "")])]))
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
