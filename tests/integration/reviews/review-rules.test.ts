/**
 * The review requests' rules (issue 29, items 1 and 4), on SQLite and (with TEST_POSTGRES_URL)
 * PostgreSQL, through the real routes on a fixed clock: at most one request per address in six
 * months (a second job within them is skipped with its reason, after them it is planned); the
 * status list takes the same path as the button, and moving back from "Job done" before the email
 * went cancels it; the settings page (saved and used, a 400 naming the field, off); no review
 * address, no request; the counted link and image answer 404 to a token the site did not make.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { listEmailJobs } from "#app/server/repos/email-jobs.server.ts";
import { getLead } from "#app/server/repos/leads.server.ts";
import { getReviewRequestOfLead } from "#app/server/repos/review-requests.server.ts";
import { unsubscribeToken } from "#app/server/mail/unsubscribe.server.ts";
import { hrefOf, textOf } from "#tests/support/admin-site.ts";
import { databaseTargets } from "#tests/support/databases.ts";
import { PLACE_ID, startReviewSite, type ReviewSite } from "#tests/support/review-site.ts";
import { request } from "#tests/support/server.ts";
import { startSmtpServer, type SmtpTestServer } from "#tests/support/smtp.ts";

/** Monday, February 1, 2027, 10:22 AM in Houston (CST). */
const T0 = new Date("2027-02-01T16:22:00.000Z");
const DAY = 86_400_000;

