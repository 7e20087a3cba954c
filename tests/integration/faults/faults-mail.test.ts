/**
 * Mail that hangs (docs/decisions/047-mail-that-hangs.md), against the real server and real
 * sockets: a mail server that accepts the connection and never greets, one that greets and then
 * leaves MAIL FROM unanswered on its first session, and SIGTERM while a send hangs.
 */
import net from "node:net";
import type BetterSqlite3 from "better-sqlite3";
import { startHangingSmtp } from "#tests/support/hanging-smtp.ts";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { explainMailError } from "#app/server/mail/test-email.server.ts";
import type { EmailJob } from "#app/server/repos/email-jobs.server.ts";
import { LEAD_ENV, expectSuccessPage, marker, submitLead, validFields, waitUntil } from "#tests/support/leads.ts";
import { leadsMarked, openSiteDb } from "#tests/support/site-db.ts";
import { startServer, stopAllServers, type ServerProcess } from "#tests/support/server.ts";
import { startSmtpServer, type SmtpTestServer } from "#tests/support/smtp.ts";

const LEADS_TO = "owner@remodel.test";
const closers: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const close of closers.splice(0).toReversed()) await close();
});
afterAll(async () => {
  await stopAllServers();
});

/** Accepts TCP connections and never says a word; counts them. */
async function silentServer(): Promise<{ url: string; connections: () => number }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { url: `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`, connections: () => sockets.size };
}

type JobRow = Pick<EmailJob, "id" | "lead_id" | "status" | "attempts" | "last_error" | "next_attempt_at">;

/**
 * The emails that go at once: every job but the contractor's reminder of an unanswered request,
 * which waits hours for its business hours (issue 29) and is never due during these tests.
 */
function jobs(db: BetterSqlite3.Database): JobRow[] {
  return db
    .prepare(
      "select id, lead_id, status, attempts, last_error, next_attempt_at from email_jobs where kind <> 'lead-waiting' order by created_at, kind",
    )
    .all() as JobRow[];
}

/** The reminders of unanswered requests: still waiting, never tried. */
function reminders(db: BetterSqlite3.Database): JobRow[] {
  return db
    .prepare("select id, lead_id, status, attempts, last_error, next_attempt_at from email_jobs where kind = 'lead-waiting'")
    .all() as JobRow[];
}

async function postLead(site: ServerProcess): Promise<string> {
  const mark = marker("hang");
  expectSuccessPage(await submitLead(site, validFields(mark)));
  return mark;
}

