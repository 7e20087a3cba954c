/**
 * The dashboard's pipeline and the request's stages moved by quotes (issue 27), against every
 * database adapter (SQLite always, PostgreSQL when TEST_POSTGRES_URL is set): seeded requests,
 * visits, sent versions and signatures around a fixed `now`, counted for 30 and 90 days; a send
 * moves a request forward to "Quote sent" but never back from won or lost; a signature wins it.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { migrateToLatest, openDatabase, type Database } from "#app/server/db/index.server.ts";
import { createLeadWithJobs, getLead, updateLeadStatus } from "#app/server/repos/leads.server.ts";
import { createQuote, createQuoteVersion } from "#app/server/repos/quotes.server.ts";
import { createQuoteSignature } from "#app/server/repos/quote-signatures.server.ts";
import { newLinkToken } from "#app/server/quotes/link-token.server.ts";
import { getPipeline } from "#app/server/quotes/pipeline.server.ts";
import { markLeadQuoted, markLeadWonBySignature } from "#app/server/quotes/lead-stage.server.ts";
import { emptyQuoteDocument, type QuoteDocument } from "#app/schemas/quote.ts";
import type { LeadStatus } from "#app/schemas/lead.ts";
import { databaseTargets } from "#tests/support/databases.ts";

const NOW = new Date("2026-06-30T12:00:00.000Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

/** A one-option quote of `cents` (one line, no tax). */
function documentOf(cents: number): QuoteDocument {
  const line = {
    id: "l1",
    kind: "item" as const,
    description: "Work",
    quantityMilli: 1000,
    unit: "",
    unitPriceCents: cents,
    optional: false,
    note: "",
  };
  return {
    ...emptyQuoteDocument({ title: "Job", warranty: "", terms: "" }),
    options: [{ id: "o1", name: "Only", summary: "", sections: [{ id: "s1", title: "Work", lines: [line] }] }],
  };
}

