/**
 * The email outbox against real parts: a real SMTP listener (tests/support/smtp.ts) and each database.
 * - SQLite always, every test in a fresh temp dir.
 * - PostgreSQL when TEST_POSTGRES_URL is set (e.g. postgres://postgres@127.0.0.1:5432/test); every
 *   test gets its own new schema `t_<random>`, dropped afterwards.
 */
import type { AddressObject } from "mailparser";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { migrateToLatest, openDatabase, type Database, type OpenDatabaseOptions } from "#app/server/db/index.server.ts";
import type { Logger } from "#app/server/logger.server.ts";
import { createOutbox, type Outbox } from "#app/server/mail/outbox.server.ts";
import { createSmtpTransport, type MailTransport } from "#app/server/mail/transports.server.ts";
import { claimDueEmailJob, getEmailJob, listEmailJobs, markEmailJobSent, type EmailJob } from "#app/server/repos/email-jobs.server.ts";
import type { NewLead } from "#app/server/repos/leads.server.ts";
import { databaseTargets } from "#tests/support/databases.ts";
import { captureLogger, type LogLine } from "#tests/support/logs.ts";
import { runTogether, type ChildRun } from "#tests/support/processes.ts";
import { storeLead, type LeadMailKind } from "#tests/support/seed-leads.ts";
import { startSmtpServer, type ReceivedMail, type SmtpTestServer } from "#tests/support/smtp.ts";

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const LEADS_TO = "owner@remodel.test";
const FROM = "Example Home Remodeling <no-reply@remodel.test>";
const SITE_URL = "https://www.remodel.test";
const DAY_MS = 24 * 3600 * 1000;
/** Small backoff so retries happen within the test. */
const FAST = { retryBaseMs: 50, retryMaxMs: 200, pollMs: 100 };

const targets = databaseTargets("mail-outbox", "outbox suite");

// ---------------------------------------------------------------------------------------------
// Helpers

let leadCounter = 0;
function newLead(overrides: Partial<NewLead> = {}): NewLead {
  leadCounter += 1;
  return {
    fromName: `Homeowner ${leadCounter}`,
    email: `homeowner${leadCounter}@home.test`,
    phone: "(713) 555-0100",
    subject: `Kitchen remodel #${leadCounter}`,
    message: "Please call after 5 pm.",
    source: "/contact",
    isSpam: false,
    spamReason: null,
    ipHash: null,
    userAgent: "vitest",
    ...overrides,
  };
}

async function queueLead(
  database: Database,
  {
    lead = newLead(),
    kinds = ["lead-notification", "lead-confirmation"],
    giveUpAfterMs = DAY_MS,
    now,
  }: { lead?: NewLead; kinds?: LeadMailKind[]; giveUpAfterMs?: number; now?: Date } = {},
) {
  return storeLead({
    database,
    lead,
    jobs: kinds,
    giveUpAfterMs,
    now,
    mail: { to: LEADS_TO, from: FROM, siteUrl: SITE_URL },
  });
}

async function job(database: Database, id: string): Promise<EmailJob> {
  const found = await getEmailJob({ db: database.db, id });
  if (!found) throw new Error(`job ${id} not found`);
  return found;
}

async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs = 10_000, what = "condition"): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list.flatMap((object) => object.value.map((entry) => entry.address ?? ""));
}

function byRecipient(messages: ReceivedMail[], address: string): ReceivedMail {
  const found = messages.filter((message) => message.envelope.to.includes(address));
  expect(found, `messages to ${address}`).toHaveLength(1);
  return found[0]!;
}

// ---------------------------------------------------------------------------------------------

