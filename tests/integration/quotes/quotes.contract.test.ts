/**
 * Quotes, versions and signatures (migration 0021, ADR 066) against every database adapter
 * (SQLite always, PostgreSQL when TEST_POSTGRES_URL is set): numbering, a sent version frozen, a
 * signature bound to one version, twenty signatures of the same version at once (exactly one is
 * recorded), and a signature of an old version after a change refused.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { migrateToLatest, openDatabase, type Database } from "#app/server/db/index.server.ts";
import { createLeadWithJobs } from "#app/server/repos/leads.server.ts";
import {
  createQuote,
  createQuoteVersion,
  getQuote,
  getQuoteByTokenSha256,
  listLeadQuotes,
  listQuoteVersions,
  markQuoteOpened,
  updateQuoteDraft,
} from "#app/server/repos/quotes.server.ts";
import { createQuoteSignature, listQuoteSignatures, type NewQuoteSignature } from "#app/server/repos/quote-signatures.server.ts";
import { createQuoteEvent, listLeadQuoteEvents } from "#app/server/repos/quote-events.server.ts";
import {
  deleteQuoteTemplate,
  listQuoteTemplates,
  saveQuoteTemplate,
  updateQuoteTemplateName,
} from "#app/server/repos/quote-templates.server.ts";
import { deleteLead } from "#app/server/repos/leads.server.ts";
import { newLinkToken } from "#app/server/quotes/link-token.server.ts";
import { databaseTargets } from "#tests/support/databases.ts";

const targets = databaseTargets("quotes", "quotes suite");

function signatureOf(version: number, name = "Maria Gonzalez"): NewQuoteSignature {
  return {
    version,
    consented_at: new Date().toISOString(),
    full_name: name,
    mark_kind: "keyboard",
    mark: "",
    selection: '{"optionId":"o1","extraIds":[]}',
    totals: "{}",
    document_sha256: "a".repeat(64),
    ip: "203.0.113.9",
    user_agent: "test",
  };
}

describe.each(targets.map((target) => [target.name, target] as const))("%s", (_name, target) => {
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

  async function newLead() {
    const { lead } = await createLeadWithJobs({
      db: database.db,
      lead: {
        fromName: "Maria Gonzalez",
        email: "maria@home.test",
        phone: "713-555-0147",
        subject: "Kitchen",
        message: "",
        source: "/contact",
        isSpam: false,
        spamReason: null,
        ipHash: null,
        userAgent: null,
      },
      buildJobs: () => [],
      giveUpAfterMs: 1000,
    });
    return lead.id;
  }

  async function newQuote(leadId: string, draft = '{"title":"Kitchen"}') {
    const token = newLinkToken("secret", "quote");
    const quote = await createQuote({ db: database.db, leadId, locale: "en", draft, tokenNonce: token.nonce, tokenSha256: token.sha256 });
    return { quote: quote!, token };
  }

  test("quotes are numbered from 1001 up, never twice, even made at the same moment; a quote on no request is null", async () => {
    const leadId = await newLead();
    const made = await Promise.all(Array.from({ length: 8 }, () => newQuote(leadId)));
    const numbers = made.map((m) => m.quote.number).toSorted((a, b) => a - b);
    expect(new Set(numbers).size).toBe(8);
    expect(numbers[0]).toBeGreaterThanOrEqual(1001);
    expect((await listLeadQuotes({ db: database.db, leadId })).map((q) => q.number)).toEqual(numbers.toReversed());
    expect(made[0]!.quote).toMatchObject({ status: "draft", current_version: 0, sent_at: null });
    const token = newLinkToken("secret", "quote");
    expect(
      await createQuote({
        db: database.db,
        leadId: "no-such-lead",
        locale: "en",
        draft: "{}",
        tokenNonce: token.nonce,
        tokenSha256: token.sha256,
      }),
    ).toBeNull();
  });

  test("a sent version is frozen: the draft changes after it, the version does not; the next send is version 2", async () => {
    const { quote, token } = await newQuote(await newLead(), '{"title":"v1"}');
    const v1 = await createQuoteVersion({
      db: database.db,
      dialect: database.dialect,
      quoteId: quote.id,
      document: '{"title":"v1"}',
      noticeTexts: "[]",
    });
    expect(v1).toMatchObject({ version: 1, document: '{"title":"v1"}' });
    expect(await updateQuoteDraft({ db: database.db, id: quote.id, draft: '{"title":"v2"}' })).toBe(true);
    expect((await listQuoteVersions({ db: database.db, quoteId: quote.id }))[0]!.document).toBe('{"title":"v1"}');
    const v2 = await createQuoteVersion({
      db: database.db,
      dialect: database.dialect,
      quoteId: quote.id,
      document: '{"title":"v2"}',
      noticeTexts: "[]",
    });
    expect(v2!.version).toBe(2);
    const stored = await getQuoteByTokenSha256({ db: database.db, tokenSha256: token.sha256 });
    expect(stored).toMatchObject({ id: quote.id, status: "sent", current_version: 2 });
    expect(stored!.sent_at).not.toBeNull();
    expect(await markQuoteOpened({ db: database.db, id: quote.id })).toBe(true);
    expect(await markQuoteOpened({ db: database.db, id: quote.id })).toBe(false);
  });

  test("twenty signatures of the same version at once: exactly one is recorded, the others are told it is signed", async () => {
    const { quote } = await newQuote(await newLead());
    await createQuoteVersion({ db: database.db, dialect: database.dialect, quoteId: quote.id, document: "{}", noticeTexts: "[]" });
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        createQuoteSignature({ db: database.db, dialect: database.dialect, quoteId: quote.id, signature: signatureOf(1, `Signer ${i}`) }),
      ),
    );
    expect(outcomes.filter((o) => o.outcome === "signed")).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === "already-signed")).toHaveLength(19);
    expect(await listQuoteSignatures({ db: database.db, quoteId: quote.id })).toHaveLength(1);
    expect(await getQuote({ db: database.db, id: quote.id })).toMatchObject({ status: "signed" });
  });

  test("after a change, the old version cannot be signed; the new one can, and the quote is signed again", async () => {
    const { quote } = await newQuote(await newLead());
    await createQuoteVersion({ db: database.db, dialect: database.dialect, quoteId: quote.id, document: "{}", noticeTexts: "[]" });
    expect(
      (await createQuoteSignature({ db: database.db, dialect: database.dialect, quoteId: quote.id, signature: signatureOf(1) })).outcome,
    ).toBe("signed");
    await createQuoteVersion({
      db: database.db,
      dialect: database.dialect,
      quoteId: quote.id,
      document: '{"changed":true}',
      noticeTexts: "[]",
    });
    expect(await getQuote({ db: database.db, id: quote.id })).toMatchObject({ status: "sent", current_version: 2 });
    expect(
      await createQuoteSignature({ db: database.db, dialect: database.dialect, quoteId: quote.id, signature: signatureOf(1) }),
    ).toEqual({
      outcome: "not-current",
      currentVersion: 2,
    });
    expect(
      (await createQuoteSignature({ db: database.db, dialect: database.dialect, quoteId: quote.id, signature: signatureOf(2) })).outcome,
    ).toBe("signed");
    expect((await listQuoteSignatures({ db: database.db, quoteId: quote.id })).map((s) => s.version)).toEqual([1, 2]);
  });

  test("a signature racing a new version: either it signs the old version before the change, or it is refused", async () => {
    const { quote } = await newQuote(await newLead());
    await createQuoteVersion({ db: database.db, dialect: database.dialect, quoteId: quote.id, document: "{}", noticeTexts: "[]" });
    const [signed] = await Promise.all([
      createQuoteSignature({ db: database.db, dialect: database.dialect, quoteId: quote.id, signature: signatureOf(1) }),
      createQuoteVersion({ db: database.db, dialect: database.dialect, quoteId: quote.id, document: "{}", noticeTexts: "[]" }),
    ]);
    const after = await getQuote({ db: database.db, id: quote.id });
    expect(after!.current_version).toBe(2);
    // Whatever the order, version 2 is unsigned and the quote waits for it.
    expect(after!.status).toBe("sent");
    expect(["signed", "not-current"]).toContain(signed.outcome);
  });

  test("events reach the request's history; templates are saved by name and replaced; deleting the request takes its quotes", async () => {
    const leadId = await newLead();
    const { quote } = await newQuote(leadId);
    await createQuoteEvent({ db: database.db, quoteId: quote.id, leadId, kind: "question", body: "Can the sink move?" });
    expect((await listLeadQuoteEvents({ db: database.db, leadId })).map((e) => [e.kind, e.body])).toEqual([
      ["question", "Can the sink move?"],
    ]);

    const first = await saveQuoteTemplate({ db: database.db, kind: "item", name: "Demolition", body: "{}" });
    const again = await saveQuoteTemplate({ db: database.db, kind: "item", name: "Demolition", body: '{"x":1}' });
    expect(again.id).toBe(first.id);
    expect((await listQuoteTemplates({ db: database.db, kind: "item" })).map((t) => t.body)).toEqual(['{"x":1}']);
    expect(await deleteQuoteTemplate({ db: database.db, id: first.id })).toBe(true);

    await createQuoteVersion({ db: database.db, dialect: database.dialect, quoteId: quote.id, document: "{}", noticeTexts: "[]" });
    await createQuoteSignature({ db: database.db, dialect: database.dialect, quoteId: quote.id, signature: signatureOf(1) });
    expect(await deleteLead({ db: database.db, id: leadId })).toBe(true);
    expect(await getQuote({ db: database.db, id: quote.id })).toBeNull();
  });

  test("a template is renamed, unless another of its kind has the name; the same name of the other kind is allowed", async () => {
    const db = database.db;
    const tile = await saveQuoteTemplate({ db, kind: "item", name: "Tile allowance", body: "{}" });
    const paint = await saveQuoteTemplate({ db, kind: "item", name: "Paint", body: "{}" });
    const quote = await saveQuoteTemplate({ db, kind: "quote", name: "Bathroom", body: "{}" });
    expect(await updateQuoteTemplateName({ db, id: paint.id, name: "Tile allowance" })).toBe("taken");
    expect(await updateQuoteTemplateName({ db, id: quote.id, name: "Tile allowance" })).toBe("renamed");
    expect(await updateQuoteTemplateName({ db, id: paint.id, name: "Interior paint" })).toBe("renamed");
    expect(await updateQuoteTemplateName({ db, id: "no-such-template", name: "Anything" })).toBe("not-found");
    expect((await listQuoteTemplates({ db, kind: "item" })).map((t) => t.name)).toEqual(["Interior paint", "Tile allowance"]);
    for (const { id } of [tile, paint, quote]) await deleteQuoteTemplate({ db, id });
  });
});
