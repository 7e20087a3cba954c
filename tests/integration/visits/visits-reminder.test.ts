/**
 * A visit's reminder lives in the outbox (email_jobs), due at 9 AM the day before, so it survives
 * restarts: here the server is killed (SIGKILL) after scheduling, the reminder's time passes while
 * it is down, and a new server on the same data sends it once, to a real SMTP listener, on SQLite
 * and (with TEST_POSTGRES_URL) PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { databaseTargets, schemaUrl } from "#tests/support/databases.ts";
import { LEADS_TO, seedLead, startAdminSite, type AdminSite } from "#tests/support/admin-site.ts";
import { startSmtpServer, type SmtpTestServer } from "#tests/support/smtp.ts";
import { startServer, type ServerProcess } from "#tests/support/server.ts";
import { listEmailJobs } from "#app/server/repos/email-jobs.server.ts";

const targets = databaseTargets("visits-reminder", "visit reminder restart suite");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(targets)("the reminder after a restart on $name", (target) => {
  let site: AdminSite;
  let smtp: SmtpTestServer;
  let restarted: ServerProcess | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    await target.setup();
    smtp = await startSmtpServer();
    env = { LEADS_TO, MAIL_POLL_SECONDS: "0.2", SMTP_URL: smtp.url };
    site = await startAdminSite(target, env, { keepData: true });
  });

  afterAll(async () => {
    await restarted?.stop();
    await site?.stop();
    await smtp?.stop();
    await target.teardown();
  });

  test("a reminder due while the server is down goes out once after it restarts", async () => {
    const { lead } = await seedLead(site, { fromName: "Rita Reminder", email: "rita@home.test" }, { jobs: [] });
    const date = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const res = await site.post(`/admin/leads/${lead.id}`, {
      intent: "visit-schedule",
      date,
      time: "10:00",
      minutes: "120",
    });
    expect(res.status).toBe(200);
    await smtp.waitFor(1, 15_000);
    expect(smtp.messages.map((m) => m.parsed.subject)).toEqual([expect.stringMatching(/^Site visit on /)]);
    const jobs = () => site.db((database) => listEmailJobs({ db: database.db, leadId: lead.id }));
    const reminder = (await jobs()).find((job) => job.kind === "visit-reminder");
    // Due about nine days from now: nothing sends it yet.
    expect(reminder?.status).toBe("pending");
    expect(Date.parse(reminder!.next_attempt_at)).toBeGreaterThan(Date.now() + 8 * 86_400_000);

    // The server dies; while it is down, the reminder's time comes (its due time moves to the past).
    await site.server.stop("SIGKILL");
    await site.db((database) =>
      database.db
        .updateTable("email_jobs")
        .set({ next_attempt_at: new Date(Date.now() - 60_000).toISOString() })
        .where("id", "=", reminder!.id)
        .execute(),
    );
    expect(smtp.messages).toHaveLength(1);

    // A new server on the same data sends it, once.
    const serverEnv = { ...env };
    if (site.target.databaseUrl) {
      const url = new URL(schemaUrl(site.target.databaseUrl, site.target.schema));
      serverEnv.DATABASE_URL = url.href;
    }
    restarted = await startServer({ env: serverEnv, dataDir: site.target.dataDir });
    await smtp.waitFor(2, 15_000).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${restarted?.stdout().slice(-3000)}\n${restarted?.stderr().slice(-2000)}`);
    });
    // Several more looks of the outbox: no second copy.
    await sleep(1500);
    const reminders = smtp.messages.filter((m) => (m.parsed.subject ?? "").startsWith("Reminder: site visit tomorrow"));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.envelope.to).toEqual(["rita@home.test"]);
    expect(reminders[0]!.parsed.text).toContain("Arrival between 10:00 AM and 12:00 PM");
    const after = (await jobs()).find((job) => job.id === reminder!.id);
    expect(after).toMatchObject({ status: "sent", attempts: 1 });
  });
});
