/**
 * The review page of a finished job (issue 29) against the real built server, on SQLite and (with
 * TEST_POSTGRES_URL) PostgreSQL, with a real SMTP listener: the public review link at the top for
 * everyone; the private feedback stored (one row per request, sent again it replaces the first);
 * a rating of 3 or less emails the business inbox and queues a push at once, once (a 2 made a 1
 * does not alert again, a 5 made a 2 does); a high rating alerts no one; the public link is still
 * there after a low rating; the homeowner's page links to it; the Spanish page speaks Spanish; a
 * token this site did not make is a 404; bad input is a 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { issueHomeownerLink } from "#app/server/homeowner/link.server.ts";
import { createPushSubscription } from "#app/server/repos/push-subscriptions.server.ts";
import { newReviewToken } from "#app/server/reviews/review-link.server.ts";
import { loadSiteSecret } from "#app/server/secrets.server.ts";
import { defaultProfile } from "#app/content/company.ts";
import { profileToFields } from "#app/schemas/site.ts";
import { databaseTargets } from "#tests/support/databases.ts";
import {
  LEADS_TO,
  expectRedirect,
  seedLead,
  setUpAdminSite,
  tearDownAdminSite,
  textOf,
  type AdminSite,
} from "#tests/support/admin-site.ts";
import { waitUntil } from "#tests/support/leads.ts";
import { seedReviewRequest } from "#tests/support/seed-reviews.ts";
import type { HttpResult } from "#tests/support/server.ts";
import { startSmtpServer, type SmtpTestServer } from "#tests/support/smtp.ts";

const PLACE_ID = "ChIJN1t_tDeuEmsRUsoyG83frY4";

let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.stop();
});

function expectPrivate(res: HttpResult): void {
  expect(res.headers["cache-control"]).toBe("no-store");
  expect(res.headers["x-robots-tag"]).toContain("noindex");
  expect(res.headers["x-page-cache"]).toBeUndefined();
}

/** The public review link, as the main button, before the private form. */
function expectPublicLink(html: string, token: string, label = "Leave a review on Google") {
  const link = `<a class="button button--primary review__public-link" href="/review/${token}/go">${label}</a>`;
  expect(html).toContain(link);
  expect(html.indexOf(link)).toBeLessThan(html.indexOf("<form"));
}

