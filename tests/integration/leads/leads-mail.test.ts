/**
 * Estimate requests and their emails, end to end: the real built server (a child process) posts
 * to a real SMTP listener (tests/support/smtp.ts), and the tests read the server's SQLite file.
 *
 * One server for the file: fast mail retries, no timing trap, no rate limit, and at most two
 * confirmations per address a day (so the flood guard can be seen with four requests).
 * Every test uses its own marker and homeowner address, so the tests do not see each other's mail.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressObject } from "mailparser";
import type BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { get, startServer, stopAllServers, type ServerProcess } from "#tests/support/server.ts";
import { startSmtpServer, type ReceivedMail, type SmtpTestServer } from "#tests/support/smtp.ts";
import {
  LEAD_ENV,
  SITE_URL,
  expectSuccessPage,
  mailsMarked,
  marker,
  sleep,
  submitLead,
  validFields,
  waitForMails,
  waitUntil,
  type FormPath,
} from "#tests/support/leads.ts";
import { jobsOf, leadsMarked, openSiteDb } from "#tests/support/site-db.ts";
import { migrateToLatest, openDatabase } from "#app/server/db/index.server.ts";
import { saveStoredProfile } from "#app/server/repos/site-profile.server.ts";
import { defaultProfile } from "#app/content/company.ts";

const LEADS_TO = "owner@example.com";
const MAIL_FROM = "Houston Remodeling Website <no-reply@remodel.test>";
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let smtp: SmtpTestServer;
let server: ServerProcess;
let db: BetterSqlite3.Database;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({
    env: {
      ...LEAD_ENV,
      SMTP_URL: smtp.url,
      LEADS_TO,
      MAIL_FROM,
      MAIL_RETRY_BASE_SECONDS: "0.2",
      MAIL_RETRY_MAX_SECONDS: "0.5",
      MAIL_POLL_SECONDS: "0.2",
      CONFIRMATIONS_PER_ADDRESS_PER_DAY: "2",
    },
  });
  db = openSiteDb(server.dataDir);
});

afterAll(async () => {
  db?.close();
  await stopAllServers();
  await smtp?.stop();
});

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list.flatMap((object) => object.value.map((entry) => entry.address ?? ""));
}

/**
 * A request's emails that go at once: every job but the contractor's reminder, which waits for its
 * business hours without an answer (issue 29).
 */
function jobsNowOf(leadId: string) {
  return jobsOf(db, leadId).filter((job) => job.kind !== "lead-waiting");
}

function sentTo(messages: ReceivedMail[], address: string): ReceivedMail[] {
  return messages.filter((m) => m.envelope.to.map((a) => a.toLowerCase()).includes(address));
}

