/**
 * Requests that need review (issue 14) in the leads repository, against every database adapter
 * (SQLite always, PostgreSQL when TEST_POSTGRES_URL is set): status `review` with its reason, the
 * form token's hash and its lookup per address, and the counts by status.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "#app/server/db/index.server.ts";
import { createLeadWithJobs, isFormTokenUsed, type NewLead } from "#app/server/repos/leads.server.ts";
import { countLeadsByStatus } from "#app/server/repos/lead-search.server.ts";
import { databaseTargets, setUpDatabase, tearDownDatabase } from "#tests/support/databases.ts";

const targets = databaseTargets("leads-review", "leads review suite");

describe.each(targets.map((target) => [target.name, target] as const))("%s", (_name, target) => {
  let database: Database;

  beforeAll(async () => {
    database = await setUpDatabase(target);
  });

  afterAll(() => tearDownDatabase(target, database));

  async function store(fields: Partial<NewLead>, beforeInsert?: () => Promise<Partial<NewLead> | void>) {
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
        ipHash: "ip-a",
        userAgent: null,
        ...fields,
      },
      beforeInsert,
      buildJobs: () => [],
      giveUpAfterMs: 1000,
    });
    return lead;
  }

  test("a review reason makes status review; spam stays spam and keeps no review reason", async () => {
    const plain = await store({ formTokenHash: "hash-1" });
    expect(plain).toMatchObject({ status: "new", review_reason: null, form_token_hash: "hash-1" });
    const doubted = await store({ reviewReason: "Sent 1 second after the page opened", formTokenHash: "hash-2" });
    expect(doubted).toMatchObject({
      status: "review",
      is_spam: 0,
      review_reason: "Sent 1 second after the page opened",
    });
    const spam = await store({ isSpam: true, spamReason: "honeypot field filled", reviewReason: "too fast" });
    expect(spam).toMatchObject({ status: "spam", is_spam: 1, review_reason: null });
    // What beforeInsert returns (found inside the transaction) replaces the given fields.
    const reused = await store({ formTokenHash: "hash-1" }, async () => ({ reviewReason: "reused" }));
    expect(reused).toMatchObject({ status: "review", review_reason: "reused" });

    const counts = await countLeadsByStatus({ db: database.db });
    expect(counts).toMatchObject({ new: 1, review: 2, spam: 1 });
  });

  test("a form token is 'used' only by a request from the same address, or any when the address is unknown", async () => {
    await store({ formTokenHash: "hash-x", ipHash: "ip-x" });
    expect(await isFormTokenUsed({ db: database.db, hash: "hash-x", ipHash: "ip-x" })).toBe(true);
    expect(await isFormTokenUsed({ db: database.db, hash: "hash-x", ipHash: "ip-y" })).toBe(false);
    expect(await isFormTokenUsed({ db: database.db, hash: "hash-x", ipHash: null })).toBe(true);
    expect(await isFormTokenUsed({ db: database.db, hash: "hash-unknown", ipHash: "ip-x" })).toBe(false);
  });
});