describe.each(targets)("email outbox: $name", (target) => {
  let smtp: SmtpTestServer;
  let database: Database;
  /** How `database` was opened: open it again with these for a second handle or process. */
  let options: OpenDatabaseOptions;
  let logger: Logger;
  let lines: LogLine[];
  /** Everything a test creates, closed after it. */
  const outboxes: Outbox[] = [];
  const transports: MailTransport[] = [];
  const extraDatabases: Database[] = [];

  beforeAll(async () => {
    await target.setup();
    smtp = await startSmtpServer();
  });

  afterAll(async () => {
    await smtp?.stop();
    await target.teardown();
  });

  beforeEach(async () => {
    smtp.rejectRcpt(null);
    smtp.clear();
    if (!smtp.isRunning()) await smtp.start();
    ({ logger, lines } = captureLogger());
    options = await target.fresh();
    database = await openDatabase(options);
    await migrateToLatest(database);
  });

  afterEach(async () => {
    await Promise.all(outboxes.splice(0).map((outbox) => outbox.stop()));
    await Promise.all(transports.splice(0).map((transport) => transport.close()));
    await Promise.all(extraDatabases.splice(0).map((extra) => extra.close()));
    await database.close();
  });

  /** The outbox's "database unreachable" log lines so far. */
  function databaseErrors(): LogLine[] {
    return lines.filter((line) => line.msg === "outbox cannot reach the database; trying again shortly");
  }

  function smtpTransport(): MailTransport {
    const transport = createSmtpTransport({
      url: smtp.url,
      logger,
      timeouts: { connectionMs: 2000, greetingMs: 2000, socketMs: 5000 },
    });
    transports.push(transport);
    return transport;
  }

  function makeOutbox(settings: { database?: Database; transport?: MailTransport; workerId?: string; leaseMs?: number } = {}): Outbox {
    const created = createOutbox({
      database: settings.database ?? database,
      transport: settings.transport ?? smtpTransport(),
      logger,
      ...FAST,
      leaseMs: settings.leaseMs,
      workerId: settings.workerId,
    });
    outboxes.push(created);
    return created;
  }

  test("delivers a lead's notification and confirmation over SMTP; jobs are recorded sent", async () => {
    const lead = newLead({
      fromName: "Maria <script>alert(1)</script> Gonzalez",
      email: "maria@home.test",
      phone: "(832) 555-0199",
      subject: "Bathroom & shower",
      message: 'Tile <b>and</b> a walk-in shower.\n<script>alert("x")</script>',
      source: "/contact",
    });
    const { lead: stored, jobIds } = await queueLead(database, { lead });
    expect(jobIds).toHaveLength(2);

    expect(await makeOutbox().drain()).toBe(2);
    const messages = await smtp.waitFor(2);
    expect(messages).toHaveLength(2);

    const notification = byRecipient(messages, LEADS_TO);
    expect(addresses(notification.parsed.to)).toEqual([LEADS_TO]);
    expect(addresses(notification.parsed.replyTo)).toEqual(["maria@home.test"]);
    expect(addresses(notification.parsed.from)).toEqual(["no-reply@remodel.test"]);
    expect(notification.parsed.subject).toBe("New estimate request: Bathroom & shower — Maria <script>alert(1)</script> Gonzalez");
    const text = notification.parsed.text ?? "";
    const html = typeof notification.parsed.html === "string" ? notification.parsed.html : "";
    for (const value of [
      "Maria <script>alert(1)</script> Gonzalez",
      "maria@home.test",
      "(832) 555-0199",
      "Bathroom & shower",
      "Tile <b>and</b> a walk-in shower.",
      '<script>alert("x")</script>',
      `${SITE_URL}/contact`,
      " CST", // the time, in Houston's zone
    ]) {
      expect(text).toContain(value);
    }
    expect(html).toContain("Maria &lt;script&gt;alert(1)&lt;/script&gt; Gonzalez");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("Tile &lt;b&gt;and&lt;/b&gt;");
    expect(html).not.toMatch(/<script|<b>and/i);

    const notificationJob = (await listEmailJobs({ db: database.db, leadId: stored.id })).find((j) => j.kind === "lead-notification")!;
    expect(notification.header("x-job-id")).toBe(notificationJob.id);
    expect(notification.parsed.messageId).toBe(`<${notificationJob.id}@remodel.test>`);

    const confirmation = byRecipient(messages, "maria@home.test");
    expect(addresses(confirmation.parsed.to)).toEqual(["maria@home.test"]);
    expect(confirmation.parsed.subject).toMatch(/^We received your estimate request/);
    expect(confirmation.parsed.text).toContain(
      "1. We call or text you to set a time.\n2. We visit to measure and talk through the options.",
    );
    expect(confirmation.parsed.text).toContain("Bathroom & shower");

    const jobs = await listEmailJobs({ db: database.db, leadId: stored.id });
    expect(jobs).toHaveLength(2);
    for (const sent of jobs) {
      expect(sent).toMatchObject({
        status: "sent",
        attempts: 1,
        last_error: null,
        locked_by: null,
        locked_until: null,
      });
      expect(sent.sent_at).toMatch(ISO_UTC);
    }
    expect(lines.filter((line) => line.msg === "email sent")).toHaveLength(2);
    expect(lines.find((line) => line.msg === "email sent")).toMatchObject({
      level: "info",
      attempt: 1,
      transport: "smtp",
    });
  });

  test("SMTP down: the attempt fails and is rescheduled; when the server is back the worker delivers by itself", async () => {
    await smtp.stop();
    const { jobIds } = await queueLead(database);
    const worker = makeOutbox();

    const before = Date.now();
    expect(await worker.drain()).toBe(2);
    for (const id of jobIds) {
      const failed = await job(database, id);
      expect(failed.status).toBe("pending");
      expect(failed.attempts).toBe(1);
      expect(failed.last_error).toMatch(/ECONNREFUSED|ECONNECTION|ESOCKET|connect/i);
      expect(failed.sent_at).toBeNull();
      const next = Date.parse(failed.next_attempt_at);
      expect(next).toBeGreaterThan(before);
      expect(next).toBeLessThanOrEqual(Date.now() + FAST.retryMaxMs);
    }
    expect(lines.some((line) => line.msg === "email not sent, will retry" && line.level === "warn")).toBe(true);

    // The worker keeps trying on its own while the server is down...
    worker.start();
    await waitUntil(async () => (await job(database, jobIds[0]!)).attempts >= 3, 5000, "more attempts");
    expect(smtp.messages).toHaveLength(0);

    // ...and delivers once it is back on the same port, with no kick or manual step.
    await smtp.start();
    const messages = await smtp.waitFor(2);
    expect(messages.map((m) => m.envelope.to[0]).toSorted()).toEqual([LEADS_TO, "homeowner" + leadCounter + "@home.test"].toSorted());
    await waitUntil(
      async () => (await Promise.all(jobIds.map((id) => job(database, id)))).every((j) => j.status === "sent"),
      5000,
      "jobs sent",
    );
    for (const id of jobIds) {
      const sent = await job(database, id);
      expect(sent.attempts).toBeGreaterThanOrEqual(2);
      expect(sent.sent_at).toMatch(ISO_UTC);
      expect(sent.last_error).toBeNull();
    }
    expect(smtp.messages).toHaveLength(2);
  });

  test("a permanent refusal (550 to RCPT) fails the job after one attempt; other mail still goes", async () => {
    const lead = newLead({ email: "typo@nowhere.test" });
    smtp.rejectRcpt({ code: 550, message: "5.1.1 No such user", address: "typo@nowhere.test" });
    const { lead: stored } = await queueLead(database, { lead });

    const worker = makeOutbox();
    expect(await worker.drain()).toBe(2);
    const jobs = await listEmailJobs({ db: database.db, leadId: stored.id });
    const confirmation = jobs.find((j) => j.kind === "lead-confirmation")!;
    const notification = jobs.find((j) => j.kind === "lead-notification")!;
    expect(confirmation).toMatchObject({ status: "failed", attempts: 1, sent_at: null, locked_by: null });
    expect(confirmation.last_error).toMatch(/550/);
    expect(confirmation.last_error).toMatch(/No such user/);
    expect(notification.status).toBe("sent");

    // Not retried: nothing is due any more, even well after the backoff.
    await new Promise((resolve) => setTimeout(resolve, FAST.retryMaxMs + 50));
    expect(await worker.drain()).toBe(0);
    expect((await job(database, confirmation.id)).attempts).toBe(1);
    expect(smtp.messages).toHaveLength(1);
    expect(lines.find((line) => line.msg === "email not sent, permanent error: job failed")).toMatchObject({
      level: "error",
      jobId: confirmation.id,
      kind: "lead-confirmation",
      attempt: 1,
    });
  });

  test("a temporary refusal (451 to RCPT) is retried and delivered on a later attempt", async () => {
    smtp.rejectRcpt({ code: 451, message: "4.7.1 Try again later" });
    const { jobIds } = await queueLead(database, { kinds: ["lead-notification"] });
    const id = jobIds[0]!;
    const worker = makeOutbox();

    expect(await worker.drain()).toBe(1);
    const deferred = await job(database, id);
    expect(deferred).toMatchObject({ status: "pending", attempts: 1 });
    expect(deferred.last_error).toMatch(/451/);
    expect(smtp.rejectedRcpts).toBeGreaterThanOrEqual(1);

    smtp.rejectRcpt(null);
    worker.start();
    await smtp.waitFor(1);
    await waitUntil(async () => (await job(database, id)).status === "sent", 5000, "job sent");
    const sent = await job(database, id);
    expect(sent.attempts).toBe(2);
    expect(sent.last_error).toBeNull();
  });

  test("give-up: a job past its give_up_at is marked failed instead of retried", async () => {
    smtp.rejectRcpt({ code: 451, message: "4.3.0 Mailbox temporarily unavailable" });
    // Queued two days ago with a one-day give-up window: its time is up.
    const { jobIds } = await queueLead(database, {
      kinds: ["lead-notification"],
      now: new Date(Date.now() - 2 * DAY_MS),
    });
    const { jobIds: fresh } = await queueLead(database, { kinds: ["lead-notification"] });

    expect(await makeOutbox().drain()).toBe(2);
    const old = await job(database, jobIds[0]!);
    expect(old).toMatchObject({ status: "failed", attempts: 1 });
    expect(old.last_error).toMatch(/451/);
    // The same temporary error on a young job is retried.
    expect(await job(database, fresh[0]!)).toMatchObject({ status: "pending", attempts: 1 });
    expect(lines.find((line) => line.msg === "email not sent, giving up: job failed")).toMatchObject({
      level: "error",
      jobId: old.id,
    });
  });

  test("a retry that would fall after give_up_at fails the job now", async () => {
    smtp.rejectRcpt({ code: 421, message: "4.4.2 Too busy" });
    // 5 ms to live: any retry (at least 25 ms away) is past it.
    const { jobIds } = await queueLead(database, { kinds: ["lead-notification"], giveUpAfterMs: 5 });
    expect(await makeOutbox().drain()).toBe(1);
    expect(await job(database, jobIds[0]!)).toMatchObject({ status: "failed", attempts: 1 });
  });

  test("an unreadable payload fails the job without sending anything", async () => {
    const { jobIds } = await queueLead(database, { kinds: ["lead-notification"] });
    await database.db.updateTable("email_jobs").set({ payload: '{"to": 42}' }).where("id", "=", jobIds[0]!).execute();
    expect(await makeOutbox().drain()).toBe(1);
    const broken = await job(database, jobIds[0]!);
    expect(broken.status).toBe("failed");
    expect(broken.last_error).toMatch(/Invalid payload/);
    expect(smtp.messages).toHaveLength(0);
  });

  test("3 outboxes on one database, 30 jobs drained concurrently: each job is sent exactly once", async () => {
    const jobIds: string[] = [];
    for (let i = 0; i < 15; i++) jobIds.push(...(await queueLead(database)).jobIds);
    expect(jobIds).toHaveLength(30);

    // PostgreSQL: three separate pools, as three processes would have. SQLite: one handle per
    // process is the rule (better-sqlite3 is synchronous), so the outboxes share it here; the
    // multi-process test below uses separate connections.
    const handles: Database[] = [database];
    for (let i = 1; i < 3; i++) {
      if (target.name === "postgres") {
        const extra = await openDatabase(options);
        extraDatabases.push(extra);
        handles.push(extra);
      } else {
        handles.push(database);
      }
    }
    const workers = handles.map((handle, i) => makeOutbox({ database: handle, workerId: `worker-${i}` }));
    const counts = await Promise.all(workers.map((worker) => worker.drain()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(30);

    const messages = await smtp.waitFor(30);
    await new Promise((resolve) => setTimeout(resolve, 100)); // anything extra would show up now
    expect(smtp.messages).toHaveLength(30);
    const seen = messages.map((message) => message.header("x-job-id"));
    expect(new Set(seen).size).toBe(30);
    expect(seen.toSorted()).toEqual(jobIds.toSorted());

    const jobs = await listEmailJobs({ db: database.db });
    expect(jobs).toHaveLength(30);
    for (const sent of jobs) expect(sent).toMatchObject({ status: "sent", attempts: 1 });
    // Work was actually shared out (with 30 jobs, one worker taking all would be a sign of a lock).
    expect(counts.filter((count) => count > 0).length).toBeGreaterThanOrEqual(2);
  });

  test("3 processes draining the same database send each of 30 jobs exactly once", async () => {
    for (let i = 0; i < 15; i++) await queueLead(database);
    const runs = await drainInChildProcesses(options, smtp.url, 3);
    for (const run of runs) expect(run, run.stderr).toMatchObject({ code: 0 });
    const counts = runs.map((run) => Number(JSON.parse(run.stdout).attempted));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
    await smtp.waitFor(30);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(smtp.messages).toHaveLength(30);
    expect(new Set(smtp.messages.map((m) => m.header("x-job-id"))).size).toBe(30);
    const jobs = await listEmailJobs({ db: database.db });
    expect(jobs.every((j) => j.status === "sent" && j.attempts === 1)).toBe(true);
  }, 30_000);

  test("a job held by a dead worker is picked up by another once the lease runs out", async () => {
    const { jobIds } = await queueLead(database, { kinds: ["lead-notification"] });
    const id = jobIds[0]!;
    // A worker claims it and dies without ever finishing.
    const claimed = await claimDueEmailJob({
      db: database.db,
      dialect: database.dialect,
      workerId: "dead",
      leaseMs: 300,
    });
    expect(claimed?.id).toBe(id);

    const worker = makeOutbox({ workerId: "alive" });
    expect(await worker.drain()).toBe(0); // still leased: not taken
    expect(await job(database, id)).toMatchObject({ status: "sending", locked_by: "dead", attempts: 1 });

    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await worker.drain()).toBe(1);
    await smtp.waitFor(1);
    expect(await job(database, id)).toMatchObject({ status: "sent", attempts: 2, locked_by: null });
    // The dead worker's late report is refused: the job is not its any more.
    expect(await markEmailJobSent({ db: database.db, id, workerId: "dead" })).toBe(false);
    expect(smtp.messages).toHaveLength(1);
  });

  test("start() + kick(): a lead stored while the worker sleeps goes out at once; stop() waits for the send", async () => {
    const worker = createOutbox({
      database,
      transport: smtpTransport(),
      logger,
      retryBaseMs: 50,
      retryMaxMs: 200,
      pollMs: 60_000,
    });
    outboxes.push(worker);
    worker.start();
    await new Promise((resolve) => setTimeout(resolve, 100)); // first (empty) look done, now asleep for 60 s

    const started = Date.now();
    const { jobIds } = await queueLead(database);
    worker.kick();
    await smtp.waitFor(2, 5000);
    expect(Date.now() - started).toBeLessThan(3000);
    await worker.stop();
    for (const id of jobIds) expect((await job(database, id)).status).toBe("sent");

    // A stopped worker does not pick up new jobs, kicked or not.
    await queueLead(database, { kinds: ["lead-notification"] });
    worker.kick();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages).toHaveLength(2);
  });

  test("stop() resolves only after an in-flight send is recorded", async () => {
    const { jobIds } = await queueLead(database, { kinds: ["lead-notification"] });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const real = smtpTransport();
    const slow: MailTransport = {
      name: "smtp",
      async send(mail) {
        await gate;
        return real.send(mail);
      },
      close: () => real.close(),
    };
    const worker = makeOutbox({ transport: slow });
    worker.start();
    await waitUntil(async () => (await job(database, jobIds[0]!)).status === "sending", 5000, "claim");
    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect((await job(database, jobIds[0]!)).status).toBe("sent");
  });

  test("a database error is logged, the loop keeps running and recovers", async () => {
    const { jobIds } = await queueLead(database, { kinds: ["lead-notification"] });
    // The table disappears from under the worker (as if the database were unreachable).
    await sql`alter table email_jobs rename to email_jobs_away`.execute(database.db);
    const worker = makeOutbox();
    worker.start();
    await waitUntil(() => databaseErrors().length >= 2, 5000, "the error logged on two ticks");
    expect(databaseErrors()[0]).toMatchObject({ level: "error" });
    expect(String(databaseErrors()[0]!.error)).toMatch(/email_jobs/);

    await sql`alter table email_jobs_away rename to email_jobs`.execute(database.db);
    await smtp.waitFor(1);
    await waitUntil(async () => (await job(database, jobIds[0]!)).status === "sent", 5000, "job sent");
  });
});