describe("a mail server that hangs", () => {
  test("no greeting: the attempt ends at the greeting timeout with a sentence on the job, and is retried", async () => {
    const silent = await silentServer();
    const site = await startServer({
      env: {
        ...LEAD_ENV,
        LEADS_TO,
        SMTP_URL: silent.url,
        SMTP_TIMEOUT_SECONDS: "1.5",
        MAIL_RETRY_BASE_SECONDS: "0.2",
        MAIL_POLL_SECONDS: "0.2",
      },
    });
    closers.push(() => site.stop().then(() => {}));
    const db = openSiteDb(site.dataDir);
    closers.push(() => {
      db.close();
    });

    await postLead(site);
    // Retried: a second attempt, on a new connection, after the first was recorded as failed.
    await waitUntil(() => jobs(db).some((job) => job.attempts >= 2), 15_000, "a second attempt");
    await waitUntil(() => jobs(db).some((job) => job.last_error !== null), 5_000, "an error recorded");
    const failed = jobs(db).find((job) => job.last_error !== null)!;
    expect(failed.last_error).toMatch(
      /^The mail server accepted the connection but did not greet in time \(SMTP ETIMEDOUT: Greeting never received\)/,
    );
    // The request's page and the test email explain it in words.
    expect(explainMailError(failed.last_error!)).toMatch(/^The mail server did not answer in time/);
    expect(silent.connections()).toBeGreaterThanOrEqual(2);
  });

  test("one session hangs after MAIL FROM: later requests' emails go out meanwhile, and each email arrives once", async () => {
    const hanging = await startHangingSmtp();
    closers.push(() => hanging.close());
    const smtp = { url: hanging.url, accepted: hanging.jobIds, hung: () => hanging.hangs() > 0 };
    const site = await startServer({
      env: {
        ...LEAD_ENV,
        LEADS_TO,
        SMTP_URL: smtp.url,
        SMTP_TIMEOUT_SECONDS: "6",
        MAIL_RETRY_BASE_SECONDS: "0.2",
        MAIL_POLL_SECONDS: "0.2",
      },
    });
    closers.push(() => site.stop().then(() => {}));
    const db = openSiteDb(site.dataDir);
    closers.push(() => {
      db.close();
    });

    await postLead(site);
    await waitUntil(() => smtp.hung() && smtp.accepted.length >= 1, 10_000, "one email out, the other on the hung session");
    const hungJob = () => jobs(db).find((job) => job.status === "sending" && !smtp.accepted.includes(job.id));
    const stuck = hungJob();
    expect(stuck).toBeDefined();

    const later = [await postLead(site), await postLead(site)];
    const laterJobIds = later.flatMap((mark) =>
      jobs(db)
        .filter((job) => job.lead_id === leadsMarked(db, mark)[0]!.id)
        .map((job) => job.id),
    );
    expect(laterJobIds).toHaveLength(4);
    await waitUntil(() => laterJobIds.every((id) => smtp.accepted.includes(id)), 10_000, "the later requests' emails");
    // An ordering fact: they went out while the hung send was still holding its job.
    expect(jobs(db).find((job) => job.id === stuck!.id)).toMatchObject({ status: "sending", attempts: 1 });

    // The hung send is cut off (the server stopped answering), recorded, retried and delivered.
    await waitUntil(() => smtp.accepted.length >= 6, 30_000, "every email, the hung one too");
    // The mail server's answer comes before the outbox records it: wait for the record.
    await waitUntil(() => jobs(db).every((job) => job.status === "sent"), 10_000, "every email recorded as sent");
    const all = jobs(db);
    expect(all.find((job) => job.id === stuck!.id)!.attempts).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 500)); // a copy would arrive now
    expect(smtp.accepted.toSorted()).toEqual(all.map((job) => job.id).toSorted());
  });

  test("SIGTERM during a hung send: the process exits before the send's own timeout, the job recorded as not sent", async () => {
    const silent = await silentServer();
    // Default mail timeouts: the hung send's own first limit is the 10 s greeting timeout.
    const site = await startServer({
      env: { ...LEAD_ENV, LEADS_TO, SMTP_URL: silent.url, SHUTDOWN_TIMEOUT_SECONDS: "2", MAIL_POLL_SECONDS: "0.2" },
    });
    const dataDir = site.dataDir;
    const db = openSiteDb(dataDir);
    closers.push(() => {
      db.close();
    });

    await postLead(site);
    await waitUntil(() => jobs(db).some((job) => job.status === "sending") && silent.connections() > 0, 10_000, "a send in progress");

    process.kill(site.pid, "SIGTERM");
    const greetingTimeout = new Promise<"the send's own timeout">((resolve) =>
      setTimeout(() => resolve("the send's own timeout"), 10_000).unref(),
    );
    const first = await Promise.race([site.exited.then(() => "exited" as const), greetingTimeout]);
    expect(first).toBe("exited");
    expect(await site.exited).toMatchObject({ code: 0 });
    expect(jobs(db).some((job) => job.status === "pending" && /the server stopped/.test(job.last_error ?? ""))).toBe(true);
  }, 30_000);
});

describe("after a shutdown cut a send off", () => {
  let smtp: SmtpTestServer | undefined;
  afterAll(async () => {
    await smtp?.stop();
  });

  test("the job is pending and due, and the next process sends every email exactly once", async () => {
    const silent = await silentServer();
    const { mkdtempSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const path = await import("node:path");
    const dataDir = mkdtempSync(path.join(tmpdir(), "faults-mail-"));
    closers.push(() => rmSync(dataDir, { recursive: true, force: true }));

    const first = await startServer({
      dataDir,
      env: { ...LEAD_ENV, LEADS_TO, SMTP_URL: silent.url, SHUTDOWN_TIMEOUT_SECONDS: "2", MAIL_POLL_SECONDS: "0.2" },
    });
    const db = openSiteDb(dataDir);
    closers.push(() => {
      db.close();
    });
    await postLead(first);
    await waitUntil(() => jobs(db).some((job) => job.status === "sending"), 10_000, "a send in progress");
    const cut = jobs(db).find((job) => job.status === "sending")!;
    await first.stop("SIGTERM", 20_000);

    const left = jobs(db).find((job) => job.id === cut.id)!;
    expect(left).toMatchObject({ status: "pending", attempts: 1 });
    expect(left.last_error).toMatch(/the server stopped before the mail server answered/);
    expect(Date.parse(left.next_attempt_at)).toBeLessThanOrEqual(Date.now());

    smtp = await startSmtpServer();
    const second = await startServer({
      dataDir,
      env: { ...LEAD_ENV, LEADS_TO, SMTP_URL: smtp.url, MAIL_POLL_SECONDS: "0.2" },
    });
    closers.push(() => second.stop().then(() => {}));
    const all = jobs(db);
    await smtp.waitFor(all.length, 15_000);
    await waitUntil(() => jobs(db).every((job) => job.status === "sent"), 5_000, "every job recorded sent");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.messages.map((message) => message.header("x-job-id")).toSorted()).toEqual(all.map((job) => job.id).toSorted());
    // The request's reminder to the contractor waits for its time, untouched by the shutdown.
    expect(reminders(db)).toMatchObject([{ status: "pending", attempts: 0, last_error: null }]);
  }, 60_000);
});