describe.each<FormPath>(["/contact", "/"])("a request from %s", (page) => {
  test("is stored with every field, and both emails arrive", async () => {
    const mark = marker("happy");
    const fields = validFields(mark, {
      from_name: "Maria Gonzalez",
      phone: "+1 (832) 555-0199",
      subject: `Bathroom & shower ${mark}`,
      message: `Hall bath: new tile and a walk-in shower.\nWe are home after 4 pm. ${mark}`,
    });
    const res = await submitLead(server, fields, { page });
    expectSuccessPage(res);

    const leads = leadsMarked(db, mark);
    expect(leads).toHaveLength(1);
    const lead = leads[0]!;
    expect(lead).toMatchObject({
      from_name: fields.from_name,
      email: fields.email,
      phone: fields.phone,
      subject: fields.subject,
      message: fields.message,
      status: "new",
      is_spam: 0,
      spam_reason: null,
      source: page,
      user_agent: "leads-integration-test",
    });
    expect(lead.created_at).toMatch(ISO_UTC);
    expect(Math.abs(Date.parse(lead.created_at) - Date.now())).toBeLessThan(60_000);
    // The address is kept only as a keyed hash.
    expect(lead.ip_hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(JSON.stringify(lead)).not.toContain("127.0.0.1");

    const messages = await waitForMails(smtp, mark, 2);
    const notifications = sentTo(messages, LEADS_TO);
    const confirmations = sentTo(messages, fields.email!);
    expect(notifications).toHaveLength(1);
    expect(confirmations).toHaveLength(1);

    const notification = notifications[0]!;
    expect(notification.envelope.to).toEqual([LEADS_TO]);
    expect(addresses(notification.parsed.to)).toEqual([LEADS_TO]);
    expect(addresses(notification.parsed.from)).toEqual(["no-reply@remodel.test"]);
    expect(addresses(notification.parsed.replyTo)).toEqual([fields.email]);
    expect(notification.parsed.subject).toBe(`New estimate request: ${fields.subject} — ${fields.from_name}`);
    const text = notification.parsed.text ?? "";
    for (const value of [
      fields.from_name!,
      fields.email!,
      fields.phone!,
      fields.subject!,
      "Hall bath: new tile and a walk-in shower.",
      `We are home after 4 pm. ${mark}`,
      `${SITE_URL}${page}`,
      lead.id,
    ]) {
      expect(text, `notification text contains ${value}`).toContain(value);
    }
    const html = typeof notification.parsed.html === "string" ? notification.parsed.html : "";
    expect(html).toContain("Bathroom &amp; shower");
    expect(html).toContain(fields.phone!);

    const confirmation = confirmations[0]!;
    expect(confirmation.envelope.to).toEqual([fields.email]);
    expect(addresses(confirmation.parsed.to)).toEqual([fields.email]);
    expect(addresses(confirmation.parsed.from)).toEqual(["no-reply@remodel.test"]);
    expect(confirmation.parsed.subject).toMatch(/^We received your estimate request/);
    expect(confirmation.parsed.text).toContain("Hi Maria,");
    expect(confirmation.parsed.text).toContain(fields.subject);

    // The outbox recorded both as sent; the contractor's reminder waits for 4 business hours without an answer.
    await waitUntil(() => jobsNowOf(lead.id).every((job) => job.status === "sent"), 5000, "jobs recorded sent");
    const jobs = jobsOf(db, lead.id);
    expect(jobs.map((job) => [job.kind, job.recipient, job.status])).toEqual([
      ["lead-confirmation", fields.email, "sent"],
      ["lead-notification", LEADS_TO, "sent"],
      ["lead-waiting", LEADS_TO, "pending"],
    ]);
    const reminder = jobs.find((job) => job.kind === "lead-waiting")!;
    expect(Date.parse(reminder.next_attempt_at)).toBeGreaterThanOrEqual(Date.parse(lead.created_at) + 4 * 3600_000);
    expect(reminder.attempts).toBe(0);
    expect(notification.header("x-job-id")).toBe(jobs.find((job) => job.kind === "lead-notification")!.id);
  });
});

test("SMTP down: the visitor is still told it was sent; the emails go out by themselves once SMTP is back", async () => {
  const mark = marker("down");
  await smtp.stop();
  try {
    const fields = validFields(mark);
    const res = await submitLead(server, fields);
    expectSuccessPage(res);

    const leads = leadsMarked(db, mark);
    expect(leads).toHaveLength(1);
    const lead = leads[0]!;
    expect(lead).toMatchObject({ status: "new", is_spam: 0 });

    // Each job was tried, failed, and waits for its next attempt.
    await waitUntil(
      () => {
        const jobs = jobsNowOf(lead.id);
        return jobs.length === 2 && jobs.every((job) => job.status === "pending" && job.attempts >= 1 && job.last_error);
      },
      5000,
      "both jobs failed once and pending",
    );
    for (const job of jobsNowOf(lead.id)) {
      expect(job.last_error).toMatch(/ECONNREFUSED|ECONNECTION|ESOCKET|connect/i);
      expect(job.sent_at).toBeNull();
    }
    // It keeps retrying while the listener is down.
    await waitUntil(() => jobsNowOf(lead.id).every((job) => job.attempts >= 2), 5000, "a second attempt");
    expect(mailsMarked(smtp, mark)).toHaveLength(0);
  } finally {
    await smtp.start();
  }

  // No kick, no restart, no manual step: the retries deliver them.
  const messages = await waitForMails(smtp, mark, 2, 10_000);
  expect(sentTo(messages, LEADS_TO)).toHaveLength(1);
  expect(sentTo(messages, `${mark}@home.test`)).toHaveLength(1);
  const lead = leadsMarked(db, mark)[0]!;
  await waitUntil(() => jobsNowOf(lead.id).every((job) => job.status === "sent"), 5000, "jobs recorded sent");
  for (const job of jobsNowOf(lead.id)) {
    expect(job.attempts).toBeGreaterThanOrEqual(2);
    expect(job.last_error).toBeNull();
  }
  // Delivered once each, not once per attempt.
  await sleep(600);
  expect(mailsMarked(smtp, mark)).toHaveLength(2);
});

test("confirmation flood guard: 4 requests with one address make 4 leads, 4 notifications, only 2 confirmations", async () => {
  const mark = marker("flood");
  const address = `${mark}@home.test`;
  for (let i = 0; i < 4; i++) {
    // The address in any letter case is the same address.
    const email = i % 2 === 0 ? address : address.toUpperCase();
    expectSuccessPage(await submitLead(server, validFields(mark, { email, subject: `Request ${i} ${mark}` })));
  }
  const leads = leadsMarked(db, mark);
  expect(leads).toHaveLength(4);
  expect(leads.every((lead) => lead.is_spam === 0 && lead.email === address)).toBe(true);

  const jobs = leads.flatMap((lead) => jobsOf(db, lead.id));
  expect(jobs.filter((job) => job.kind === "lead-notification")).toHaveLength(4);
  expect(jobs.filter((job) => job.kind === "lead-confirmation")).toHaveLength(2);
  // Each is a request to answer: each reminds the contractor if nobody does (issue 29).
  expect(jobs.filter((job) => job.kind === "lead-waiting")).toHaveLength(4);

  await waitForMails(smtp, mark, 6);
  await waitUntil(() => leads.every((lead) => jobsNowOf(lead.id).every((j) => j.status === "sent")), 5000, "all sent");
  await sleep(500); // a seventh or eighth message would show up now
  const messages = mailsMarked(smtp, mark);
  expect(sentTo(messages, LEADS_TO)).toHaveLength(4);
  expect(sentTo(messages, address)).toHaveLength(2);
  expect(messages).toHaveLength(6);
});

describe("with the owner's business profile and no LEADS_TO or MAIL_FROM", () => {
  const profile = {
    ...defaultProfile,
    name: "Bayou City Builders",
    phone: "(281) 555-0123",
    publicEmail: "hello@bayoubuilders.test",
    leadInbox: "leads@bayoubuilders.test",
    city: "Katy",
    hours: { ...defaultProfile.hours, sat: { open: "08:00", close: "12:00" } },
  };
  let ownDir: string;
  let own: ServerProcess;

  beforeAll(async () => {
    // The profile is saved before the server starts, as the setup step or `cli site set` leaves it.
    ownDir = mkdtempSync(join(tmpdir(), "leads-profile-"));
    const database = await openDatabase({ dataDir: ownDir });
    try {
      await migrateToLatest(database);
      await saveStoredProfile({ db: database.db, data: { ...profile }, updatedBy: null });
    } finally {
      await database.close();
    }
    own = await startServer({
      dataDir: ownDir,
      env: {
        ...LEAD_ENV,
        SMTP_URL: smtp.url,
        MAIL_RETRY_BASE_SECONDS: "0.2",
        MAIL_RETRY_MAX_SECONDS: "0.5",
        MAIL_POLL_SECONDS: "0.2",
      },
    });
  });

  afterAll(async () => {
    await own?.stop();
    rmSync(ownDir, { recursive: true, force: true });
  });

  test("the notification goes to the profile's lead inbox; the confirmation names the business, its phone, email, hours and place; both are sent in its name", async () => {
    const mark = marker("profile");
    const fields = validFields(mark, { from_name: "Maria Gonzalez", phone: "(832) 555-0199" });
    expectSuccessPage(await submitLead(own, fields));
    const messages = await waitForMails(smtp, mark, 2);

    const [notification] = sentTo(messages, profile.leadInbox);
    expect(notification, "a notification to the profile's lead inbox").toBeDefined();
    expect(sentTo(messages, defaultProfile.leadInbox)).toHaveLength(0);
    const [confirmation] = sentTo(messages, fields.email!);
    expect(confirmation).toBeDefined();

    for (const mail of [notification!, confirmation!]) {
      expect(mail.parsed.from?.value).toEqual([{ name: "Bayou City Builders", address: "no-reply@remodel.test" }]);
    }
    expect(confirmation!.parsed.subject).toBe("We received your estimate request — Bayou City Builders");
    expect(addresses(confirmation!.parsed.replyTo)).toEqual(["hello@bayoubuilders.test"]);
    const text = confirmation!.parsed.text ?? "";
    for (const value of [
      "Thank you for contacting Bayou City Builders.",
      "call (281) 555-0123 or write to hello@bayoubuilders.test (Mon–Fri, 7 am – 6 pm; Sat, 8 am – 12 pm)",
      "Katy TX, USA",
    ]) {
      expect(text).toContain(value);
    }
    for (const placeholder of [defaultProfile.name, defaultProfile.phone, defaultProfile.publicEmail]) {
      expect(text).not.toContain(placeholder);
    }
    const html = typeof confirmation!.parsed.html === "string" ? confirmation!.parsed.html : "";
    expect(html).toContain('href="tel:+12815550123"');
  });
});

test("the server is still healthy afterwards", async () => {
  expect((await get(`${server.url}/healthz`)).status).toBe(200);
  expect(server.hasExited()).toBe(false);
});
