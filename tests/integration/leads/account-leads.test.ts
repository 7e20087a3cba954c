/**
 * `listLeadsForAccount`, the profile's list of estimate requests, against every database adapter
 * (SQLite always, PostgreSQL when TEST_POSTGRES_URL is set): by user_id, by email only when one
 * is passed (any case), never spam, never someone else's, newest first, limited.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "#app/server/db/index.server.ts";
import { createLeadWithJobs, listLeadsForAccount } from "#app/server/repos/leads.server.ts";
import { createUser } from "#app/server/repos/users.server.ts";
import { databaseTargets, setUpDatabase, tearDownDatabase } from "#tests/support/databases.ts";

const targets = databaseTargets("account-leads", "account leads suite");

describe.each(targets.map((target) => [target.name, target] as const))("%s", (_name, target) => {
  let database: Database;

  beforeAll(async () => {
    database = await setUpDatabase(target);
  });

  afterAll(() => tearDownDatabase(target, database));

  async function lead(subject: string, options: { email: string; userId?: string | null; spam?: boolean; at: string }) {
    await createLeadWithJobs({
      db: database.db,
      lead: {
        fromName: "Someone",
        email: options.email,
        phone: "713-555-0147",
        subject,
        message: "",
        source: "/contact",
        isSpam: options.spam ?? false,
        spamReason: options.spam ? "honeypot field filled" : null,
        ipHash: null,
        userAgent: null,
        userId: options.userId ?? null,
      },
      buildJobs: () => [],
      giveUpAfterMs: 1000,
      now: new Date(options.at),
    });
  }

  test("by user_id, and by email only when asked; never spam or another account's", async () => {
    const owner = await createUser({ db: database.db, email: "owner@home.test", name: "Owner", passwordHash: null });
    const other = await createUser({ db: database.db, email: "other@home.test", name: "Other", passwordHash: null });
    await lead("signed in, other address", {
      email: "work@home.test",
      userId: owner.id,
      at: "2026-04-01T10:00:00.000Z",
    });
    await lead("signed out, same address", { email: "Owner@Home.test", at: "2026-05-01T10:00:00.000Z" });
    await lead("signed in, spam", {
      email: "owner@home.test",
      userId: owner.id,
      spam: true,
      at: "2026-06-01T10:00:00.000Z",
    });
    await lead("signed out, spam", { email: "owner@home.test", spam: true, at: "2026-06-02T10:00:00.000Z" });
    await lead("another account", { email: "owner@home.test", userId: other.id, at: "2026-03-01T10:00:00.000Z" });

    const byId = await listLeadsForAccount({ db: database.db, userId: owner.id });
    expect(byId.map((l) => l.subject)).toEqual(["signed in, other address"]);

    const withEmail = await listLeadsForAccount({ db: database.db, userId: owner.id, email: "OWNER@home.test" });
    // The lead another account sent with this address counts too: the address is proven to be the owner's.
    expect(withEmail.map((l) => l.subject)).toEqual(["signed out, same address", "signed in, other address", "another account"]);
    expect(Object.keys(withEmail[0]!).toSorted()).toEqual(["created_at", "id", "status", "subject"]);
    expect(withEmail[0]!.status).toBe("new");

    expect(await listLeadsForAccount({ db: database.db, userId: other.id })).toHaveLength(1);
    expect(await listLeadsForAccount({ db: database.db, userId: owner.id, email: "owner@home.test", limit: 2 })).toHaveLength(2);
  });
});
