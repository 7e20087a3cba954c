/**
 * A testimonial's Spanish quote (testimonials.quote_es, migration 0020, ADR 064) against every
 * database adapter (SQLite always, PostgreSQL when TEST_POSTGRES_URL is set): a testimonial stored
 * before 0020 reads with no Spanish; the form's Spanish is stored, read back, kept by an edit that
 * does not name it, emptied by one that does; the site's content carries it to the public pages.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createMigrator, migrateToLatest, openDatabase, type Database } from "#app/server/db/index.server.ts";
import { createLogger } from "#app/server/logger.server.ts";
import { parseEnv } from "#app/server/env.server.ts";
import { createPublicPages } from "#app/server/public-pages.server.ts";
import { createSite } from "#app/server/site/site.server.ts";
import { addTestimonial, getTestimonial, listTestimonials, updateTestimonial } from "#app/server/repos/testimonials.server.ts";
import { databaseTargets } from "#tests/support/databases.ts";

const targets = databaseTargets("testimonials-spanish", "testimonials' Spanish suite");

const review = {
  quote: "They rebuilt our shower in a week and left the house spotless.",
  name: "Maria G.",
  place: "Heights, Houston",
  service: "bathroom",
  givenOn: "2026-03-14",
  link: null,
};
const SPANISH = "Remodelaron nuestra regadera en una semana.\n\nDejaron la casa impecable.";

describe.each(targets.map((target) => [target.name, target] as const))("%s", (_name, target) => {
  let database: Database;

  beforeAll(async () => {
    await target.setup();
    database = await openDatabase(await target.fresh());
    // The database as it was before 0020, with one testimonial in it.
    const migrator = await createMigrator(database);
    const { error } = await migrator.migrateTo("0019_reply_template_spanish");
    if (error) throw error;
    await sql`
      insert into testimonials (id, quote, name, place, service, given_on, link, position, created_at, updated_at)
      values ('00000000-0000-4000-8000-0000000000e1', 'Old words.', 'Old', '', null, '2025-01-02', null, 0,
              '2026-01-02T03:04:05.000Z', '2026-01-02T03:04:05.000Z')
    `.execute(database.db);
    expect((await migrateToLatest(database)).applied).toContain("0020_content_spanish");
  });

  afterAll(async () => {
    await database?.close();
    await target.teardown();
  });

  test("a testimonial stored before 0020 has no Spanish quote", async () => {
    expect(await getTestimonial({ db: database.db, id: "00000000-0000-4000-8000-0000000000e1" })).toMatchObject({
      quote: "Old words.",
      quoteEs: "",
    });
  });

  test("the Spanish is stored and read back, kept by an edit that leaves it out, emptied by one that empties it", async () => {
    const db = database.db;
    const id = "00000000-0000-4000-8000-0000000000e2";
    const added = await addTestimonial({ db, id, values: { ...review, quoteEs: SPANISH } });
    expect(added).toMatchObject({ quote: review.quote, quoteEs: SPANISH });
    // Without quoteEs, a new one has none.
    const plain = await addTestimonial({ db, id: "00000000-0000-4000-8000-0000000000e3", values: review });
    expect(plain.quoteEs).toBe("");

    expect(await updateTestimonial({ db, id, values: { ...review, place: "Katy" } })).toBe(true);
    expect(await getTestimonial({ db, id })).toMatchObject({ place: "Katy", quoteEs: SPANISH });
    expect(await updateTestimonial({ db, id, values: { ...review, quoteEs: "" } })).toBe(true);
    expect((await getTestimonial({ db, id }))?.quoteEs).toBe("");
    const row = await db.selectFrom("testimonials").select("quote_es").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.quote_es).toBe("");
  });

  test("through the site: the form's Spanish is stored, and in the content the pages read", async () => {
    const publicPages = createPublicPages();
    const site = createSite({
      config: parseEnv({}),
      database,
      logger: createLogger({ level: "silent" }),
      gallery: { publishedPhoto: async () => null },
      publicPages,
      cacheMs: 60_000,
    });
    const values = {
      quote: "Great fence.",
      quote_es: "Una cerca excelente.",
      name: "Dan R.",
      place: "Katy",
      service: "fences",
      project: "",
      given_on: "2026-05-02",
      link: "",
    };
    expect(await site.addTestimonial({ values })).toEqual({ ok: true });
    const dan = (await listTestimonials({ db: database.db })).find((t) => t.name === "Dan R.")!;
    expect(dan.quoteEs).toBe("Una cerca excelente.");
    expect((await site.content()).testimonials.find((t) => t.id === dan.id)?.quoteEs).toBe("Una cerca excelente.");

    // An edit that empties it drops the cached content too: the Spanish pages show the English again.
    expect(await site.updateTestimonial({ id: dan.id, values: { ...values, quote_es: "" } })).toEqual({ ok: true });
    expect((await site.content()).testimonials.find((t) => t.id === dan.id)?.quoteEs).toBe("");
  });
});
