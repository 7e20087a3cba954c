/**
 * The homeowner's links (migration 0022, ADR 069) against every database adapter (SQLite always,
 * PostgreSQL when TEST_POSTGRES_URL is set): one link per address even when two first sends race,
 * a token found by its hash until it is replaced, the code's tries counted in one statement (five
 * at most, even at once), and what the page reads: the address's requests (not spam), the quotes
 * sent on them (never a draft) with their signature, and the replies.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "#app/server/db/index.server.ts";
import { newLinkToken } from "#app/server/quotes/link-token.server.ts";
import { ensureHomeownerLink, issueHomeownerLink } from "#app/server/homeowner/link.server.ts";
import {
  clearHomeownerCode,
  createHomeownerLinkIfAbsent,
  getHomeownerLinkByEmail,
  getHomeownerLinkByToken,
  isHomeownerLead,
  listHomeownerLeads,
  listHomeownerQuotes,
  takeHomeownerCodeTry,
  updateHomeownerLinkCode,
  updateHomeownerLinkToken,
} from "#app/server/repos/homeowner-links.server.ts";
import { createLeadWithJobs, type NewLead } from "#app/server/repos/leads.server.ts";
import { databaseTargets, setUpDatabase, tearDownDatabase } from "#tests/support/databases.ts";

const secret = "k".repeat(48);
const now = new Date("2026-11-29T15:00:00.000Z");
/** A quote version row as the builder would store it. */
const version = (id: string, quoteId: string, number: number, document: string) => ({
  id,
  quote_id: quoteId,
  version: number,
  document,
  notice_texts: "[]",
  created_at: now.toISOString(),
});

const targets = databaseTargets("homeowner-links", "homeowner links contract suite");