for (const target of databaseTargets("review-page", "review page suite")) {
  describe(`the review page (${target.name})`, () => {
    let site: AdminSite;

    beforeAll(async () => {
      site = await setUpAdminSite(target, { SMTP_URL: smtp.url, MAIL_FROM: "Houston Remodeling <estimates@remodel.test>" });
      await site.db((database) =>
        createPushSubscription({
          db: database.db,
          userId: site.admin.user.id,
          endpoint: `https://push.example.invalid/reviews-${target.name}`,
          p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
          auth: "tBHItJI5svbpez7KI4CCXg",
          userAgent: "test",
        }),
      );
      // The business's Google Place ID, entered at /admin/site: the page's button is "Leave a review on Google".
      expectRedirect(
        await site.post("/admin/site", { ...profileToFields(defaultProfile), intent: "save", review_place_id: PLACE_ID }),
        "/admin/site?done=saved",
      );
    }, 90_000);

    afterAll(() => tearDownAdminSite(target, site));

    const anonymous = (path: string) => site.get(path, "");
    const post = (path: string, fields: Record<string, string>) => site.post(path, fields, { cookie: "" });

    /** A finished job with its review request, in `locale`. */
    async function finishedJob(locale: "en" | "es" = "en") {
      const { lead } = await seedLead(site, { fromName: "Maria Gonzalez", phone: "(713) 555-0142", locale } as never, { jobs: [] });
      const request = await site.db((database) =>
        seedReviewRequest(database, { leadId: lead.id, email: lead.email, firstName: "Maria", locale, sentAt: new Date() }),
      );
      return { lead, ...request };
    }

    const feedbackOf = (reviewRequestId: string) =>
      site.db(({ db }) => db.selectFrom("review_feedback").selectAll().where("review_request_id", "=", reviewRequestId).execute());
    const alertJobs = (leadId: string) =>
      site.db(({ db }) =>
        db.selectFrom("email_jobs").selectAll().where("lead_id", "=", leadId).where("kind", "=", "review-feedback").execute(),
      );
    const alertPushes = async (leadId: string) =>
      (await site.db(({ db }) => db.selectFrom("push_jobs").select("payload").where("lead_id", "=", leadId).execute()))
        .map((row) => JSON.parse(row.payload) as { title: string; body: string; url: string })
        .filter((payload) => payload.title === "Low rating from a homeowner");

    test("the page: the public link first for everyone, then the private form with the first name, noindex and never cached", async () => {
      const job = await finishedJob();
      const page = await anonymous(job.path);
      expect(page.status).toBe(200);
      expectPrivate(page);
      expect(page.text).toContain('content="noindex, nofollow"');
      expectPublicLink(page.text, job.token);
      const text = textOf(page.text);
      expect(text).toContain("We send this same link to every customer, whatever they think of our work.");
      expect(text).toContain("Or tell us privately how we did");
      expect(text).toContain("4 — Good");
      expect(page.text).toMatch(/<input[^>]*name="first_name"[^>]*value="Maria"/);
      expect(page.text).toMatch(/<form class="account-form review__form" method="post">/);
    });

    test("a low rating is stored, emails the inbox and queues a push at once; the public link stays on the page", async () => {
      const job = await finishedJob();
      const comment = `The crew left a mess in the garage (${target.name}).`;
      const res = await post(job.path, { rating: "2", comment, first_name: "Maria", place: "" });
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(`${job.path}?sent=1`);
      expect(await feedbackOf(job.id)).toMatchObject([{ rating: 2, comment, consent: 0, display_name: "Maria", place: "", locale: "en" }]);
      expect(await alertJobs(job.lead.id)).toHaveLength(1);
      expect(await alertPushes(job.lead.id)).toEqual([
        {
          title: "Low rating from a homeowner",
          body: "2 of 5 on the private feedback form. A call soon may help.",
          url: `/admin/leads/${job.lead.id}`,
          tag: expect.any(String),
        },
      ]);
      await waitUntil(
        () => smtp.messages.some((m) => m.envelope.to.includes(LEADS_TO) && m.parsed.text?.includes(comment)),
        15_000,
        "the low rating's email",
      );
      const mail = smtp.messages.find((m) => m.parsed.text?.includes(comment))!;
      expect(mail.parsed.subject).toBe("Low rating: 2 of 5 from Maria Gonzalez");
      expect(mail.parsed.text).toContain("Phone: (713) 555-0142");
      expect(mail.parsed.text).toContain(`/admin/leads/${job.lead.id}`);
      expect(mail.parsed.replyTo?.text).toContain(job.lead.email);

      const after = await anonymous(`${job.path}?sent=1`);
      expect(after.status).toBe(200);
      expectPublicLink(after.text, job.token);
      expect(textOf(after.text)).toContain("has your feedback.");
      expect(after.text).toMatch(/<input[^>]*checked=""[^>]*value="2"|<input[^>]*value="2"[^>]*checked=""/);
    });

    test("once per feedback: a 2 made a 1 does not alert again; a 5 made a 2 does; sending again replaces the feedback", async () => {
      const low = await finishedJob();
      expect((await post(low.path, { rating: "2" })).status).toBe(303);
      expect((await post(low.path, { rating: "1", comment: "Worse on reflection." })).status).toBe(303);
      expect(await feedbackOf(low.id)).toMatchObject([{ rating: 1, comment: "Worse on reflection." }]);
      expect(await alertJobs(low.lead.id)).toHaveLength(1);
      expect(await alertPushes(low.lead.id)).toHaveLength(1);

      const turned = await finishedJob();
      expect((await post(turned.path, { rating: "5", comment: "Great!" })).status).toBe(303);
      expect(await alertJobs(turned.lead.id)).toHaveLength(0);
      expect(await alertPushes(turned.lead.id)).toHaveLength(0);
      expect((await post(turned.path, { rating: "2", comment: "The tile cracked a week later." })).status).toBe(303);
      expect(await feedbackOf(turned.id)).toHaveLength(1);
      expect(await alertJobs(turned.lead.id)).toHaveLength(1);
      expect(await alertPushes(turned.lead.id)).toHaveLength(1);
    });

    test("a high rating alerts no one", async () => {
      const job = await finishedJob();
      for (const rating of ["4", "5"]) {
        expect((await post(job.path, { rating, comment: "Lovely work." })).status).toBe(303);
      }
      expect(await feedbackOf(job.id)).toMatchObject([{ rating: 5 }]);
      expect(await alertJobs(job.lead.id)).toEqual([]);
      expect(await alertPushes(job.lead.id)).toEqual([]);
    });

    test("bad input is a 400 naming the field, in the page's language, and stores nothing", async () => {
      const job = await finishedJob("es");
      const cases: [Record<string, string>, string][] = [
        [{ comment: "Sin calificación" }, "Calificación: elija un número del 1 al 5"],
        [{ rating: "9" }, "Calificación: elija un número del 1 al 5"],
        [{ rating: "4", comment: "x".repeat(2001) }, "Comentario: por favor no pase de 2000 caracteres."],
        [{ rating: "4", consent: "yes", first_name: " " }, "Nombre de pila: para citarle necesitamos su nombre de pila."],
        [{ rating: "4", place: "p".repeat(81) }, "Vecindario: por favor no pase de 80 caracteres."],
      ];
      for (const [fields, sentence] of cases) {
        const res = await post(job.path, fields);
        expect(res.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
        expectPrivate(res);
        expect(textOf(res.text)).toContain(sentence);
        // The public link is there on a refused post too.
        expectPublicLink(res.text, job.token, "Deje una reseña en Google");
      }
      expect(await feedbackOf(job.id)).toEqual([]);
      const english = await finishedJob();
      const res = await post(english.path, { rating: "4", consent: "yes" });
      expect(res.status).toBe(400);
      expect(textOf(res.text)).toContain("First name: to quote you we need your first name.");
      expect(res.text).toMatch(/aria-invalid="true"[^>]*name="first_name"|name="first_name"[^>]*aria-invalid="true"/);
    });

    test("the Spanish page is in Spanish, and stores the feedback's language", async () => {
      const job = await finishedJob("es");
      expect(job.path).toMatch(/^\/es\/resena\//);
      const page = await anonymous(job.path);
      expect(page.status).toBe(200);
      expect(page.text).toMatch(/<html[^>]*lang="es/);
      expectPublicLink(page.text, job.token, "Deje una reseña en Google");
      const text = textOf(page.text);
      expect(text).toContain("O cuéntenos en privado cómo nos fue");
      expect(text).toContain("Pueden citar mis palabras en su sitio web con mi nombre de pila y mi vecindario");
      const res = await post(job.path, {
        rating: "5",
        comment: "Muy buen trabajo.",
        consent: "yes",
        first_name: "María",
        place: "Gulfton",
      });
      expect(res.status).toBe(303);
      expect(textOf((await anonymous(`${job.path}?sent=1`)).text)).toContain("ya recibió su opinión.");
      expect(await feedbackOf(job.id)).toMatchObject([{ locale: "es", consent: 1, display_name: "María", place: "Gulfton" }]);
    });

    test("a token this site did not make is the site's 404, for a GET and a POST", async () => {
      const forged = newReviewToken("f".repeat(64)).token;
      for (const path of [`/review/${forged}`, "/review/nonsense", `/es/resena/${forged}`]) {
        const res = await anonymous(path);
        expect(res.status, path).toBe(404);
        expectPrivate(res);
        expect((await post(path, { rating: "1" })).status).toBe(404);
      }
      expect(textOf((await anonymous(`/es/resena/${forged}`)).text)).toContain("No encontramos esa página");
    });

    test("the homeowner's page links each finished job to its review page, in the page's language", async () => {
      const job = await finishedJob();
      const home = await site.db(async (database) => {
        const secret = await loadSiteSecret({ db: database.db, configured: undefined });
        return issueHomeownerLink({
          db: database.db,
          secret,
          publicUrl: "http://x.test",
          email: job.lead.email,
          locale: "es",
          now: new Date(),
        });
      });
      const page = await anonymous(new URL(home).pathname);
      expect(page.status).toBe(200);
      expect(page.text).toContain(`href="/es/resena/${job.token}">Cuéntenos cómo nos fue</a>`);
    });
  });
}
