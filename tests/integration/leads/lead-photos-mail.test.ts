/**
 * A request with photos of the job sent while the mail server is down, on SQLite and
 * PostgreSQL: the homeowner is answered, the request is stored with its photos (rows and
 * files), and the emails go out by themselves once SMTP is back — saying how many photos came,
 * linking to the request's admin page, attaching none. docs/decisions/025-job-photos.md
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeExifJpeg, twoTone } from "#scripts/make-image-fixtures.ts";
import { databaseTargets } from "#tests/support/databases.ts";
import { LEADS_TO, startAdminSite, type AdminSite } from "#tests/support/admin-site.ts";
import { LEAD_ENV, SITE_URL, fetchUniqueFormToken, marker, validFields, waitForMails, waitUntil } from "#tests/support/leads.ts";
import { answerText, leadPhotoFiles, postWithPhotos } from "#tests/support/job-photos.ts";
import { startSmtpServer, type SmtpTestServer } from "#tests/support/smtp.ts";

for (const target of databaseTargets("lead_photos_mail", "lead photos mail suite")) {
  describe(`photos of the job while SMTP is down (${target.name})`, () => {
    let site: AdminSite;
    let smtp: SmtpTestServer;

    beforeAll(async () => {
      await target.setup();
      smtp = await startSmtpServer();
      site = await startAdminSite(target, {
        ...LEAD_ENV,
        SMTP_URL: smtp.url,
        MAIL_RETRY_BASE_SECONDS: "0.2",
        MAIL_RETRY_MAX_SECONDS: "0.5",
        MAIL_POLL_SECONDS: "0.2",
      });
    }, 60_000);

    afterAll(async () => {
      await site?.stop();
      await smtp?.stop();
      await target.teardown();
    });

    const jobsOf = (leadId: string) => site.db(({ db }) => db.selectFrom("email_jobs").selectAll().where("lead_id", "=", leadId).execute());

    it("stores the request with its photos, and emails it once the mail server is back", async () => {
      const mark = marker("smtpdown");
      await smtp.stop();
      let leadId: string;
      try {
        const token = await fetchUniqueFormToken(site.server);
        const res = await postWithPhotos(
          site.server,
          { ...validFields(mark), form_token: token },
          [
            { filename: "ceiling.jpg", data: await makeExifJpeg() },
            { filename: "wall.png", data: await twoTone(640, 480).png().toBuffer(), type: "image/png" },
          ],
          { data: true },
        );
        expect(res.status).toBe(200);
        expect(answerText(res)).toContain("Message sent successfully");

        const lead = await site.db(({ db }) =>
          db.selectFrom("leads").selectAll().where("subject", "like", `%${mark}%`).executeTakeFirstOrThrow(),
        );
        leadId = lead.id;
        const photos = await site.db(({ db }) => db.selectFrom("lead_photos").selectAll().where("lead_id", "=", lead.id).execute());
        expect(photos).toHaveLength(2);
        const files = await leadPhotoFiles(site.server.dataDir);
        for (const photo of photos) expect(files.filter((f) => f.startsWith(`${photo.id}/`))).toHaveLength(2);

        // The outbox tried, failed, and keeps the jobs for another attempt.
        await waitUntil(
          async () => {
            const jobs = await jobsOf(lead.id);
            return jobs.length === 2 && jobs.every((job) => job.status === "pending" && job.attempts >= 1);
          },
          10_000,
          "both jobs failed once and pending",
        );
      } finally {
        await smtp.start();
      }

      const messages = await waitForMails(smtp, mark, 2, 15_000);
      const notification = messages.find((m) => m.envelope.to.includes(LEADS_TO));
      expect(notification).toBeDefined();
      expect(notification!.parsed.text).toContain(
        `Photos: 2 (on the request's page)\nOpen the request: ${SITE_URL}/admin/leads/${leadId!}\n`,
      );
      expect(notification!.parsed.html || "").toContain(`href="${SITE_URL}/admin/leads/${leadId!}"`);
      for (const message of messages) expect(message.parsed.attachments).toHaveLength(0);
    });
  });
}
