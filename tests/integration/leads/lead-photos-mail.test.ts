/**
 * A request with photos of the job sent while the mail server is down, on SQLite and
 * PostgreSQL: the homeowner is answered, the request is stored with its photos (rows and
 * files), and the emails go out by themselves once SMTP is back — saying how many photos came,
 * linking to the request's admin page, attaching none. docs/decisions/025-job-photos.md
 * The homeowner's confirmation waits for the photos too, and names the ones kept (ADR 062).
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

        // The outbox tried, failed, and keeps the jobs for another attempt; the contractor's reminder of an
        // unanswered request (issue 29) waits for its business hours, untried.
        await waitUntil(
          async () => {
            const jobs = (await jobsOf(lead.id)).filter((job) => job.kind !== "lead-waiting");
            return jobs.length === 2 && jobs.every((job) => job.status === "pending" && job.attempts >= 1);
          },
          10_000,
          "both jobs failed once and pending",
        );
        expect((await jobsOf(lead.id)).filter((job) => job.kind === "lead-waiting")).toMatchObject([{ status: "pending", attempts: 0 }]);
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
      const confirmation = messages.find((m) => !m.envelope.to.includes(LEADS_TO));
      expect(confirmation!.parsed.text).toMatch(/Photos of the job: +2 photos: ceiling\.jpg, wall\.png$/m);
    });

    it("the confirmation follows the way to reach them, names the photos kept (not a file that is no photo), in the form's words, under the business's name", async () => {
      const mark = marker("confirm");
      const token = await fetchUniqueFormToken(site.server);
      const res = await postWithPhotos(
        site.server,
        { ...validFields(mark), contact_method: "text", form_token: token },
        [
          { filename: "ceiling.jpg", data: await makeExifJpeg() },
          // A text file named like a photo: refused by its first bytes, in the words the form uses.
          { filename: "notes.jpg", data: Buffer.from("Measurements: 8 x 10 ft\n"), type: "image/jpeg" },
          { filename: "wall.png", data: await twoTone(640, 480).png().toBuffer(), type: "image/png" },
        ],
        { data: true },
      );
      expect(res.status).toBe(200);
      const answer = answerText(res);
      expect(answer).toContain("“notes.jpg” was not kept: it is not a photo we can read.");
      // The panel's first step is the email's.
      expect(answer).toContain("We text you at (713) 555-0147 to set a time.");

      const messages = await waitForMails(smtp, mark, 2, 15_000);
      const confirmation = messages.find((m) => m.envelope.to.includes(`${mark}@home.test`));
      expect(confirmation).toBeDefined();
      const text = confirmation!.parsed.text ?? "";
      const html = typeof confirmation!.parsed.html === "string" ? confirmation!.parsed.html : "";
      expect(text).toMatch(/^Example Home Remodeling\n=+\n\nHi Maria,/);
      for (const body of [text, html]) {
        expect(body).toContain("has arrived, with 2 photos.");
        expect(body).toContain("We text you at (713) 555-0147 to set a time.");
        expect(body).toContain("2 photos: ceiling.jpg, wall.png");
        expect(body).toContain("What do you need?");
        expect(body).not.toContain("notes.jpg");
        expect(body).not.toContain("Subject");
        expect(body).not.toContain("call or text");
      }
      expect(html).toMatch(/<table role="presentation"[^>]*bgcolor="#1f3a5f"/);
      // PUBLIC_URL is http here: no mail client could load the logo, so there is none.
      expect(html).not.toContain("<img");
    });
  });
}