for (const target of databaseTargets("review-rules", "review rules suite")) {
  describe(`review request rules (${target.name})`, () => {
    let site: ReviewSite;
    let smtp: SmtpTestServer;

    beforeAll(async () => {
      await target.setup();
      smtp = await startSmtpServer();
      site = await startReviewSite(target, { now: T0, env: { SMTP_URL: smtp.url } });
    });

    afterAll(async () => {
      await site?.stop();
      await smtp?.stop();
      await target.teardown();
    });

    const post = (leadId: string, fields: Record<string, string>) => site.post(`/admin/leads/${leadId}`, fields);
    const jobDone = (leadId: string) => post(leadId, { intent: "job-done" });
    const reviewOf = (leadId: string) => getReviewRequestOfLead({ db: site.database.db, leadId });
    const reviewJobs = async (leadId: string) =>
      (await listEmailJobs({ db: site.database.db, leadId })).filter((job) => job.kind.startsWith("review-"));
    const settings = (fields: Record<string, string>, cookie?: string) =>
      site.post("/admin/reviews/settings", { intent: "review-settings", ...fields }, cookie === undefined ? {} : { cookie });

    test("six months: a second job for the same address within them is skipped with its reason; after them, planned", async () => {
      site.setNow(T0);
      const first = await site.newLead({ status: "won" });
      await jobDone(first.id);
      expect(await reviewOf(first.id)).toMatchObject({ status: "scheduled" });

      // A month later, another job for the same address (written otherwise): skipped while the first waits…
      site.setNow(new Date(T0.getTime() + 30 * DAY));
      const second = await site.newLead({ email: first.email.toUpperCase(), status: "won" });
      const res = await jobDone(second.id);
      const reason = `${first.email} has a review request planned for Feb 3, 2027, and an address gets at most one every six months`;
      expect(textOf(res.text)).toContain(`Status changed from Won to Job done. No review request: ${reason}.`);
      expect(await reviewOf(second.id)).toMatchObject({ status: "skipped", skip_reason: reason });
      expect(await reviewJobs(second.id)).toEqual([]);
      expect(textOf((await site.get(`/admin/leads/${second.id}`)).text)).toContain(`Review request: skipped: ${reason}.`);

      // …and once the first went, it says when it went.
      await site.advanceTo(new Date("2027-02-03T16:00:00.000Z"));
      await expect.poll(async () => (await reviewOf(first.id))?.sent_at, { timeout: 15_000 }).toBe("2027-02-03T16:00:00.000Z");
      site.setNow(new Date("2027-05-20T15:00:00.000Z"));
      const third = await site.newLead({ email: first.email, status: "quoted" });
      await jobDone(third.id);
      expect(await reviewOf(third.id)).toMatchObject({
        status: "skipped",
        skip_reason: `${first.email} got a review request on Feb 3, 2027, and an address gets at most one every six months`,
      });

      // Six months and a day after the first: planned again.
      site.setNow(new Date("2027-08-04T15:00:00.000Z"));
      const fourth = await site.newLead({ email: first.email, status: "won" });
      await jobDone(fourth.id);
      expect(await reviewOf(fourth.id)).toMatchObject({ status: "scheduled", send_at: "2027-08-06T15:00:00.000Z" });
      expect((await reviewJobs(fourth.id)).map((job) => job.kind).toSorted()).toEqual(["review-reminder", "review-request"]);
    });

    test("the status list takes the same path; moving back before the email went cancels it; done again plans it again", async () => {
      site.setNow(T0);
      const lead = await site.newLead({ status: "contacted" });
      const done = await post(lead.id, { intent: "status", status: "done" });
      expect(textOf(done.text)).toContain(
        "Status changed from Contacted to Job done. Review request: will go Wednesday, February 3 at 10:00 AM.",
      );
      expect(await reviewJobs(lead.id)).toHaveLength(2);

      site.setNow(new Date(T0.getTime() + 3600_000));
      const back = await post(lead.id, { intent: "status", status: "won" });
      expect(textOf(back.text)).toContain("Status changed from Job done to Won. The review request that had not gone yet is cancelled.");
      expect(await getLead({ db: site.database.db, id: lead.id })).toMatchObject({ status: "won", job_done_at: null });
      expect(await reviewOf(lead.id)).toMatchObject({
        status: "cancelled",
        skip_reason: "the status was moved back from Job done before it went",
      });
      expect(await reviewJobs(lead.id)).toEqual([]);
      const page = (await site.get(`/admin/leads/${lead.id}`)).text;
      expect(textOf(page)).toContain("Review request: cancelled: the status was moved back from Job done before it went.");
      expect(hrefOf(page, "Review request settings")).toBe("/admin/reviews/settings");

      // Done again the next day: the same review request, planned anew from then.
      site.setNow(new Date(T0.getTime() + DAY));
      await jobDone(lead.id);
      expect(await reviewOf(lead.id)).toMatchObject({ status: "scheduled", skip_reason: null, send_at: "2027-02-04T16:00:00.000Z" });
      expect(await reviewJobs(lead.id)).toHaveLength(2);
    });

    test("moved out of Job done another way before its day: the request is not sent, and the page says why", async () => {
      site.setNow(T0);
      const lead = await site.newLead({ status: "won" });
      await jobDone(lead.id);
      // A visit scheduled on a finished job moves it to "Visit scheduled" without passing here.
      await site.database.db.updateTable("leads").set({ status: "scheduled" }).where("id", "=", lead.id).execute();
      await site.advanceTo(new Date("2027-02-03T16:00:00.000Z"));
      await expect.poll(async () => (await reviewOf(lead.id))?.status, { timeout: 15_000 }).toBe("cancelled");
      expect(await reviewOf(lead.id)).toMatchObject({
        sent_at: null,
        skip_reason: "the request was no longer marked Job done when it was due",
      });
      expect((await reviewJobs(lead.id)).map((job) => job.kind)).toEqual(["review-reminder"]);
      await site.advanceTo(new Date("2027-02-07T16:00:00.000Z"));
      await expect.poll(async () => (await reviewJobs(lead.id)).length, { timeout: 15_000 }).toBe(0);
      expect(smtp.messages.filter((m) => m.envelope.to.includes(lead.email))).toEqual([]);
    });

    test("an address that asked to stop these emails after the job was marked done: the request does not go", async () => {
      site.setNow(T0);
      const lead = await site.newLead({ status: "won" });
      await jobDone(lead.id);
      const token = unsubscribeToken(site.backend.secret, lead.email, "reviews");
      expect(await site.backend.unsubscribe.unsubscribe({ token, source: "link" })).toBe(true);
      await site.advanceTo(new Date("2027-02-03T16:00:00.000Z"));
      await expect.poll(async () => (await reviewOf(lead.id))?.status, { timeout: 15_000 }).toBe("cancelled");
      expect(await reviewOf(lead.id)).toMatchObject({ sent_at: null, skip_reason: `${lead.email} asked not to get these emails` });
      expect(textOf((await site.get(`/admin/leads/${lead.id}`)).text)).toContain(
        `Review request: cancelled: ${lead.email} asked not to get these emails.`,
      );
      expect(smtp.messages.filter((m) => m.envelope.to.includes(lead.email))).toEqual([]);
    });

    test("a request the mail server refused for good: the page says so and where to send it again", async () => {
      site.setNow(T0);
      const lead = await site.newLead({ status: "won" });
      await jobDone(lead.id);
      await site.database.db
        .updateTable("email_jobs")
        .set({ status: "failed", last_error: "SMTP 550 5.1.1 No such mailbox" })
        .where("lead_id", "=", lead.id)
        .where("kind", "=", "review-request")
        .execute();
      expect(textOf((await site.get(`/admin/leads/${lead.id}`)).text)).toContain(
        `Review request: not sent to ${lead.email}: SMTP 550 5.1.1 No such mailbox. Its email, under “Emails”, can be sent again.`,
      );
    });

    test("a deleted request's review request stays for the six-month rule", async () => {
      site.setNow(T0);
      const lead = await site.newLead({ status: "won" });
      await jobDone(lead.id);
      const removed = await post(lead.id, { intent: "delete", confirm: "yes" });
      expect([removed.status, removed.headers.location]).toEqual([302, "/admin/leads?done=deleted"]);
      const kept = await site.database.db.selectFrom("review_requests").selectAll().where("email", "=", lead.email).execute();
      expect(kept).toMatchObject([{ lead_id: null, status: "scheduled" }]);
      const again = await site.newLead({ email: lead.email, status: "won" });
      await jobDone(again.id);
      expect(await reviewOf(again.id)).toMatchObject({ status: "skipped" });
    });

    test("the settings: shown, a 400 naming the field, saved and used (no delay, no reminder), off; admins only", async () => {
      const page = await site.get("/admin/reviews/settings");
      expect(page.status).toBe(200);
      expect(textOf(page.text)).toContain(
        "Now: A job marked done gets its review request 2 days later, at 10:00 AM. One reminder follows 4 days after it, at 10:00 AM, unless they followed the review link.",
      );
      expect(textOf(page.text)).toContain(
        `Your public review link leads to https://search.google.com/local/writereview?placeid=${PLACE_ID}.`,
      );

      for (const [fields, message] of [
        [
          { enabled: "on", delay_days: "soon", reminder_days: "4" },
          "The wait before the request needs a whole number of days from 0 to 30.",
        ],
        [{ enabled: "on", delay_days: "31", reminder_days: "4" }, "The wait before the request can be at most 30 days."],
        [
          { enabled: "on", delay_days: "2", reminder_days: "15" },
          "The reminder can be at most 14 days after the request (0 turns it off).",
        ],
        [
          { enabled: "on", delay_days: "2", reminder_days: "-1" },
          "The reminder needs a whole number of days from 0 to 14 (0 turns it off).",
        ],
      ] as const) {
        const res = await settings(fields);
        expect(res.status, JSON.stringify(fields)).toBe(400);
        expect(textOf(res.text)).toContain(message);
        expect(res.text).toMatch(/aria-invalid="true"/);
      }
      expect(await site.backend.reviews.getSettings()).toEqual({ enabled: true, delayDays: 2, reminderDays: 4 });

      const saved = await settings({ enabled: "on", delay_days: "0", reminder_days: "0" });
      expect(saved.status).toBe(200);
      expect(textOf(saved.text)).toContain("Saved. A job marked done gets its review request the same day");
      site.setNow(T0);
      const now = await site.newLead({ status: "won" });
      await jobDone(now.id);
      // 10:22 AM, no delay: at once; no reminder.
      expect((await reviewJobs(now.id)).map((job) => [job.kind, job.next_attempt_at])).toEqual([["review-request", T0.toISOString()]]);

      await settings({ delay_days: "2", reminder_days: "4" });
      expect(await site.backend.reviews.getSettings()).toEqual({ enabled: false, delayDays: 2, reminderDays: 4 });
      const off = await site.newLead({ status: "won" });
      const res = await jobDone(off.id);
      expect(textOf(res.text)).toContain("No review request: review requests are turned off in the review settings.");
      expect(await reviewOf(off.id)).toMatchObject({ status: "skipped" });
      expect(await reviewJobs(off.id)).toEqual([]);
      await settings({ enabled: "on", delay_days: "2", reminder_days: "4" });

      // Without a session: sent to sign in, and nothing changes.
      const anonymous = await settings({ delay_days: "5", reminder_days: "5" }, "");
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.location).toMatch(/^\/login\b/);
      expect((await site.get("/admin/reviews/settings", "")).status).toBe(302);
      expect(await site.backend.reviews.getSettings()).toEqual({ enabled: true, delayDays: 2, reminderDays: 4 });
    });

    test("no review address in the profile: skipped, and the page says where to add one", async () => {
      await site.profile({ reviewPlaceId: "", reviewWriteLink: "", reviewLink: "" });
      try {
        site.setNow(T0);
        const lead = await site.newLead({ status: "won" });
        await jobDone(lead.id);
        const reason = "your site profile has no review link: add your Google Place ID or your review page's address under Your site";
        expect(await reviewOf(lead.id)).toMatchObject({ status: "skipped", skip_reason: reason });
        expect(textOf((await site.get("/admin/reviews/settings")).text)).toContain("Your site profile has no review link yet");
      } finally {
        await site.profile({ reviewPlaceId: PLACE_ID });
      }
    });

    test("the counted link and image: a token the site did not make is a 404 (the site's page; an empty image)", async () => {
      const unknown = "A".repeat(43);
      for (const token of [unknown, "not-a-token"]) {
        const go = await request(`${site.url}/review/${token}/go`);
        expect(go.status).toBe(404);
        expect(go.headers["content-type"]).toMatch(/^text\/html/);
        expect(textOf(go.text)).toContain("We couldn't find that page");
        expect(go.headers["x-robots-tag"]).toBe("noindex, nofollow");
        const gif = await request(`${site.url}/review/${token}/seen.gif`);
        expect(gif.status).toBe(404);
        expect(gif.body.length).toBe(0);
        expect(gif.headers["cache-control"]).toBe("no-store");
      }
    });
  });
}

for (const target of databaseTargets("review-emailjs", "review requests with EmailJS")) {
  describe(`review requests on a site that mails through EmailJS (${target.name})`, () => {
    let site: ReviewSite;

    beforeAll(async () => {
      await target.setup();
      site = await startReviewSite(target, {
        now: T0,
        env: { EMAILJS_SERVICE_ID: "service_x", EMAILJS_NOTIFICATION_TEMPLATE_ID: "template_x", EMAILJS_PUBLIC_KEY: "public_x" },
      });
    });

    afterAll(async () => {
      await site?.stop();
      await target.teardown();
    });

    test("skipped, and the page says why: EmailJS cannot send them", async () => {
      const lead = await site.newLead({ status: "won" });
      const res = await site.post(`/admin/leads/${lead.id}`, { intent: "job-done" });
      expect(textOf(res.text)).toContain("No review request: this site sends its mail through EmailJS, which cannot send review requests.");
      expect(await getReviewRequestOfLead({ db: site.database.db, leadId: lead.id })).toMatchObject({ status: "skipped" });
      expect((await listEmailJobs({ db: site.database.db, leadId: lead.id })).filter((job) => job.kind.startsWith("review-"))).toEqual([]);
    });
  });
}
