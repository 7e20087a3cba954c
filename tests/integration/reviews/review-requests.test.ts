/**
 * A job's end and its review request (issue 29, items 1 and 4), on SQLite and (with
 * TEST_POSTGRES_URL) PostgreSQL, through the real routes on a clock that stands still until a test
 * moves it, with a real SMTP listener: "Job done" in one tap on the request's page plans the
 * request; nothing goes before its day, then the request (List-Unsubscribe and List-Unsubscribe-Post,
 * the public link), then the one reminder; a click on the public link before the reminder stops it;
 * a one-click unsubscribe from the email's own header (no cookie) stops the reminder and every later
 * request; a Spanish request gets Spanish emails.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { listEmailJobs } from "#app/server/repos/email-jobs.server.ts";
import { getLead } from "#app/server/repos/leads.server.ts";
import { getReviewRequestOfLead } from "#app/server/repos/review-requests.server.ts";
import { textOf } from "#tests/support/admin-site.ts";
import { databaseTargets } from "#tests/support/databases.ts";
import { mailsTo, pathOf, publicLinkOf, rawHeader, waitForMailsTo } from "#tests/support/review-mail.ts";
import { PLACE_ID, PUBLIC_URL, startReviewSite, type ReviewSite } from "#tests/support/review-site.ts";
import { request } from "#tests/support/server.ts";
import { startSmtpServer, type SmtpTestServer } from "#tests/support/smtp.ts";

/** Monday, February 1, 2027, 10:22 AM in Houston (CST). */
const T0 = new Date("2027-02-01T16:22:00.000Z");
/** Two days later at 10:00 AM: the request; four days after that: the reminder. */
const REQUEST_AT = new Date("2027-02-03T16:00:00.000Z");
const REMINDER_AT = new Date("2027-02-07T16:00:00.000Z");
const GOOGLE_REVIEW = `https://search.google.com/local/writereview?placeid=${PLACE_ID}`;