describe.each(targets.map((target) => [target.name, target] as const))("%s", (_name, target) => {
  let database: Database;
  let counter = 0;

  beforeAll(async () => {
    database = await setUpDatabase(target);
  });

  afterAll(() => tearDownDatabase(target, database));

  const address = () => `owner${(counter += 1)}@home.test`;

  async function storeLead(fields: Partial<NewLead>) {
    const { lead } = await createLeadWithJobs({
      db: database.db,
      lead: {
        fromName: "Maria",
        email: "maria@home.test",
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
    return lead;
  }

  test("two first sends at once make one link for the address", async () => {
    const email = address();
    const links = await Promise.all(
      Array.from({ length: 4 }, () => ensureHomeownerLink({ db: database.db, secret, email: email.toUpperCase(), now })),
    );
    expect(new Set(links.map(({ token }) => token)).size).toBe(1);
    const rows = await database.db.selectFrom("homeowner_links").select("id").where("email", "=", email).execute();
    expect(rows).toHaveLength(1);
  });

  test("an email carrying the link records when; the link is found by its token's hash until replaced", async () => {
    const email = address();
    const url = await issueHomeownerLink({ db: database.db, secret, publicUrl: "https://x.test/", email, locale: "es", now });
    expect(url).toMatch(/^https:\/\/x\.test\/es\/mi\/[A-Za-z0-9_-]{43}$/);
    const link = (await getHomeownerLinkByEmail({ db: database.db, email }))!;
    expect(link.issued_at).toBe(now.toISOString());
    expect((await getHomeownerLinkByToken({ db: database.db, tokenSha256: link.token_sha256 }))?.id).toBe(link.id);

    const fresh = newLinkToken(secret, "homeowner");
    expect(await updateHomeownerLinkToken({ db: database.db, id: link.id, tokenNonce: fresh.nonce, tokenSha256: fresh.sha256 })).toBe(true);
    expect(await getHomeownerLinkByToken({ db: database.db, tokenSha256: link.token_sha256 })).toBeNull();
    expect((await getHomeownerLinkByToken({ db: database.db, tokenSha256: fresh.sha256 }))?.id).toBe(link.id);
  });

  test("a code has five tries, counted in one statement even when they come at once; expired or cleared, none", async () => {
    const fresh = newLinkToken(secret, "homeowner");
    const link = await createHomeownerLinkIfAbsent({
      db: database.db,
      email: address(),
      tokenNonce: fresh.nonce,
      tokenSha256: fresh.sha256,
      now,
    });
    expect(await takeHomeownerCodeTry({ db: database.db, id: link.id, maxTries: 5, now })).toBeNull();
    const expiresAt = new Date(now.getTime() + 15 * 60 * 1000);
    await updateHomeownerLinkCode({ db: database.db, id: link.id, codeSha256: "c".repeat(64), expiresAt });
    const tries = await Promise.all(
      Array.from({ length: 8 }, () => takeHomeownerCodeTry({ db: database.db, id: link.id, maxTries: 5, now })),
    );
    expect(
      tries
        .filter(Boolean)
        .map((taken) => taken!.tries)
        .toSorted(),
    ).toEqual([1, 2, 3, 4, 5]);
    expect(tries.filter((taken) => taken === null)).toHaveLength(3);

    // A new code starts the tries again; past its expiry it cannot be tried.
    await updateHomeownerLinkCode({ db: database.db, id: link.id, codeSha256: "d".repeat(64), expiresAt });
    expect(await takeHomeownerCodeTry({ db: database.db, id: link.id, maxTries: 5, now })).toEqual({
      codeSha256: "d".repeat(64),
      tries: 1,
    });
    expect(await takeHomeownerCodeTry({ db: database.db, id: link.id, maxTries: 5, now: expiresAt })).toBeNull();
    await clearHomeownerCode({ db: database.db, id: link.id });
    expect(await takeHomeownerCodeTry({ db: database.db, id: link.id, maxTries: 5, now })).toBeNull();
  });

  test("the page reads the address's requests, never spam nor another address's", async () => {
    const email = address();
    const mine = await storeLead({ email, subject: "Fence" });
    const spam = await storeLead({ email, subject: "Spam", isSpam: true, spamReason: "honeypot" });
    const theirs = await storeLead({ email: address(), subject: "Roof" });
    expect((await listHomeownerLeads({ db: database.db, email })).map((lead) => lead.id)).toEqual([mine.id]);
    expect(await isHomeownerLead({ db: database.db, email, leadId: mine.id })).toBe(true);
    expect(await isHomeownerLead({ db: database.db, email, leadId: spam.id })).toBe(false);
    expect(await isHomeownerLead({ db: database.db, email, leadId: theirs.id })).toBe(false);
  });

  test("the quotes sent on them with their last version and its signature; never a draft", async () => {
    const lead = await storeLead({ email: address() });
    const quote = (
      id: string,
      number: number,
      fields: { sent_at: string | null; current_version: number; status: "draft" | "sent" | "signed" },
    ) => ({
      id,
      lead_id: lead.id,
      number,
      locale: "en" as const,
      draft: "{}",
      token_nonce: `nonce-${id}`,
      token_sha256: `sha-${id}`,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      ...fields,
    });
    await database.db
      .insertInto("quotes")
      .values([
        quote(`q-draft-${counter}`, 9000 + counter * 3, { sent_at: null, current_version: 0, status: "draft" }),
        quote(`q-sent-${counter}`, 9001 + counter * 3, { sent_at: "2026-11-20T00:00:00.000Z", current_version: 2, status: "sent" }),
        quote(`q-signed-${counter}`, 9002 + counter * 3, { sent_at: "2026-11-21T00:00:00.000Z", current_version: 1, status: "signed" }),
      ])
      .execute();
    await database.db
      .insertInto("quote_versions")
      .values([
        version(`v1-sent-${counter}`, `q-sent-${counter}`, 1, '"old"'),
        version(`v2-sent-${counter}`, `q-sent-${counter}`, 2, '"new"'),
        version(`v1-signed-${counter}`, `q-signed-${counter}`, 1, '"signed"'),
      ])
      .execute();
    await database.db
      .insertInto("quote_signatures")
      .values({
        id: `s-${counter}`,
        quote_id: `q-signed-${counter}`,
        version_id: `v1-signed-${counter}`,
        version: 1,
        signed_at: "2026-11-22T00:00:00.000Z",
        consented_at: "2026-11-22T00:00:00.000Z",
        full_name: "Maria",
        mark_kind: "keyboard",
        mark: "",
        selection: '{"optionId":"o1","extraIds":[]}',
        totals: '{"totalCents":1234500}',
        document_sha256: "e".repeat(64),
        ip: "127.0.0.1",
        user_agent: "test",
        pdf_key: "quotes/x.pdf",
      })
      .execute();
    const quotes = await listHomeownerQuotes({ db: database.db, leadIds: [lead.id] });
    expect(quotes.map((q) => [q.id, q.document, q.signature?.totals ?? null])).toEqual([
      [`q-signed-${counter}`, '"signed"', '{"totalCents":1234500}'],
      [`q-sent-${counter}`, '"new"', null],
    ]);
    expect(await listHomeownerQuotes({ db: database.db, leadIds: [] })).toEqual([]);
  });
});
