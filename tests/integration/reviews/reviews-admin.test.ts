/**
 * The admin's reviews page (issue 29) against the real built server, on SQLite and (with
 * TEST_POSTGRES_URL) PostgreSQL: a consenting comment becomes a testimonial only when the owner
 * publishes it, shows on the public pages with its source recorded (and on the Testimonials page),
 * and publishing twice makes one; without consent there is no button and the server refuses; a
 * homeowner who withdraws their consent takes it down; the public pages carry no star-rating
 * markup; the month figures count seeded rows across two months.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createSiteClock, wallClockAt } from "#app/server/time.server.ts";
import { databaseTargets } from "#tests/support/databases.ts";
import { seedLead, setUpAdminSite, tearDownAdminSite, textOf, type AdminSite } from "#tests/support/admin-site.ts";
import { seedReviewFeedback, seedReviewRequest } from "#tests/support/seed-reviews.ts";

const ZONE = "America/Chicago";
const monthName = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", year: "numeric" });

/** The figures of a month on the reviews page (its two tables' rows): sent, opened, clicked, feedback, average. */
function monthRow(html: string, label: string): string[] | null {
  const rows = [...html.matchAll(new RegExp(`<tr><th scope="row">${label}</th>((?:<td>[^<]*</td>)+)</tr>`, "g"))];
  if (rows.length === 0) return null;
  return rows.flatMap((row) => [...row[1]!.matchAll(/<td>([^<]*)<\/td>/g)].map((match) => match[1]!));
}