for (const target of databaseTargets("review-requests", "review requests suite")) {
  describe(`review requests (${target.name})`, () => {
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

    const jobDone = (leadId: string) => site.post(`/admin/leads/${leadId}`, { intent: "job-done" });
    const reviewOf = (leadId: string) => getReviewRequestOfLead({ db: site.database.db, leadId });
    /** The request's review emails, in the order they are due. */
    const reviewJobs = async (leadId: string) =>
      (await listEmailJobs({ db: site.database.db, leadId }))
        .filter((job) => job.kind.startsWith("review-"))
        .toSorted((a, b) => a.next_attempt_at.localeCompare(b.next_attempt_at));

    test("Job done in one tap: nothing before the delay, then the request with its headers and public link, then the reminder", async () => {
      site.setNow(T0);
      const lead = await site.newLead({ status: "won" });
      const before = await site.get(`/admin/leads/${lead.id}`);
      expect(before.text).toMatch(/<button type="submit" class="admin-button admin-job-done__button"[^>]*>Job done<\/button>/);

      const res = await jobDone(lead.id);
      expect(res.status).toBe(200);
      expect(textOf(res.text)).toContain("Status changed from Won to Job done. Review request: will go Wednesday, February 3 at 10:00 AM.");
      const stored = await getLead({ db: site.database.db, id: lead.id });
      expect(stored).toMatchObject({ status: "done", job_done_at: T0.toISOString() });
      expect(await reviewOf(lead.id)).toMatchObject({ status: "scheduled", send_at: REQUEST_AT.toISOString(), sent_at: null });
      expect((await reviewJobs(lead.id)).map((job) => [job.kind, job.status, job.next_attempt_at])).toEqual([
        ["review-request", "pending", REQUEST_AT.toISOString()],
        ["review-reminder", "pending", REMINDER_AT.toISOString()],
      ]);
      const page = textOf((await site.get(`/admin/leads/${lead.id}`)).text);
      expect(page).toContain("Review request: will go Wednesday, February 3 at 10:00 AM.");
      expect(page).toContain("One reminder Sunday, February 7 at 10:00 AM, unless they follow the review link first.");

      // A minute before its time: still waiting, nothing sent.
      await site.advanceTo(new Date(REQUEST_AT.getTime() - 60_000));
      expect((await reviewJobs(lead.id)).map((job) => job.status)).toEqual(["pending", "pending"]);
      expect(mailsTo(smtp, lead.email)).toEqual([]);

      await site.advanceTo(REQUEST_AT);
      const [mail] = await waitForMailsTo(smtp, lead.email, 1, "the review request");
      expect(mail!.parsed.subject).toBe("How did we do? A quick review for Bayou City Remodeling");
      expect(mail!.parsed.text).toContain("Hi Maria,");
      expect(mail!.parsed.text).toContain("Thank you for choosing us for your project (Bathroom Remodeling).");
      const { url, token } = publicLinkOf(mail!);
      expect(mail!.parsed.html).toContain(`<a href="${url}" style="display:inline-block`);
      expect(mail!.parsed.text).toContain(`Or tell us privately how we did:\n${PUBLIC_URL}/review/${token}\n`);
      expect(mail!.parsed.html).toContain(`<img src="${PUBLIC_URL}/review/${token}/seen.gif" width="1" height="1" alt=""`);
      expect(rawHeader(mail!, "List-Unsubscribe")).toMatch(new RegExp(`^<${PUBLIC_URL}/unsubscribe/[^>]+\\.reviews\\.[A-Za-z0-9_-]{43}>$`));
      expect(rawHeader(mail!, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
      expect(mail!.parsed.replyTo?.text).toBe("owner@remodel.test");
      expect(await reviewOf(lead.id)).toMatchObject({ sent_at: REQUEST_AT.toISOString() });
      expect(textOf((await site.get(`/admin/leads/${lead.id}`)).text)).toContain("Review request: sent Feb 3, 2027, 10:00 AM CST.");

      // A second tap changes nothing: the same request, no new email.
      const again = await site.post(`/admin/leads/${lead.id}`, { intent: "status", status: "done" });
      expect(textOf(again.text)).toContain("The status stays Job done.");
      const twice = await jobDone(lead.id);
      expect(twice.status).toBe(200);
      expect((await reviewJobs(lead.id)).map((job) => job.kind)).toEqual(["review-request", "review-reminder"]);

      await site.advanceTo(REMINDER_AT);
      const [, reminder] = await waitForMailsTo(smtp, lead.email, 2, "the reminder");
      expect(reminder!.parsed.subject).toBe("A quick reminder: your review of Bayou City Remodeling");
      expect(publicLinkOf(reminder!).url).toBe(url);
      expect(rawHeader(reminder!, "List-Unsubscribe")).toBe(rawHeader(mail!, "List-Unsubscribe"));
      expect(await reviewOf(lead.id)).toMatchObject({ reminder_sent_at: REMINDER_AT.toISOString() });
    });

    test("a click on the public link: counted, a 303 to the review address the profile gives now; then no reminder", async () => {
      site.setNow(T0);
      const lead = await site.newLead({ status: "quoted" });
      await jobDone(lead.id);
      await site.advanceTo(REQUEST_AT);
      const [mail] = await waitForMailsTo(smtp, lead.email, 1, "the review request");
      const { url, token } = publicLinkOf(mail!);

      // The image first: counted as opened, a 1×1 GIF never cached.
      const clickAt = new Date(REQUEST_AT.getTime() + 3600_000);
      site.setNow(clickAt);
      const gif = await request(`${site.url}/review/${token}/seen.gif`);
      expect(gif.status).toBe(200);
      expect(gif.headers["content-type"]).toBe("image/gif");
      expect(gif.body.subarray(0, 6).toString("latin1")).toBe("GIF89a");
      expect(gif.body.length).toBe(42);
      expect(gif.headers["cache-control"]).toBe("no-store");
      expect(gif.headers["x-robots-tag"]).toBe("noindex");
      expect(await reviewOf(lead.id)).toMatchObject({ opened_at: clickAt.toISOString(), clicked_at: null });

      const go = await request(`${site.url}${pathOf(url)}`);
      expect(go.status).toBe(303);
      expect(go.headers.location).toBe(GOOGLE_REVIEW);
      expect(go.headers["cache-control"]).toBe("no-store");
      expect(go.headers["x-robots-tag"]).toBe("noindex, nofollow");
      expect(await reviewOf(lead.id)).toMatchObject({ clicked_at: clickAt.toISOString() });

      // The profile's review page changes: the same link follows it; the first click stays the one counted.
      await site.profile({ reviewPlaceId: "", reviewWriteLink: "https://www.yelp.com/writeareview/biz/bayou-city" });
      site.setNow(new Date(clickAt.getTime() + 60_000));
      expect((await request(`${site.url}${pathOf(url)}`)).headers.location).toBe("https://www.yelp.com/writeareview/biz/bayou-city");
      expect(await reviewOf(lead.id)).toMatchObject({ clicked_at: clickAt.toISOString() });
      await site.profile({ reviewPlaceId: PLACE_ID });

      await site.advanceTo(REMINDER_AT);
      expect((await reviewJobs(lead.id)).map((job) => [job.kind, job.status])).toEqual([["review-request", "sent"]]);
      expect(mailsTo(smtp, lead.email)).toHaveLength(1);
      expect(await reviewOf(lead.id)).toMatchObject({ reminder_sent_at: null });
      const page = textOf((await site.get(`/admin/leads/${lead.id}`)).text);
      expect(page).toContain("They followed the review link on Feb 3, 2027, 11:00 AM CST.");
    });

    test("a one-click unsubscribe from the email's own header: kept at once, then no reminder and no later request", async () => {
      site.setNow(T0);
      const lead = await site.newLead({ status: "scheduled" });
      await jobDone(lead.id);
      await site.advanceTo(REQUEST_AT);
      const [mail] = await waitForMailsTo(smtp, lead.email, 1, "the review request");
      const header = rawHeader(mail!, "List-Unsubscribe")!;
      const unsubscribe = header.slice(1, -1);

      // What a mail client sends: a POST with the RFC 8058 body, no cookie, no Origin.
      const body = "List-Unsubscribe=One-Click";
      const res = await request(`${site.url}${pathOf(unsubscribe)}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(body.length) },
        body,
      });
      expect(res.status).toBe(200);
      const kept = await site.database.db.selectFrom("mail_suppressions").selectAll().where("email", "=", lead.email).execute();
      expect(kept).toMatchObject([{ scope: "reviews", source: "one-click" }]);

      await site.advanceTo(REMINDER_AT);
      const reminder = (await reviewJobs(lead.id)).find((job) => job.kind === "review-reminder");
      expect(reminder).toMatchObject({ status: "failed" });
      expect(reminder!.last_error).toMatch(
        new RegExp(`^Not sent: ${lead.email} asked on \\d{4}-\\d\\d-\\d\\d not to get these emails \\(reviews, one-click\\)$`),
      );
      expect(mailsTo(smtp, lead.email)).toHaveLength(1);

      // Seven months on, another job for the same address: skipped, and the page says why.
      site.setNow(new Date("2027-09-01T15:00:00.000Z"));
      const next = await site.newLead({ email: lead.email, status: "won" });
      const done = await jobDone(next.id);
      expect(textOf(done.text)).toContain(`No review request: ${lead.email} asked not to get these emails.`);
      expect(await reviewOf(next.id)).toMatchObject({ status: "skipped", skip_reason: `${lead.email} asked not to get these emails` });
      expect(await reviewJobs(next.id)).toEqual([]);
      expect(textOf((await site.get(`/admin/leads/${next.id}`)).text)).toContain(
        `Review request: skipped: ${lead.email} asked not to get these emails.`,
      );
    });

    test("a Spanish request gets the request and the reminder in Spanish, with the Spanish pages", async () => {
      site.setNow(T0);
      const lead = await site.newLead({ status: "won", locale: "es", fromName: "José Ramírez", subject: "Kitchen Remodeling" });
      await jobDone(lead.id);
      await site.advanceTo(REQUEST_AT);
      const [mail] = await waitForMailsTo(smtp, lead.email, 1, "la solicitud de reseña");
      expect(mail!.parsed.subject).toBe("¿Cómo le pareció nuestro trabajo? Una reseña rápida para Bayou City Remodeling");
      expect(mail!.parsed.text).toContain("Hola, José:");
      expect(mail!.parsed.text).toContain("Gracias por elegirnos para su proyecto (Remodelación de cocinas).");
      const { url, token } = publicLinkOf(mail!);
      expect(mail!.parsed.html).toContain(`<a href="${url}" style="display:inline-block`);
      expect(mail!.parsed.html).toContain(">Escribir una reseña</a>");
      expect(mail!.parsed.text).toContain(`${PUBLIC_URL}/es/resena/${token}\n`);
      expect(rawHeader(mail!, "List-Unsubscribe")).toMatch(new RegExp(`^<${PUBLIC_URL}/es/baja/`));
      expect(mail!.parsed.html).toContain('<html lang="es">');

      await site.advanceTo(REMINDER_AT);
      const [, reminder] = await waitForMailsTo(smtp, lead.email, 2, "el recordatorio");
      expect(reminder!.parsed.subject).toBe("Un recordatorio: su reseña de Bayou City Remodeling");
      expect(publicLinkOf(reminder!).url).toBe(url);
    });
  });
}
