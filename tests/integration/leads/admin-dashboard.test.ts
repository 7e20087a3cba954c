/**
 * The admin dashboard (/admin) and 'Resend' against the real server and a real SMTP listener,
 * on SQLite and (with TEST_POSTGRES_URL) PostgreSQL: the count and latest of the new requests,
 * the emails that failed, and a failed email going back to pending (with a fresh
 * MAIL_GIVE_UP_HOURS) and then out, from the dashboard and from the request's page.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { databaseTargets } from "#tests/support/databases.ts";
import {
  elementByClass,
  expectRedirect,
  expectServerHealthy,
  seedLead,
  startAdminSite,
  statusLine,
  textOf,
  type AdminSite,
} from "#tests/support/admin-site.ts";
import { waitUntil } from "#tests/support/leads.ts";
import { LEADS_TO } from "#tests/support/admin-site.ts";
import { startSmtpServer, type SmtpTestServer } from "#tests/support/smtp.ts";
import { getEmailJob } from "#app/server/repos/email-jobs.server.ts";
import { updateLeadStatus } from "#app/server/repos/leads.server.ts";

const targets = databaseTargets("admin-dashboard", "admin dashboard suite");
const GIVE_UP_HOURS = 2;

describe.each(targets)("dashboard on $name", (target) => {
  let site: AdminSite;
  let smtp: SmtpTestServer;

  beforeAll(async () => {
    await target.setup();
    smtp = await startSmtpServer();
    site = await startAdminSite(target, {
      SMTP_URL: smtp.url,
      // A failed attempt waits an hour before the next, so a test sees the job 'pending'.
      MAIL_RETRY_BASE_SECONDS: "3600",
      MAIL_RETRY_MAX_SECONDS: "3600",
      MAIL_GIVE_UP_HOURS: String(GIVE_UP_HOURS),
    });
  });

  afterAll(async () => {
    await site?.stop();
    await smtp?.stop();
    await target.teardown();
  });

  const jobOf = (id: string) => site.db((database) => getEmailJob({ db: database.db, id }));

  test("shows how many requests are new and links the latest five, newest first", async () => {
    const empty = textOf((await site.get("/admin")).text);
    expect(empty).toContain("0 new requests are waiting for an answer.");
    expect(empty).toContain("Nothing new: every request has been looked at.");
    expect(empty).toContain("No failed emails.");

    const base = Date.parse("2026-10-20T12:00:00.000Z");
    const fresh: string[] = [];
    for (let i = 0; i < 7; i++) {
      const { lead } = await seedLead(
        site,
        { subject: `New one ${i}`, fromName: `Newbie ${i}` },
        { now: new Date(base + i * 60_000), jobs: [] },
      );
      fresh.unshift(lead.id);
    }
    const { lead: contacted } = await seedLead(site, { subject: "Already called" }, { now: new Date(base + 3_600_000), jobs: [] });
    await site.db((database) => updateLeadStatus({ db: database.db, id: contacted.id, status: "contacted" }));
    await seedLead(site, { isSpam: true, spamReason: "honeypot field filled" }, { now: new Date(base + 3_700_000) });

    const html = (await site.get("/admin")).text;
    const text = textOf(html);
    expect(text).toContain("7 new requests are waiting for an answer.");
    const latest = elementByClass(html, "admin-list") ?? "";
    expect([...latest.matchAll(/href="\/admin\/leads\/([0-9a-f-]{36})"/g)].map((m) => m[1])).toEqual(fresh.slice(0, 5));
    expect(textOf(latest)).toContain("Newbie 6: New one 6 Received Oct 20, 2026, 7:06 AM CDT");
    expect(text).toMatch(/New: 7 .*Contacted: 1 .*Spam: 1/);
    expect(text).not.toContain("needs review:");
  });

  test("a request that needs review is counted apart from new and from spam, with a link to them", async () => {
    const before = textOf((await site.get("/admin")).text);
    const newBefore = Number(/(\d+) new requests? (is|are) waiting/.exec(before)?.[1]);
    const spamBefore = Number(/Spam: (\d+)/.exec(before)?.[1]);
    await seedLead(
      site,
      {
        subject: "Autofilled",
        reviewReason: "Sent 1 second after the page opened — phone autofill often does this; check it's a real person.",
      },
      { jobs: [] },
    );

    const html = (await site.get("/admin")).text;
    const text = textOf(html);
    expect(text).toMatch(/New: \d+ .*Needs review: 1 .*Contacted: \d+ .*Spam: \d+/);
    expect(text).toContain(`${newBefore} new request${newBefore === 1 ? " is" : "s are"} waiting`);
    expect(Number(/Spam: (\d+)/.exec(text)?.[1])).toBe(spamBefore);
    expect(text).toContain("1 request needs review: the spam checks doubted it");
    expect(html).toMatch(/href="\/admin\/leads\?status=review"/);
  });

  test("a failed email is listed with recipient, kind, last error and its request; Resend puts it back and it goes out", async () => {
    smtp.rejectRcpt({ code: 550, message: "5.1.1 No such mailbox", address: "bounce@home.test" });
    const { lead, jobIds } = await seedLead(
      site,
      { email: "bounce@home.test", fromName: "Bo Bounce", subject: "Porch repair" },
      { jobs: ["lead-notification", "lead-confirmation"] },
    );
    const jobs = await Promise.all(jobIds.map(jobOf));
    const confirmationId = jobs.find((job) => job?.kind === "lead-confirmation")!.id;
    await waitUntil(async () => (await jobOf(confirmationId))?.status === "failed", 10_000, "the confirmation to fail");

    const html = (await site.get("/admin")).text;
    const failed = textOf(html.slice(html.indexOf('id="failed-emails"')));
    expect(failed).toContain("One email could not be delivered after retrying.");
    expect(failed).toMatch(
      /Confirmation to the homeowner To bounce@home\.test Last error SMTP .*550.*No such mailbox.* Attempts 1 Request Bo Bounce: Porch repair/,
    );
    expect(html).toContain(`href="/admin/leads/${lead.id}"`);
    expect(html).toMatch(new RegExp(`name="jobId" value="${confirmationId}"`));

    // The mail server is down: the resent job is tried at once, fails for now, and waits (pending).
    smtp.rejectRcpt(null);
    await smtp.stop();
    const before = Date.now();
    const res = await site.post("/admin?index", { intent: "resend", jobId: confirmationId });
    const after = Date.now();
    expectRedirect(res, "/admin?done=resent");
    await waitUntil(
      async () => {
        const job = await jobOf(confirmationId);
        return job?.attempts === 2 && job.status !== "sending";
      },
      10_000,
      "the second attempt's outcome",
    );
    const pending = (await jobOf(confirmationId))!;
    expect(pending.status).toBe("pending");
    // The new error is the refused connection, not the old refusal (whose words are gone). Not
    // /550/: the listener's random port may hold those digits (127.0.0.1:35503).
    expect(pending.last_error).not.toMatch(/No such mailbox/);
    expect(pending.last_error).toMatch(/ECONNREFUSED/);
    const giveUp = Date.parse(pending.give_up_at);
    expect(giveUp).toBeGreaterThanOrEqual(before + GIVE_UP_HOURS * 3600_000);
    expect(giveUp).toBeLessThanOrEqual(after + GIVE_UP_HOURS * 3600_000);
    const page = await site.get("/admin?done=resent");
    expect(statusLine(page.text)).toBe("The email was put back in the outbox and is being sent again.");
    // Not "No failed emails": the mail server is down, and the dashboard says so at once (ADR 055).
    expect(textOf(page.text)).toContain("None has failed for good yet, but emails are not going out now");
    expect(textOf(page.text)).toMatch(/Needs you now ! Emails are not going out since .*refused the connection \[ECONNREFUSED\]/);

    // Back up: 'Resend' on the request's page sends it now, without waiting out the hour.
    await smtp.start();
    const again = await site.post(`/admin/leads/${lead.id}`, { intent: "resend", jobId: confirmationId });
    expect(again.status).toBe(200);
    expect(statusLine(again.text)).toBe("The confirmation to the homeowner was put back in the outbox and is being sent again.");
    await waitUntil(async () => (await jobOf(confirmationId))?.status === "sent", 10_000, "the job to be sent");
    const sent = (await jobOf(confirmationId))!;
    expect(sent.attempts).toBe(3);
    expect(sent.sent_at).not.toBeNull();
    expect(sent.last_error).toBeNull();
    await smtp.waitFor(1);
    expect(smtp.messages.some((m) => m.envelope.to.includes("bounce@home.test"))).toBe(true);
    // Mail flows again: the banner is gone by itself.
    expect(textOf((await site.get("/admin")).text)).not.toContain("Needs you now");
    const detail = textOf((await site.get(`/admin/leads/${lead.id}`)).text);
    expect(detail).toMatch(/Confirmation to the homeowner To bounce@home\.test Delivery Sent Attempts 3 Sent \w{3} \d/);
  });

  test("an email being sent right now cannot be resent (409), and stays as it is", async () => {
    const { jobIds } = await seedLead(site, {}, { jobs: ["lead-notification"] });
    const jobId = jobIds[0]!;
    await waitUntil(async () => (await jobOf(jobId))?.status === "sent", 10_000, "sent");
    // As if a worker had just claimed it.
    await site.db((database) =>
      database.db
        .updateTable("email_jobs")
        .set({
          status: "sending",
          locked_by: "another-worker",
          locked_until: new Date(Date.now() + 3600_000).toISOString(),
        })
        .where("id", "=", jobId)
        .execute(),
    );
    const before = await jobOf(jobId);
    const res = await site.post("/admin?index", { intent: "resend", jobId });
    expect(res.status).toBe(409);
    expect(textOf(res.text)).toContain("That email is being sent right now. Look again in a minute.");
    expect(await jobOf(jobId)).toEqual(before);
  });

  test.each([
    [{ intent: "resend" }, 404, "We couldn't find that email."],
    [{ intent: "resend", jobId: "nope" }, 404, "We couldn't find that email."],
    [{ intent: "resend", jobId: "00000000-0000-4000-8000-000000000000" }, 404, "We couldn't find that email."],
    [{ intent: "purge" }, 400, "“purge” is not something this page can do. It can: confirm-booking, decline-booking, resend, test-email."],
    [{}, 400, "The form did not say what to do."],
  ])("bad input %j: %i with a clear message", async (fields, status, message) => {
    const res = await site.post("/admin?index", fields as Record<string, string>);
    expect(res.status).toBe(status);
    expect(textOf(res.text)).toContain(message);
  });

  test("the go-live checklist lists every item with its status and fix; the placeholders are open items", async () => {
    const items = checklistItems((await site.get("/admin")).text);
    expect(items.map(({ id, status }) => [id, status])).toEqual([
      ["mail", "done"],
      ["lead-inbox", "done"],
      ["business", "todo"],
      ["claims", "optional"],
      ["public-url", "todo"],
      ["photos", "todo"],
      ["testimonials", "todo"],
      ["google", "optional"],
      ["spanish", "done"],
      ["mail-sender", "todo"],
      ["mail-dns", "todo"],
      ["disk", "done"],
      ["data-folder", "done"],
    ]);
    const byId = Object.fromEntries(items.map((item) => [item.id, item.text]));
    expect(byId.mail).toMatch(/^✓ Done Email delivery is set up Emails go out through the SMTP server 127\.0\.0\.1:\d+\./);
    expect(byId["lead-inbox"]).toContain(`Estimate requests go to ${LEADS_TO} (set by LEADS_TO).`);
    expect(byId.business).toContain(
      "The site still shows the placeholder name, phone and email (Example Home Remodeling, (713) 555-0147, estimates@example.com).",
    );
    expect(byId.business).toContain("Fix: Enter your business name, phone and email in the business profile. Open the site settings");
    expect(byId["public-url"]).toMatch(/PUBLIC_URL is http:\/\/localhost:\d+, which only this machine can open/);
    expect(byId.photos).toContain(
      "No photos are published: the gallery shows drawings instead of your work. Fix: Upload and publish at least 6 more photos",
    );
    expect(byId.testimonials).toContain("Fix: Add what a customer said about your work");
    expect(byId.google).toMatch(/^○ Optional Google sign-in \(optional\)/);
    // A fresh install claims nothing for the owner; leaving a claim out is allowed (ADR 056).
    expect(byId.claims).toMatch(
      /^○ Optional Years, licences, insurance and other claims are yours It says nothing about years in business,/,
    );
    expect(byId.claims).toContain("Fix: Add only what is true, in the business profile: Years in business, Licences and registrations,");
    expect(byId.disk).toMatch(/^✓ Done The server's disk has room for photos The server's disk has [\d.]+ [GM]B free\.$/);
    expect(byId["data-folder"]).toBe("✓ Done The server can write its data folder The server can write its data folder (DATA_DIR).");
    expect(byId["mail-sender"]).toContain("Emails are sent from no-reply@localhost, an address only this machine knows");
    expect(byId["mail-dns"]).toContain("Records can only be published for a domain of your own, not localhost.");
    expect(textOf((await site.get("/admin")).text)).toContain("6 things to do before the site goes live.");
  });

  test("'Send a test email' goes through the outbox to the lead inbox and says it was delivered", async () => {
    smtp.clear();
    const res = await site.post("/admin?index", { intent: "test-email" });
    expect(res.status, res.text.slice(0, 300)).toBe(302);
    const location = new URL(res.headers.location ?? "", site.server.url);
    expect(location.pathname).toBe("/admin");
    const jobId = location.searchParams.get("test-email") ?? "";
    const job = await jobOf(jobId);
    expect(job).toMatchObject({ kind: "test-email", recipient: LEADS_TO, status: "sent", lead_id: null, attempts: 1 });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelope.to).toEqual([LEADS_TO]);
    expect(mail!.parsed.subject).toBe("Test email from the Example Home Remodeling website");
    expect(mail!.parsed.text).toContain("Alex Admin sent it from the admin dashboard");
    expect(mail!.header("x-job-id")).toBe(jobId);
    expect(testEmailResult((await site.get(`${location.pathname}${location.search}`)).text)).toBe(
      `The test email was delivered to ${LEADS_TO}. Check that inbox, and its spam folder.`,
    );
  });

  test("a refused recipient: the test email's result is the SMTP error in words, and it is listed as failed", async () => {
    smtp.rejectRcpt({ code: 550, message: "5.1.1 No such mailbox here", address: LEADS_TO });
    try {
      const res = await site.post("/admin?index", { intent: "test-email" });
      expect(res.status).toBe(302);
      const location = new URL(res.headers.location ?? "", site.server.url);
      expect((await jobOf(location.searchParams.get("test-email") ?? ""))?.status).toBe("failed");
      const html = (await site.get(`${location.pathname}${location.search}`)).text;
      const result = testEmailResult(html);
      expect(result).toMatch(
        new RegExp(
          `^The test email to ${LEADS_TO.replace(".", "\\.")} could not be sent\\. The mail server refused the recipient address: check the lead inbox's spelling\\. \\(The mail system said: SMTP .*550.*No such mailbox here.*\\)$`,
        ),
      );
      expect(textOf(html.slice(html.indexOf('id="failed-emails"')))).toContain("Test email from the dashboard To " + LEADS_TO);
    } finally {
      smtp.rejectRcpt(null);
    }
  });

  test("the mail server is down: the result says so in words and that the outbox will try again", async () => {
    await smtp.stop();
    try {
      const res = await site.post("/admin?index", { intent: "test-email" });
      expect(res.status).toBe(302);
      const location = new URL(res.headers.location ?? "", site.server.url);
      const job = await jobOf(location.searchParams.get("test-email") ?? "");
      expect(job).toMatchObject({ status: "pending", attempts: 1 });
      expect(testEmailResult((await site.get(`${location.pathname}${location.search}`)).text)).toMatch(
        /^The test email to \S+ could not be sent yet\. The mail server refused the connection: check the host and port in SMTP_URL, and that the server is running\. \(The mail system said: SMTP .*ECONNREFUSED.*\) It stays in the outbox and will be tried again\.$/,
      );
    } finally {
      await smtp.start();
    }
  });

  test("a test-email address for a job that is not a test email shows nothing", async () => {
    const { jobIds } = await seedLead(site, {}, { jobs: ["lead-notification"] });
    const html = (await site.get(`/admin?test-email=${jobIds[0]}`)).text;
    expect(testEmailResult(html)).toBeNull();
    expect(testEmailResult((await site.get("/admin?test-email=nonsense")).text)).toBeNull();
  });

  test("the server kept serving and logged no error", async () => {
    await expectServerHealthy(site);
  });
});

describe("dashboard with the defaults (mail to files, placeholders)", () => {
  let site: AdminSite;
  const [sqlite] = databaseTargets("admin-dashboard-defaults", "dashboard defaults");

  beforeAll(async () => {
    await sqlite!.setup();
    // No LEADS_TO, no SMTP_URL: a fresh install.
    site = await startAdminSite(sqlite!, { LEADS_TO: "" });
  });

  afterAll(async () => {
    await site?.stop();
    await sqlite!.teardown();
  });

  test("every placeholder and the file transport are open items", async () => {
    const items = checklistItems((await site.get("/admin")).text);
    expect(items.filter((item) => item.status === "todo").map((item) => item.id)).toEqual([
      "mail",
      "lead-inbox",
      "business",
      "public-url",
      "photos",
      "testimonials",
      "mail-sender",
      "mail-dns",
    ]);
    const mail = items.find((item) => item.id === "mail")!;
    expect(mail.text).toContain("Emails are only written to files under DATA_DIR/mail: no one receives the estimate requests.");
    expect(mail.text).toContain("Fix: Set SMTP_URL to your mail provider's SMTP address");
    expect(items.find((item) => item.id === "lead-inbox")!.text).toContain(
      "Estimate requests go to estimates@example.com, an address no one reads.",
    );
  });

  test("the test email is written to a file, and the result says it was not sent", async () => {
    const res = await site.post("/admin?index", { intent: "test-email" });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.location ?? "", site.server.url);
    expect(testEmailResult((await site.get(`${location.pathname}${location.search}`)).text)).toBe(
      "The test email to estimates@example.com was written to a file under DATA_DIR/mail, not sent: email delivery is not set up yet (set SMTP_URL).",
    );
  });
});

/** The checklist's items: id (from the status class), status and visible text. */
function checklistItems(html: string): { id: string; status: string; text: string }[] {
  const section = html.slice(html.indexOf('id="go-live"'));
  const ids = [
    "mail",
    "lead-inbox",
    "business",
    "claims",
    "public-url",
    "photos",
    "testimonials",
    "google",
    "spanish",
    "mail-sender",
    "mail-dns",
    "disk",
    "data-folder",
  ];
  const items = [...section.matchAll(/<li class="checklist__item checklist__item--(\w+)">([\s\S]*?)<\/li>/g)];
  return items.map((match, index) => ({
    id: ids[index] ?? `item-${index}`,
    status: match[1]!,
    text: textOf(match[2]!),
  }));
}

/** The test email's result line, or null when the page shows none. */
function testEmailResult(html: string): string | null {
  const match = /<p id="test-email-result"[^>]*>([\s\S]*?)<\/p>/.exec(html);
  return match ? textOf(match[1]!) : null;
}
