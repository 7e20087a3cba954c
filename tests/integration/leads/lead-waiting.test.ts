/**
 * The contractor's reminder of an unanswered request (issue 29), on the real backend with a fixed
 * clock, a real SMTP listener and a local push service, on SQLite and (with TEST_POSTGRES_URL)
 * PostgreSQL. Opening hours Monday–Friday 8–5 in Houston, 4 business hours: a request sent Friday
 * at 4 PM is due Monday at 11 AM. Draining the outbox at 10:59 sends nothing; at 11:00 the
 * business gets the email (in English, a Spanish request's too) and the phone its push. A request
 * answered first (a reply, its status moved on) loses its reminder unsent, one marked spam too;
 * the first answer is recorded once; 0 hours queues none; the dashboard's median and waiting list.
 */
import { readFileSync } from "node:fs";
import tls from "node:tls";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { EstimateRequestSchema } from "#app/schemas/estimate.ts";
import { submitEstimate } from "#app/server/leads/submit.server.ts";
import { listEmailJobs, type EmailJob } from "#app/server/repos/email-jobs.server.ts";
import { getLead, type Lead } from "#app/server/repos/leads.server.ts";
import type { WeekHours } from "#app/server/leads/business-hours.server.ts";
import { databaseTargets } from "#tests/support/databases.ts";
import { BUSINESS_INBOX, PUBLIC_URL, startFixedClockSite, type FixedClockSite } from "#tests/support/fixed-clock-site.ts";
import { waitUntil } from "#tests/support/leads.ts";
import { startPushService, type LocalPushService, type TestPushSubscription } from "#tests/support/push-service.ts";
import { startSmtpServer, type ReceivedMail, type SmtpTestServer } from "#tests/support/smtp.ts";

const targets = databaseTargets("lead-waiting", "unanswered request reminder suite");

const day = { open: "08:00", close: "17:00" };
const MONDAY_TO_FRIDAY: WeekHours = { mon: day, tue: day, wed: day, thu: day, fri: day, sat: null, sun: null };
/** A Houston wall clock in January (CST, UTC-6). */
const houston = (date: string, time: string) => new Date(`${date}T${time}:00-06:00`);

interface Alert {
  title: string;
  body: string;
  url: string;
  tag: string;
}

