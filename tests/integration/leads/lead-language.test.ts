/**
 * The homeowner's language travels with the request (ADR 064), against the real server and a real
 * SMTP listener, on SQLite and (with TEST_POSTGRES_URL) PostgreSQL. A request sent from the Spanish
 * contact page, without JavaScript and with a photo, is stored as Spanish; the homeowner's
 * confirmation, the visit invitation (its calendar read back with node-ical) and the reminder are
 * in Spanish; the contractor's email, the lead's page and the inbox stay English and say "Prefers
 * Spanish". The form's script may name its Spanish page as `from=`. The same flow from /contact
 * stays English.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { makeExifJpeg } from "#scripts/make-image-fixtures.ts";
import { databaseTargets } from "#tests/support/databases.ts";
import { LEADS_TO, startAdminSite, type AdminSite } from "#tests/support/admin-site.ts";
import {
  LEAD_ENV,
  SITE_URL,
  fetchUniqueFormToken,
  postFromClient,
  marker,
  validFields,
  waitForMails,
  waitUntil,
} from "#tests/support/leads.ts";
import { postWithPhotos } from "#tests/support/job-photos.ts";
import { startSmtpServer, type ReceivedMail, type SmtpTestServer } from "#tests/support/smtp.ts";
import { invitationOf } from "#tests/support/calendar.ts";
import { listEmailJobs } from "#app/server/repos/email-jobs.server.ts";

const hasCalendar = (mail: ReceivedMail) => mail.parsed.attachments.some((a) => a.contentType === "text/calendar");
const bodyOf = (mail: ReceivedMail) => `${mail.parsed.text ?? ""}\n${typeof mail.parsed.html === "string" ? mail.parsed.html : ""}`;

for (const target of databaseTargets("lead_language", "lead language suite")) {
  describe(`the homeowner's language (${target.name})`, () => {
    let site: AdminSite;
    let smtp: SmtpTestServer;

    beforeAll(async () => {
      await target.setup();
      smtp = await startSmtpServer();
      site = await startAdminSite(target, { ...LEAD_ENV, LEADS_TO, SMTP_URL: smtp.url, MAIL_POLL_SECONDS: "0.2" });
    }, 60_000);

    afterAll(async () => {
      await site?.stop();
      await smtp?.stop();
      await target.teardown();
    });

    /** Sends the form from `page` with one photo (a plain post: no JavaScript), and returns the stored lead and its two emails. */
    async function send(page: string, mark: string) {
      const token = await fetchUniqueFormToken(site.server);
      const res = await postWithPhotos(
        site.server,
        { ...validFields(mark), contact_method: "text", form_token: token },
        [{ filename: "ceiling.jpg", data: await makeExifJpeg() }],
        { page },
      );
      expect(res.status, res.text.slice(0, 500)).toBe(200);
      const lead = await site.db(({ db }) =>
        db.selectFrom("leads").selectAll().where("subject", "like", `%${mark}%`).executeTakeFirstOrThrow(),
      );
      const messages = await waitForMails(smtp, mark, 2, 20_000);
      const notification = messages.find((m) => m.envelope.to.includes(LEADS_TO))!;
      const confirmation = messages.find((m) => !m.envelope.to.includes(LEADS_TO))!;
      expect(notification).toBeDefined();
      expect(confirmation).toBeDefined();
      return { lead, notification, confirmation };
    }

    /** Schedules a visit ten days ahead; returns the invitation, then the reminder once its time is made to come. */
    async function visitMails(leadId: string, email: string) {
      const before = smtp.messages.length;
      const date = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
      // PUBLIC_URL is the site's address here: the post comes from it, as a browser's would.
      const res = await site.post(
        `/admin/leads/${leadId}`,
        { intent: "visit-schedule", date, time: "10:00", minutes: "120" },
        { headers: { host: new URL(SITE_URL).host, origin: SITE_URL } },
      );
      expect(res.status).toBe(200);
      // Wait for this homeowner's invitation itself: mails of an earlier test may still be arriving.
      const toHomeowner = () => smtp.messages.slice(before).filter((m) => m.envelope.to.includes(email));
      await waitUntil(() => toHomeowner().some(hasCalendar), 15_000, "the visit invitation sent");
      const invitation = toHomeowner().find(hasCalendar)!;
      const reminder = (await site.db((database) => listEmailJobs({ db: database.db, leadId }))).find(
        (job) => job.kind === "visit-reminder",
      );
      expect(reminder?.status).toBe("pending");
      await site.db((database) =>
        database.db
          .updateTable("email_jobs")
          .set({ next_attempt_at: new Date(Date.now() - 60_000).toISOString() })
          .where("id", "=", reminder!.id)
          .execute(),
      );
      await waitUntil(() => toHomeowner().some((m) => m !== invitation), 15_000, "the reminder sent");
      const reminderMail = toHomeowner().find((m) => m !== invitation)!;
      return { invitation, reminder: reminderMail };
    }

    test("from /es/contacto: stored as Spanish; the homeowner's emails and calendar in Spanish, the contractor's in English", async () => {
      const mark = marker("es");
      const { lead, notification, confirmation } = await send("/es/contacto", mark);
      expect(lead).toMatchObject({ locale: "es", source: "/es/contacto" });

      expect(confirmation.parsed.subject).toBe("Recibimos su solicitud de estimado — Example Home Remodeling");
      const body = bodyOf(confirmation);
      for (const words of [
        "Hola, Maria:",
        "Recibimos su solicitud de estimado gratis, con 1 foto.",
        "Le enviamos un mensaje de texto al (713) 555-0147 para acordar una hora.",
        "¿Qué necesita?",
        "1 foto: ceiling.jpg",
        "Si usted no envió esta solicitud",
        "(lun–sáb, 7 a.m. – 6 p.m.)",
      ])
        expect(body).toContain(words);
      for (const english of ["Hi Maria", "What do you need?", "has arrived", "Thank you", "Mon–Sat"]) expect(body).not.toContain(english);
      expect(confirmation.parsed.html).toContain('<html lang="es">');

      // The contractor's email stays English and says so.
      expect(notification.parsed.text).toContain("New estimate request from");
      expect(notification.parsed.text).toContain("Prefers Spanish");
      // So do the lead's page and the inbox.
      expect((await site.get(`/admin/leads/${lead.id}`)).text).toContain("Prefers Spanish");
      expect((await site.get(`/admin/leads?q=${mark}`)).text).toMatch(/class="status-badge language-badge"[^>]*>Spanish</);

      const { invitation, reminder } = await visitMails(lead.id, lead.email);
      expect(invitation.parsed.subject).toMatch(/^Visita el [a-záéíóú]+, \d{1,2} de [a-z]+ de \d{4}: Example Home Remodeling$/);
      expect(invitation.parsed.text).toContain("Llegada entre 10:00 a.m. y 12:00 p.m.");
      const calendar = invitationOf(invitation);
      expect(calendar.method).toBe("REQUEST");
      expect(calendar.event.summary).toBe("Visita de Example Home Remodeling");
      expect(calendar.event.description).toContain("va a ir a ver su proyecto");
      expect(calendar.event.description).toContain("Llegada entre 10:00 a.m. y 12:00 p.m.");
      expect(calendar.event.description).toContain("¿Tiene preguntas o necesita otra hora? Llame al");
      expect(reminder.parsed.subject).toMatch(/^Recordatorio: su visita es mañana, /);
      expect(reminder.parsed.text).toContain("Le recordamos que mañana vamos a ver su proyecto");
    });

    test("the form's script posts its Spanish page as from=: /es/contacto and /es/ are Spanish; a page without the form is refused", async () => {
      for (const from of ["/es/contacto", "/es/", "/"]) {
        const mark = marker("js");
        const fields = { ...validFields(mark), form_token: await fetchUniqueFormToken(site.server) };
        const res = await postFromClient(site.server, `/estimate-request?from=${encodeURIComponent(from)}`, fields, "203.0.113.9");
        expect(res.status, res.text.slice(0, 300)).toBe(200);
        const lead = await site.db(({ db }) =>
          db.selectFrom("leads").select(["locale", "source"]).where("subject", "like", `%${mark}%`).executeTakeFirstOrThrow(),
        );
        expect(lead).toEqual({ locale: from === "/" ? "en" : "es", source: from });
      }
      const refused = await postFromClient(site.server, "/estimate-request?from=%2Fes%2Fgaleria", validFields(marker("no")), "203.0.113.9");
      expect(refused.status).toBe(400);
    });

    test("from /contact: stored as English, and everything stays English", async () => {
      const mark = marker("en");
      const { lead, notification, confirmation } = await send("/contact", mark);
      expect(lead).toMatchObject({ locale: "en", source: "/contact" });
      expect(confirmation.parsed.subject).toBe("We received your estimate request — Example Home Remodeling");
      expect(bodyOf(confirmation)).toContain("Your request for a free estimate has arrived, with 1 photo.");
      expect(notification.parsed.text).not.toContain("Spanish");
      expect((await site.get(`/admin/leads/${lead.id}`)).text).not.toContain("Prefers Spanish");

      const { invitation, reminder } = await visitMails(lead.id, lead.email);
      expect(invitation.parsed.subject).toMatch(/^Site visit on /);
      const calendar = invitationOf(invitation);
      expect(calendar.event.summary).toBe("Site visit: Example Home Remodeling");
      expect(calendar.event.description).toContain("Arrival between 10:00 AM and 12:00 PM");
      expect(reminder.parsed.subject).toMatch(/^Reminder: site visit tomorrow, /);
    });
  });
}
