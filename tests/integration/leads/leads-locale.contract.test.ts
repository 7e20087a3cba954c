/**
 * The homeowner's language (leads.locale, migration 0018, ADR 064) against every database adapter
 * (SQLite always, PostgreSQL when TEST_POSTGRES_URL is set): stored with the request, read back,
 * and "en" for the requests stored before the column existed; a reply template from before 0019 has
 * no Spanish version.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createMigrator, migrateToLatest, openDatabase, type Database } from "#app/server/db/index.server.ts";
import { createLeadWithJobs, type NewLead } from "#app/server/repos/leads.server.ts";
import { databaseTargets } from "#tests/support/databases.ts";

const targets = databaseTargets("leads-locale", "leads locale suite");

describe.each(targets.map((target) => [target.name, target] as const))("%s", (_name, target) => {
  let database: Database;

  beforeAll(async () => {
    await target.setup();
    database = await openDatabase(await target.fresh());
    // The database as it was before 0018, with one request in it.
    const migrator = await createMigrator(database);
    const { error } = await migrator.migrateTo("0017_testimonial_projects");
    if (error) throw error;
    await sql`
      insert into leads (id, created_at, from_name, email, phone, subject, message, status, is_spam, source)
      values ('old-lead', '2026-01-02T03:04:05.000Z', 'Old', 'old@home.test', '713-555-0100', 'Fence', '', 'new', 0, '/contact')
    `.execute(database.db);
    await sql`
      insert into reply_templates (id, name, subject, body, created_at, updated_at)
      values ('old-template', 'Old', 'Hello', 'Hi', '2026-01-02T03:04:05.000Z', '2026-01-02T03:04:05.000Z')
    `.execute(database.db);
    expect((await migrateToLatest(database)).applied).toEqual(expect.arrayContaining(["0018_lead_locale", "0019_reply_template_spanish"]));
  });

  afterAll(async () => {
    await database?.close();
    await target.teardown();
  });

  async function store(fields: Partial<NewLead>) {
    const { lead } = await createLeadWithJobs({
      db: database.db,
      lead: {
        fromName: "Someone",
        email: "someone@home.test",
        phone: "713-555-0147",
        subject: "Deck",
        message: "",
        source: "/contact",
        isSpam: false,
        spamReason: null,
        ipHash: null,
        userAgent: null,
        ...fields,
      },
      buildJobs: () => [],
      giveUpAfterMs: 1000,
    });
    return database.db.selectFrom("leads").select(["id", "locale"]).where("id", "=", lead.id).executeTakeFirstOrThrow();
  }

  test("a request stored before the column existed reads as English", async () => {
    const old = await database.db.selectFrom("leads").select("locale").where("id", "=", "old-lead").executeTakeFirstOrThrow();
    expect(old.locale).toBe("en");
  });

  test("the language given is stored and read back; none given is English", async () => {
    expect((await store({ source: "/es/contacto", locale: "es" })).locale).toBe("es");
    expect((await store({ locale: "en" })).locale).toBe("en");
    expect((await store({})).locale).toBe("en");
  });

  test("a reply template saved before 0019 has no Spanish version", async () => {
    const old = await database.db
      .selectFrom("reply_templates")
      .select(["subject_es", "body_es"])
      .where("id", "=", "old-template")
      .executeTakeFirstOrThrow();
    expect(old).toEqual({ subject_es: null, body_es: null });
  });

  test("the column refuses no language at all", async () => {
    await expect(sql`update leads set locale = null where id = 'old-lead'`.execute(database.db)).rejects.toThrow();
  });
});
