/**
 * Spam checks of the estimate form against the real server and a real SMTP listener: a caught
 * bot gets the same "sent" answer as a person, its request is kept (flagged) and nothing is
 * emailed. A request the checks only doubt (sent too fast, as phone autofill does, or with a
 * form token already used) is a person's as far as anyone knows: stored as "needs review", the
 * owner's notification says so first, and the homeowner's confirmation goes out as usual.
 * Two servers: FORM_MIN_SECONDS=3 (a post at once is too fast) and FORM_MIN_SECONDS=1
 * (short enough to wait past in a test). Both mail the same listener.
 *
 * "No email" is shown with a sentinel: a real request sent after the spam ones, through the same
 * outbox. Once its emails have arrived, any email for the spam would have too.
 */
import type BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { checkFormToken } from "#app/server/leads/form-token.server.ts";
import { startServer, stopAllServers, type ServerProcess } from "#tests/support/server.ts";
import { startSmtpServer, type SmtpTestServer } from "#tests/support/smtp.ts";
import {
  LEAD_ENV,
  expectSuccessPage,
  fetchFormToken,
  fetchUniqueFormToken,
  mailsMarked,
  marker,
  sleep,
  submitLead,
  validFields,
  waitForMails,
} from "#tests/support/leads.ts";
import { jobsOf, leadsMarked, openSiteDb, siteSecret } from "#tests/support/site-db.ts";
import type { Lead } from "#app/server/repos/leads.server.ts";

const LEADS_TO = "owner@example.com";

let smtp: SmtpTestServer;
let slow: ServerProcess; // FORM_MIN_SECONDS=3
let quick: ServerProcess; // FORM_MIN_SECONDS=1
let slowDb: BetterSqlite3.Database;
let quickDb: BetterSqlite3.Database;
/**
 * A token of each server fetched at the start, old enough once the tests run. Only for spam posts
 * (the honeypot decides before the token): a second person's request with it would need review.
 */
const early = new Map<ServerProcess, { token: string; minMs: number }>();

beforeAll(async () => {
  smtp = await startSmtpServer();
  const env = { ...LEAD_ENV, SMTP_URL: smtp.url, LEADS_TO, MAIL_POLL_SECONDS: "0.2" };
  [slow, quick] = await Promise.all([
    startServer({ env: { ...env, FORM_MIN_SECONDS: "3" } }),
    startServer({ env: { ...env, FORM_MIN_SECONDS: "1" } }),
  ]);
  slowDb = openSiteDb(slow.dataDir);
  quickDb = openSiteDb(quick.dataDir);
  for (const [server, minMs] of [
    [slow, 3000],
    [quick, 1000],
  ] as const) {
    early.set(server, { token: await fetchFormToken(server), minMs });
  }
});

/** A genuine token of `server` old enough to pass its minimum (waits only what is left). */
async function oldToken(server: ServerProcess): Promise<string> {
  const { token, minMs } = early.get(server)!;
  // The token starts with the moment it was issued (same machine, same clock).
  const issuedAt = Number(token.split(".")[0]);
  await sleep(Math.max(0, issuedAt + minMs + 100 - Date.now()));
  return token;
}

afterAll(async () => {
  slowDb?.close();
  quickDb?.close();
  await stopAllServers();
  await smtp?.stop();
});

/** The one lead stored for `mark`, checked to be flagged as spam with no email job. */
function expectStoredAsSpam(db: BetterSqlite3.Database, mark: string, reason: RegExp): Lead {
  const leads = leadsMarked(db, mark);
  expect(leads, `leads marked ${mark}`).toHaveLength(1);
  const lead = leads[0]!;
  expect(lead).toMatchObject({ is_spam: 1, status: "spam" });
  expect(lead.spam_reason).toMatch(reason);
  // Kept as sent, so the owner can still read it.
  expect(lead.subject).toContain(mark);
  expect(jobsOf(db, lead.id)).toEqual([]);
  return lead;
}