describe.each(databaseTargets("quote_pipeline", "quote pipeline suite").map((t) => [t.name, t] as const))("%s", (_name, target) => {
  let database: Database;

  beforeAll(async () => {
    await target.setup();
    database = await openDatabase(await target.fresh());
    await migrateToLatest(database);
  });

  afterAll(async () => {
    await database?.close();
    await target.teardown();
  });

  async function newLead(at: Date, isSpam = false) {
    const { lead } = await createLeadWithJobs({
      db: database.db,
      lead: {
        fromName: "Maria Gonzalez",
        email: "maria@home.test",
        phone: "713-555-0147",
        subject: "Kitchen",
        message: "",
        source: "/contact",
        isSpam,
        spamReason: isSpam ? "honeypot" : null,
        ipHash: null,
        userAgent: null,
      },
      buildJobs: () => [],
      giveUpAfterMs: 1000,
      now: at,
    });
    return lead.id;
  }

  async function newVisit(leadId: string, at: Date, status: "scheduled" | "cancelled") {
    const id = randomUUID();
    await database.db
      .insertInto("visits")
      .values({
        id,
        lead_id: leadId,
        starts_at: at.toISOString(),
        minutes: 60,
        status,
        sequence: 0,
        uid: `${id}@test`,
        note: null,
        reminder_job_id: null,
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
      })
      .execute();
  }

  async function sentQuote(leadId: string, sends: { at: Date; cents: number }[]) {
    const token = newLinkToken("secret", "quote");
    const quote = await createQuote({
      db: database.db,
      leadId,
      locale: "en",
      draft: "{}",
      tokenNonce: token.nonce,
      tokenSha256: token.sha256,
    });
    for (const { at, cents } of sends) {
      await createQuoteVersion({
        db: database.db,
        dialect: database.dialect,
        quoteId: quote!.id,
        document: JSON.stringify(documentOf(cents)),
        noticeTexts: "[]",
        now: at,
      });
    }
    return quote!.id;
  }

  const sign = (quoteId: string, version: number, totalCents: number, at: Date, leadId: string) =>
    createQuoteSignature({
      db: database.db,
      dialect: database.dialect,
      quoteId,
      now: at,
      signature: {
        version,
        consented_at: at.toISOString(),
        full_name: "Maria Gonzalez",
        mark_kind: "keyboard",
        mark: "",
        selection: '{"optionId":"o1","extraIds":[]}',
        totals: JSON.stringify({ optionId: "o1", totalCents }),
        document_sha256: "a".repeat(64),
        ip: "203.0.113.9",
        user_agent: "test",
      },
      inTransaction: async (trx) => {
        await markLeadWonBySignature(trx, leadId);
      },
    });

  test("the pipeline for 30 and 90 days: spam, cancelled visits, later versions and older rows left out", async () => {
    const recent = await newLead(daysAgo(5));
    await newLead(daysAgo(6), true);
    const older = await newLead(daysAgo(40));
    const oldest = await newLead(daysAgo(100));
    await newVisit(recent, daysAgo(10), "scheduled");
    await newVisit(recent, daysAgo(9), "cancelled");
    await newVisit(older, daysAgo(60), "scheduled");
    await newVisit(oldest, daysAgo(95), "scheduled");
    // Sent at $600, changed to $750 the next day (counted once, at its first price), signed at $900 with extras.
    const signed = await sentQuote(recent, [
      { at: daysAgo(3), cents: 60_000 },
      { at: daysAgo(2), cents: 75_000 },
    ]);
    expect((await sign(signed, 2, 90_000, daysAgo(1), recent)).outcome).toBe("signed");
    await sentQuote(older, [{ at: daysAgo(50), cents: 100_000 }]);
    await sentQuote(oldest, [{ at: daysAgo(120), cents: 5_000_000 }]);

    const [thirty, ninety] = await getPipeline({ database }, { now: NOW });
    expect(thirty).toEqual({
      days: 30,
      requests: 1,
      visits: 1,
      quotesSent: 1,
      sentCents: 60_000,
      quotesSigned: 1,
      signedCents: 90_000,
      signedPerRequest: 100,
      signedPerQuote: 100,
    });
    expect(ninety).toEqual({
      days: 90,
      requests: 2,
      visits: 2,
      quotesSent: 2,
      sentCents: 160_000,
      quotesSigned: 1,
      signedCents: 90_000,
      signedPerRequest: 50,
      signedPerQuote: 50,
    });
    // Nothing later than `now` counts: the same rows seen from 200 days before are empty.
    const [before] = await getPipeline({ database }, { now: daysAgo(200) });
    expect(before).toMatchObject({ requests: 0, visits: 0, quotesSent: 0, quotesSigned: 0, signedPerRequest: null, signedPerQuote: null });
    expect((await getLead({ db: database.db, id: recent }))?.status).toBe("won");
  });

  test("a send moves a request forward to “Quote sent”, never back from won or lost; a signature wins it", async () => {
    const cases: [LeadStatus, LeadStatus][] = [
      ["new", "quoted"],
      ["review", "quoted"],
      ["contacted", "quoted"],
      ["scheduled", "quoted"],
      ["quoted", "quoted"],
      ["won", "won"],
      ["lost", "lost"],
      ["spam", "spam"],
    ];
    for (const [from, to] of cases) {
      const leadId = await newLead(NOW);
      await updateLeadStatus({ db: database.db, id: leadId, status: from });
      await database.db.transaction().execute((trx) => markLeadQuoted(trx, leadId));
      expect([from, (await getLead({ db: database.db, id: leadId }))?.status]).toEqual([from, to]);
    }
    for (const from of ["quoted", "lost", "spam"] as const) {
      const leadId = await newLead(NOW);
      await updateLeadStatus({ db: database.db, id: leadId, status: from });
      await database.db.transaction().execute((trx) => markLeadWonBySignature(trx, leadId));
      expect([from, (await getLead({ db: database.db, id: leadId }))?.status]).toEqual([from, from === "spam" ? "spam" : "won"]);
    }
  });
});