describe.each(targets)("the unanswered request's reminder on $name", (target) => {
  let site: FixedClockSite;
  let smtp: SmtpTestServer;
  let push: LocalPushService;
  let phone: TestPushSubscription;
  const defaultCas = tls.getCACertificates("default");
  let counter = 0;

  beforeAll(async () => {
    await target.setup();
    smtp = await startSmtpServer();
    push = await startPushService();
    // The local push service's certificate, trusted by this process as NODE_EXTRA_CA_CERTS makes a server trust it.
    tls.setDefaultCACertificates([...defaultCas, readFileSync(push.caFile, "utf8")]);
    site = await startFixedClockSite(target, {
      now: houston("2027-01-15", "09:00"),
      env: { SMTP_URL: smtp.url, PUSH_ALLOW_LOCAL: "1" },
    });
    await site.setHours(MONDAY_TO_FRIDAY);
    phone = push.subscribe();
    const subscribed = await site.backend.push.subscribeDevice({
      userId: site.admin.id,
      input: { endpoint: phone.endpoint, p256dh: phone.p256dh, auth: phone.auth },
      userAgent: "Mozilla/5.0 (iPhone)",
    });
    expect(subscribed.ok).toBe(true);
  });

  afterAll(async () => {
    await site?.stop();
    await push?.close();
    await smtp?.stop();
    tls.setDefaultCACertificates(defaultCas);
    await target.teardown();
  });

  /** A request as the estimate form sends it, at the clock's time. */
  async function sendRequest(fields: { name: string; subject: string; source?: string; reviewReason?: string }): Promise<Lead> {
    counter += 1;
    const result = await submitEstimate(
      {
        estimate: EstimateRequestSchema.parse({
          from_name: fields.name,
          email: `homeowner${counter}@home.test`,
          phone: "(713) 555-0147",
          subject: fields.subject,
          message: "The tub leaks.",
        }),
        spamReason: null,
        reviewReason: fields.reviewReason ?? null,
        source: fields.source ?? "/contact",
        accountId: null,
        clientIp: `198.51.100.${counter}`,
        userAgent: "lead-waiting-test",
        requestId: `request-${counter}`,
      },
      site.backend,
    );
    if (!result.ok) throw new Error("the request was limited");
    return result.lead;
  }

  const jobsOf = (leadId: string) => listEmailJobs({ db: site.database.db, leadId });
  const reminderOf = async (leadId: string): Promise<EmailJob | undefined> => (await jobsOf(leadId)).find((j) => j.kind === "lead-waiting");
  const reminders = () => smtp.messages.filter((m) => (m.parsed.subject ?? "").startsWith("Reminder: no answer yet"));
  const reminderTo = (name: string): ReceivedMail | undefined => reminders().find((m) => m.parsed.text?.startsWith(`${name}'s request`));
  const alerts = () => push.receivedFor(phone.id).map((received) => JSON.parse(phone.decrypt(received.body)) as Alert);
  const lead = async (id: string) => (await getLead({ db: site.database.db, id }))!;

  const sentCount = async () => (await listEmailJobs({ db: site.database.db, status: "sent" })).length;

  /** Sends what is due at the clock's time, and waits for the emails it sent to arrive. */
  async function drain(): Promise<void> {
    const [received, sentBefore] = [smtp.messages.length, await sentCount()];
    await site.backend.outbox.drain();
    const went = (await sentCount()) - sentBefore;
    if (went > 0) await smtp.waitFor(received + went, 10_000);
  }

  test("sent Friday 4 PM, due Monday 11 AM: nothing before, then the email to the business and the push", async () => {
    site.setNow(houston("2027-01-15", "16:00"));
    const maria = await sendRequest({ name: "Maria Lopez", subject: "Bathroom remodel" });
    const jose = await sendRequest({ name: "José García", subject: "Cocina nueva", source: "/es/contacto" });
    const doubted = await sendRequest({
      name: "Rita Review",
      subject: "Fence repair",
      reviewReason: "Sent 2 seconds after the page opened.",
    });
    expect((await lead(doubted.id)).status).toBe("review");
    for (const request of [maria, jose, doubted]) {
      const reminder = await reminderOf(request.id);
      expect(reminder).toMatchObject({
        status: "pending",
        attempts: 0,
        recipient: BUSINESS_INBOX,
        next_attempt_at: "2027-01-18T17:00:00.000Z",
      });
      expect(Date.parse(reminder!.give_up_at)).toBeGreaterThan(Date.parse(reminder!.next_attempt_at));
      expect((await jobsOf(request.id)).map((j) => j.kind).toSorted()).toEqual(["lead-confirmation", "lead-notification", "lead-waiting"]);
    }

    // Friday's emails go; the reminders wait, at 10:59 on Monday still.
    await drain();
    expect(smtp.messages.length).toBe(6);
    site.setNow(houston("2027-01-18", "10:59"));
    await drain();
    expect(reminders()).toEqual([]);
    expect(await reminderOf(maria.id)).toMatchObject({ status: "pending", attempts: 0 });

    site.setNow(houston("2027-01-18", "11:00"));
    await drain();
    expect(reminders()).toHaveLength(3);
    const mail = reminderTo("Maria Lopez")!;
    expect(mail.envelope.to).toEqual([BUSINESS_INBOX]);
    expect(mail.parsed.subject).toBe("Reminder: no answer yet after 4 business hours — Bathroom remodel, Maria Lopez");
    expect(mail.parsed.text).toContain("Maria Lopez's request for Bathroom remodel has waited 4 business hours for an answer.");
    expect(mail.parsed.text).toContain("Phone: (713) 555-0147");
    expect(mail.parsed.text).toContain(`Open the request: ${PUBLIC_URL}/admin/leads/${maria.id}`);
    expect(mail.parsed.html).toContain('href="tel:7135550147"');
    expect(mail.parsed.html).toContain(`href="${PUBLIC_URL}/admin/leads/${maria.id}"`);
    // The Spanish request reminds the contractor in English.
    expect(reminderTo("José García")!.parsed.text).toContain("José García's request for Cocina nueva has waited 4 business hours");
    expect(reminderTo("Rita Review")).toBeDefined();
    expect((await reminderOf(maria.id))?.status).toBe("sent");

    // The phone: the new requests' alerts, then one reminder for each.
    await waitUntil(() => alerts().filter((a) => a.title.startsWith("No answer yet")).length === 3, 10_000, "the reminders' pushes");
    expect(alerts()).toContainEqual({
      title: "No answer yet: Bathroom remodel",
      body: "Still waiting for your first answer. Tap to open the request.",
      url: `/admin/leads/${maria.id}`,
      tag: `lead-waiting-${maria.id}`,
    });
  });

  test("answered first (a reply, the status moved on), or marked spam: removed unsent, nothing sent; the first answer never moves", async () => {
    site.setNow(houston("2027-01-22", "16:00"));
    const replied = await sendRequest({ name: "Carl Reply", subject: "Roof leak" });
    const called = await sendRequest({ name: "Dana Called", subject: "Deck" });
    const junk = await sendRequest({ name: "Eve Junk", subject: "Cheap pills" });
    await drain();
    const alertsBefore = alerts().length;
    const remindersBefore = reminders().length;

    site.setNow(houston("2027-01-22", "16:30"));
    const reply = await site.backend.leads.sendLeadReply({
      lead: await lead(replied.id),
      adminId: site.admin.id,
      subject: "Your roof",
      body: "I can come Monday.",
    });
    expect(reply.outcome).toBe("queued");
    expect((await lead(replied.id)).first_answered_at).toBe("2027-01-22T22:30:00.000Z");
    expect(await reminderOf(replied.id)).toBeUndefined();

    site.setNow(houston("2027-01-25", "09:00"));
    await site.backend.leads.changeLeadStatus({ lead: await lead(called.id), status: "contacted", adminId: site.admin.id });
    expect((await lead(called.id)).first_answered_at).toBe("2027-01-25T15:00:00.000Z");
    expect(await reminderOf(called.id)).toBeUndefined();
    // Marking spam answers nobody: the reminder stays until its time, and then goes unsent.
    await site.backend.leads.changeLeadStatus({ lead: await lead(junk.id), status: "spam", adminId: site.admin.id });
    expect((await lead(junk.id)).first_answered_at).toBeNull();
    expect((await reminderOf(junk.id))?.status).toBe("pending");

    site.setNow(houston("2027-01-25", "11:00"));
    await drain();
    expect(await reminderOf(junk.id)).toBeUndefined();
    expect(reminders()).toHaveLength(remindersBefore);

    // A second answer later: the first stays where it was.
    site.setNow(houston("2027-01-25", "11:30"));
    await site.backend.leads.changeLeadStatus({ lead: await lead(replied.id), status: "won", adminId: site.admin.id });
    const again = await site.backend.leads.sendLeadReply({
      lead: await lead(called.id),
      adminId: site.admin.id,
      subject: "Deck",
      body: "See you.",
    });
    expect(again.outcome).toBe("queued");
    expect((await lead(replied.id)).first_answered_at).toBe("2027-01-22T22:30:00.000Z");
    expect((await lead(called.id)).first_answered_at).toBe("2027-01-25T15:00:00.000Z");
    await drain();
    // A push for none of them: the replies' emails went, no reminder did (none queued, none sent).
    await site.backend.push.drain();
    const queued = await site.database.db.selectFrom("push_jobs").select("payload").execute();
    expect(queued.filter((job) => job.payload.includes("No answer yet"))).toEqual([]);
    expect(
      alerts()
        .slice(alertsBefore)
        .filter((a) => a.title.startsWith("No answer yet")),
    ).toEqual([]);
  });

  test("0 hours queues no reminder; a week without opening hours neither", async () => {
    const admin = { adminId: site.admin.id };
    expect(await site.backend.leads.saveReminderSettings({ hours: "0", ...admin })).toMatchObject({ ok: true });
    site.setNow(houston("2027-02-05", "16:00"));
    const off = await sendRequest({ name: "Otto Off", subject: "Paint" });
    expect((await jobsOf(off.id)).map((j) => j.kind).toSorted()).toEqual(["lead-confirmation", "lead-notification"]);

    expect(await site.backend.leads.saveReminderSettings({ hours: "4", ...admin })).toMatchObject({ ok: true });
    await site.setHours({ mon: null, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null });
    const closed = await sendRequest({ name: "Cleo Closed", subject: "Paint" });
    expect(await reminderOf(closed.id)).toBeUndefined();
    await site.setHours(MONDAY_TO_FRIDAY);
    // Both answered 20 minutes later, so the dashboard's list below stays the earlier tests' own.
    site.setNow(houston("2027-02-05", "16:20"));
    for (const id of [off.id, closed.id]) {
      await site.backend.leads.changeLeadStatus({ lead: await lead(id), status: "lost", adminId: site.admin.id });
    }
    await drain();
  });

  test("the dashboard: the median time to first answer in business hours, and the requests waiting, longest first", async () => {
    site.setNow(houston("2027-02-08", "09:00"));
    await sendRequest({ name: "Walt Waiting", subject: "Gutters" });
    site.setNow(houston("2027-02-08", "12:00"));
    const view = await site.backend.leads.getFirstAnswers();
    // Answered in the last 30 days: Carl after 30 min (Friday 4 → 4:30), Dana after 2 h (Friday 4 → 5, Monday 8 → 9),
    // Otto and Cleo after 20 min. The median of 20, 20, 30 and 120 minutes: 25.
    expect(view.median).toEqual({ text: "25 min", count: 4 });
    expect(view.hasHours).toBe(true);
    // Waiting: Maria, José and Rita since Friday, January 15, 4 PM (Eve is spam): that Friday's hour, three weeks of
    // 45 hours, and this Monday's 4 until noon: 140 business hours. Then Walt, since 9 this morning.
    expect(view.waiting.total).toBe(4);
    const rows = view.waiting.leads.map((l) => [l.name, l.service, l.waited, l.received, l.needsReview]);
    expect(rows.slice(0, 3)).toEqual(
      expect.arrayContaining([
        ["Maria Lopez", "Bathroom remodel", "140 h", "Jan 15, 2027, 4:00 PM CST", false],
        ["José García", "Cocina nueva", "140 h", "Jan 15, 2027, 4:00 PM CST", false],
        ["Rita Review", "Fence repair", "140 h", "Jan 15, 2027, 4:00 PM CST", true],
      ]),
    );
    expect(rows[3]).toEqual(["Walt Waiting", "Gutters", "3 h", "Feb 8, 2027, 9:00 AM CST", false]);
  });
});