/** Sends a real request (a fresh token, sent once it is old enough) through `server` and waits for its two emails. */
async function sentinel(server: ServerProcess, db: BetterSqlite3.Database): Promise<void> {
  const mark = marker("sentinel");
  const token = await fetchUniqueFormToken(server);
  await sleep(early.get(server)!.minMs + 100);
  expectSuccessPage(await submitLead(server, validFields(mark), { token }));
  expect(leadsMarked(db, mark)[0]).toMatchObject({ is_spam: 0, spam_reason: null, status: "new", review_reason: null });
  await waitForMails(smtp, mark, 2);
}

/**
 * The one lead stored for `mark`, checked to be a person's that needs review: not spam, status
 * "review" with `reason`, and both emails delivered: the owner's marked "[Needs review]" with the
 * reason first, the homeowner's confirmation as usual.
 */
async function expectNeedsReview(db: BetterSqlite3.Database, mark: string, reason: RegExp): Promise<Lead> {
  const leads = leadsMarked(db, mark);
  expect(leads, `leads marked ${mark}`).toHaveLength(1);
  const lead = leads[0]!;
  expect(lead).toMatchObject({ is_spam: 0, spam_reason: null, status: "review" });
  expect(lead.review_reason).toMatch(reason);
  expect(jobsOf(db, lead.id).map((job) => job.kind)).toEqual(["lead-confirmation", "lead-notification", "lead-waiting"]);

  const mails = await waitForMails(smtp, mark, 2);
  const notification = mails.find((mail) => mail.envelope.to.includes(LEADS_TO));
  const confirmation = mails.find((mail) => !mail.envelope.to.includes(LEADS_TO));
  expect(notification?.parsed.subject).toMatch(/^\[Needs review\] New estimate request: /);
  expect((notification?.parsed.text ?? "").split("\n")[0]).toBe(`Needs review: ${lead.review_reason}`);
  expect(confirmation?.envelope.to).toEqual([lead.email]);
  expect(confirmation?.parsed.subject).toMatch(/^We received your estimate request/);
  expect(confirmation?.parsed.subject).not.toMatch(/review/i);
  expect(confirmation?.parsed.text).not.toMatch(/review/i);
  return lead;
}

describe("FORM_MIN_SECONDS=1", () => {
  const spam: string[] = [];

  test("the honeypot filled: the same success answer, stored as spam, no email job", async () => {
    const mark = marker("honeypot");
    spam.push(mark);
    // Even with a token old enough, the trap decides.
    const token = await oldToken(quick);
    const res = await submitLead(quick, validFields(mark, { company_website: "https://cheap-seo.example" }), { token });
    expectSuccessPage(res);
    expectStoredAsSpam(quickDb, mark, /honeypot/);
  });

  test("a forged token (123.abc) is spam", async () => {
    const mark = marker("forged");
    spam.push(mark);
    expectSuccessPage(await submitLead(quick, validFields(mark), { token: "123.abc" }));
    expectStoredAsSpam(quickDb, mark, /token invalid/);
  });

  test("a well-formed token with a made-up signature is spam", async () => {
    const mark = marker("resigned");
    spam.push(mark);
    const real = await fetchFormToken(quick);
    const [issuedAt] = real.split(".");
    const token = `${Number(issuedAt) - 60_000}.${"A".repeat(43)}`;
    expectSuccessPage(await submitLead(quick, validFields(mark), { token }));
    expectStoredAsSpam(quickDb, mark, /token invalid/);
  });

  test("a genuine token from another site (another secret) is spam", async () => {
    const mark = marker("foreign");
    spam.push(mark);
    // Its age does not matter: the signature is checked first.
    const token = early.get(slow)!.token;
    expectSuccessPage(await submitLead(quick, validFields(mark), { token }));
    expectStoredAsSpam(quickDb, mark, /token invalid/);
  });

  test("no token at all is spam", async () => {
    const mark = marker("notoken");
    spam.push(mark);
    expectSuccessPage(await submitLead(quick, validFields(mark), { token: null }));
    expectStoredAsSpam(quickDb, mark, /token missing/);
    const emptyMark = marker("emptytoken");
    spam.push(emptyMark);
    expectSuccessPage(await submitLead(quick, validFields(emptyMark), { token: "" }));
    expectStoredAsSpam(quickDb, emptyMark, /token missing/);
  });

  test("the page's token, sent after waiting past the minimum, is not spam and is emailed", async () => {
    const mark = marker("human");
    const token = await fetchFormToken(quick, "/");
    await sleep(1100);
    expectSuccessPage(await submitLead(quick, validFields(mark), { token, page: "/" }));
    const leads = leadsMarked(quickDb, mark);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ is_spam: 0, status: "new", spam_reason: null, source: "/" });
    expect(jobsOf(quickDb, leads[0]!.id).map((job) => job.kind)).toEqual(["lead-confirmation", "lead-notification", "lead-waiting"]);
    await waitForMails(smtp, mark, 2);
  });

  test("none of the spam was emailed", async () => {
    await sentinel(quick, quickDb);
    expect(spam.length).toBeGreaterThanOrEqual(5);
    for (const mark of spam) expect(mailsMarked(smtp, mark), `emails for ${mark}`).toEqual([]);
  });
});