/** The JSON-LD blocks and the microdata of a page. */
function markupOf(html: string): string {
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
  const microdata = [...html.matchAll(/\bitem(?:prop|type|scope)(?:="[^"]*")?/g)].map((match) => match[0]);
  return [...jsonLd, ...microdata].join("\n");
}

for (const target of databaseTargets("reviews-admin", "reviews page suite")) {
  describe(`the reviews page (${target.name})`, () => {
    let site: AdminSite;

    beforeAll(async () => {
      site = await setUpAdminSite(target);
    }, 90_000);

    afterAll(() => tearDownAdminSite(target, site));

    const anonymous = (path: string) => site.get(path, "");
    const homeowner = (path: string, fields: Record<string, string>) => site.post(path, fields, { cookie: "" });
    const publish = (id: string) => site.post("/admin/reviews", { intent: "publish", id });

    async function feedbackFor(fields: Record<string, string>, locale: "en" | "es" = "en") {
      const { lead } = await seedLead(site, { locale } as never, { jobs: [] });
      const request = await site.db((database) =>
        seedReviewRequest(database, { leadId: lead.id, email: lead.email, firstName: "Maria", locale, sentAt: new Date() }),
      );
      expect((await homeowner(request.path, fields)).status).toBe(303);
      const feedback = await site.db(({ db }) =>
        db.selectFrom("review_feedback").selectAll().where("review_request_id", "=", request.id).executeTakeFirstOrThrow(),
      );
      return { lead, request, feedback };
    }
    const testimonialsFrom = (feedbackId: string) =>
      site.db(({ db }) => db.selectFrom("testimonials").selectAll().where("source_feedback_id", "=", feedbackId).execute());

    test("a consenting comment becomes a testimonial once the owner publishes it, with its source; twice makes one", async () => {
      const words = `Clean job site every evening, and the shower is perfect (${target.name}).`;
      const { lead, feedback } = await feedbackFor({ rating: "5", comment: words, consent: "yes", first_name: "Maria", place: "Heights" });
      // Not on the site before the owner publishes it.
      expect(textOf((await anonymous("/")).text)).not.toContain(words);
      const page = await site.get("/admin/reviews");
      expect(page.status).toBe(200);
      const card = textOf(new RegExp(`<li id="feedback-${feedback.id}"[\\s\\S]*?</li>`).exec(page.text)?.[0] ?? "");
      expect(card).toContain("5 of 5 · Maria, Heights");
      expect(card).toContain(words);
      expect(card).toContain("May be quoted: Yes");
      expect(card).toContain("Publish as testimonial");
      expect(page.text).toContain(`href="/admin/leads/${lead.id}"`);
      expect(page.text).toContain('href="/admin/reviews/settings"');

      const done = await publish(feedback.id);
      expect(done.status).toBe(200);
      expect(textOf(done.text)).toContain("Published the words of Maria as a testimonial.");
      const [testimonial] = await testimonialsFrom(feedback.id);
      expect(testimonial).toMatchObject({
        source: "feedback",
        source_feedback_id: feedback.id,
        quote: words,
        quote_es: "",
        name: "Maria",
        place: "Heights",
        service: null,
        link: null,
        given_on: createSiteClock(ZONE).localDate(new Date(feedback.updated_at)),
      });
      const linked = await site.db(({ db }) =>
        db.selectFrom("review_feedback").select("testimonial_id").where("id", "=", feedback.id).executeTakeFirst(),
      );
      expect(linked?.testimonial_id).toBe(testimonial!.id);

      const home = textOf((await anonymous("/")).text);
      expect(home).toContain(words);
      expect(home).toContain("Maria, Heights");
      expect(textOf((await anonymous("/about")).text)).toContain(words);
      const admin = textOf((await site.get("/admin/site/testimonials")).text);
      expect(admin).toContain(
        `From a homeowner's feedback, ${createSiteClock(ZONE).formatDate(feedback.updated_at)}, published with their consent.`,
      );

      const again = await publish(feedback.id);
      expect(again.status).toBe(200);
      expect(textOf(again.text)).toContain("It is already on the site as a testimonial.");
      expect(await testimonialsFrom(feedback.id)).toHaveLength(1);
      const after = textOf(
        new RegExp(`<li id="feedback-${feedback.id}"[\\s\\S]*?</li>`).exec((await site.get("/admin/reviews")).text)?.[0] ?? "",
      );
      expect(after).toContain("On the site as a testimonial.");
      expect(after).not.toContain("Publish as testimonial");
    });

    test("a Spanish comment is the testimonial's Spanish quote too", async () => {
      const words = `Trabajaron rápido y dejaron todo limpio (${target.name}).`;
      const { feedback } = await feedbackFor({ rating: "4", comment: words, consent: "yes", first_name: "José", place: "Gulfton" }, "es");
      expect((await publish(feedback.id)).status).toBe(200);
      expect(await testimonialsFrom(feedback.id)).toMatchObject([{ quote: words, quote_es: words, name: "José", place: "Gulfton" }]);
      expect(textOf((await anonymous("/es/")).text)).toContain(words);
    });

    test("without consent there is no button, and the server refuses to publish", async () => {
      const words = `Good work, but keep this between us (${target.name}).`;
      const { feedback } = await feedbackFor({ rating: "5", comment: words, first_name: "Ana", place: "Katy" });
      const card = textOf(
        new RegExp(`<li id="feedback-${feedback.id}"[\\s\\S]*?</li>`).exec((await site.get("/admin/reviews")).text)?.[0] ?? "",
      );
      expect(card).toContain(words);
      expect(card).toContain("May be quoted: No");
      expect(card).not.toContain("Publish as testimonial");
      const refused = await publish(feedback.id);
      expect(refused.status).toBe(403);
      expect(textOf(refused.text)).toContain("This homeowner did not agree to be quoted, so their feedback stays private");
      expect(await testimonialsFrom(feedback.id)).toEqual([]);
      expect(textOf((await anonymous("/")).text)).not.toContain(words);
      expect((await publish("not-an-id")).status).toBe(404);
      expect((await site.post("/admin/reviews", { intent: "launch", id: feedback.id })).status).toBe(400);
    });

    test("the homeowner withdrawing consent takes the testimonial down", async () => {
      const words = `They fixed the fence after the storm (${target.name}).`;
      const fields = { rating: "5", comment: words, consent: "yes", first_name: "Luis", place: "Spring" };
      const { request, feedback } = await feedbackFor(fields);
      expect((await publish(feedback.id)).status).toBe(200);
      expect(textOf((await anonymous("/")).text)).toContain(words);
      // The same words sent again keep it.
      expect((await homeowner(request.path, fields)).status).toBe(303);
      expect(await testimonialsFrom(feedback.id)).toHaveLength(1);
      const { consent: _, ...withdrawn } = fields;
      expect((await homeowner(request.path, withdrawn)).status).toBe(303);
      expect(await testimonialsFrom(feedback.id)).toEqual([]);
      expect(textOf((await anonymous("/")).text)).not.toContain(words);
    });

    test("the public pages carry no star-rating markup, after a 5 and a published testimonial", async () => {
      const words = `Five stars from me, honestly (${target.name}).`;
      const { feedback } = await feedbackFor({ rating: "5", comment: words, consent: "yes", first_name: "Rosa", place: "Bellaire" });
      expect((await publish(feedback.id)).status).toBe(200);
      for (const path of ["/", "/es/", "/bathroom", "/about"]) {
        const page = await anonymous(path);
        expect(page.status, path).toBe(200);
        const markup = markupOf(page.text);
        // The home pages carry the business's JSON-LD (so the check reads something there); the others carry none.
        if (path === "/" || path === "/es/") expect(markup, path).toContain("schema.org");
        for (const word of ["aggregateRating", "ratingValue", "reviewRating", "bestRating", "schema.org/Review"]) {
          expect(markup.toLowerCase(), `${path}: ${word}`).not.toContain(word.toLowerCase());
        }
        expect(markup, path).not.toMatch(/"@type"\s*:\s*"Review"/);
        expect(page.text, path).not.toMatch(/itemprop="(?:aggregateRating|ratingValue|reviewRating)"/i);
      }
    });

    test("the month figures count what happened in each month, in the site's time zone", async () => {
      const now = wallClockAt(new Date(), ZONE);
      // Mid-month at noon in Houston, one and two months back: months no other test writes in.
      const monthBack = (back: number, day = 15) => new Date(Date.UTC(now.year, now.month - 1 - back, day, 18));
      const seed = async (back: number, stamps: { opened?: boolean; clicked?: boolean; rating?: number }) => {
        const { lead } = await seedLead(site, {}, { jobs: [] });
        await site.db(async (database) => {
          const at = monthBack(back);
          const request = await seedReviewRequest(database, {
            leadId: lead.id,
            email: lead.email,
            firstName: "Sam",
            createdAt: at,
            sentAt: at,
            openedAt: stamps.opened ? monthBack(back, 16) : null,
            clickedAt: stamps.clicked ? monthBack(back, 17) : null,
          });
          if (stamps.rating) {
            const values = { rating: stamps.rating, comment: "", consent: false, displayName: "", place: "", locale: "en" as const };
            await seedReviewFeedback(database, { reviewRequestId: request.id, values, now: monthBack(back, 18) });
          }
        });
      };
      await seed(1, { opened: true, clicked: true, rating: 5 });
      await seed(1, { opened: true, rating: 4 });
      await seed(1, {});
      await seed(2, { rating: 2 });

      const page = await site.get("/admin/reviews");
      expect(page.status).toBe(200);
      expect(monthRow(page.text, monthName.format(monthBack(1)))).toEqual(["3", "2", "1", "2", "4.5"]);
      expect(monthRow(page.text, monthName.format(monthBack(2)))).toEqual(["1", "0", "0", "1", "2.0"]);
      expect(monthRow(page.text, monthName.format(monthBack(3)))).toEqual(["0", "0", "0", "0", "–"]);
      expect(monthRow(page.text, monthName.format(monthBack(12)))).toBeNull();
      expect(textOf(page.text)).toContain("Opened is an estimate");
    });

    test("the page and its action are for admins only", async () => {
      const res = await anonymous("/admin/reviews");
      expect(res.status).toBe(302);
      expect(res.headers.location).toMatch(/^\/login/);
      expect((await site.post("/admin/reviews", { intent: "publish", id: crypto.randomUUID() }, { cookie: "" })).status).toBe(302);
    });
  });
}