// ---------------------------------------------------------------------------------------------
// Several processes

const MODULES = {
  db: new URL("../../../app/server/db/index.server.ts", import.meta.url).href,
  outbox: new URL("../../../app/server/mail/outbox.server.ts", import.meta.url).href,
  transports: new URL("../../../app/server/mail/transports.server.ts", import.meta.url).href,
  logger: new URL("../../../app/server/logger.server.ts", import.meta.url).href,
};

const CHILD_SCRIPT = `
  const modules = JSON.parse(process.env.MODULES);
  const { openDatabase } = await import(modules.db);
  const { createOutbox } = await import(modules.outbox);
  const { createSmtpTransport } = await import(modules.transports);
  const { createLogger } = await import(modules.logger);
  const logger = createLogger({ level: "error", write: (line) => process.stderr.write(line + "\\n") });
  const database = await openDatabase(JSON.parse(process.env.OPEN_OPTIONS));
  const transport = createSmtpTransport({ url: process.env.SMTP_URL, logger });
  const outbox = createOutbox({ database, transport, logger, retryBaseMs: 50, retryMaxMs: 200, pollMs: 100 });
  try {
    await database.ping();
    process.stdout.write("ready\\n");
    await new Promise((resolve) => process.stdin.once("data", resolve));
    const attempted = await outbox.drain();
    process.stdout.write(JSON.stringify({ attempted }));
  } finally {
    process.stdin.destroy();
    await outbox.stop();
    await transport.close();
    await database.close();
  }
`;

/** Runs `count` Node processes that each drain the outbox of the same database at the same moment. */
function drainInChildProcesses(options: OpenDatabaseOptions, smtpUrl: string, count: number): Promise<ChildRun[]> {
  return runTogether(CHILD_SCRIPT, count, {
    MODULES: JSON.stringify(MODULES),
    OPEN_OPTIONS: JSON.stringify(options),
    SMTP_URL: smtpUrl,
  });
}