describe("FORM_MIN_SECONDS=3", () => {
  test("a post at once with the page's own token (phone autofill): success, stored as needs review, both emails sent", async () => {
    const mark = marker("fast");
    const token = await fetchFormToken(slow);
    // The token is genuine: it is only its age that fails.
    const res = await submitLead(slow, validFields(mark), { token });
    expectSuccessPage(res);
    await expectNeedsReview(
      slowDb,
      mark,
      /^Sent (less than a second|[0-2] seconds?) after the page opened — phone autofill often does this; check it's a real person\.$/,
    );

    expect(checkFormToken(siteSecret(slowDb), token, { minAgeMs: 0 })).toMatchObject({ ok: true });
  });

  test("the honeypot filled and sent at once: spam (the trap decides), no email", async () => {
    const mark = marker("fasttrap");
    const token = await fetchUniqueFormToken(slow);
    expectSuccessPage(await submitLead(slow, validFields(mark, { company_website: "https://x.example" }), { token }));
    expectStoredAsSpam(slowDb, mark, /honeypot/);
    await sentinel(slow, slowDb);
    expect(mailsMarked(smtp, mark)).toEqual([]);
  });
});

describe("a form token used twice (FORM_MIN_SECONDS=1)", () => {
  test("the first request is new; the second with the same token is stored as needs review, and both are emailed", async () => {
    const first = marker("firstuse");
    const second = marker("reused");
    const token = await fetchUniqueFormToken(quick);
    await sleep(1100);
    expectSuccessPage(await submitLead(quick, validFields(first), { token }));
    expect(leadsMarked(quickDb, first)[0]).toMatchObject({ status: "new", is_spam: 0, review_reason: null });
    await waitForMails(smtp, first, 2);

    expectSuccessPage(await submitLead(quick, validFields(second), { token }));
    await expectNeedsReview(quickDb, second, /^Sent with a form already used for an earlier request .* check it's a real person\.$/);
    // The token itself is not stored, only its hash, the same for both.
    const [a, b] = [leadsMarked(quickDb, first)[0]!, leadsMarked(quickDb, second)[0]!];
    expect(a.form_token_hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(b.form_token_hash).toBe(a.form_token_hash);
    expect(JSON.stringify([a, b])).not.toContain(token.split(".")[1]);
  });

  test("spam with a used token stays spam: no email", async () => {
    const mark = marker("reusedtrap");
    const token = await oldToken(quick);
    expectSuccessPage(await submitLead(quick, validFields(mark, { company_website: "spam" }), { token }));
    expectStoredAsSpam(quickDb, mark, /honeypot/);
    await sentinel(quick, quickDb);
    expect(mailsMarked(smtp, mark)).toEqual([]);
  });
});
