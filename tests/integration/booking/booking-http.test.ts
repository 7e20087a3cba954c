/**
 * The booking page over HTTP (issue 28, ADR 071), against the real built server on SQLite and (with
 * TEST_POSTGRES_URL) PostgreSQL: twenty homeowners post the same window at once from their own
 * pages; one is sent back to their page (303) with the time held, nineteen get the page again (409)
 * saying someone just took that time, with the windows still open. A posted start that is not a
 * time is a 400 with a sentence, in Spanish on /es/cita/; a wrong token is the site's 404.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ensureBookingToken } from "#app/server/booking/link.server.ts";
import { createLeadWithJobs } from "#app/server/repos/leads.server.ts";
import { loadSiteSecret } from "#app/server/secrets.server.ts";
import { databaseTargets } from "#tests/support/databases.ts";
import { expectServerHealthy, setUpAdminSite, tearDownAdminSite, textOf, type AdminSite } from "#tests/support/admin-site.ts";
import type { HttpResult } from "#tests/support/server.ts";

const targets = databaseTargets("booking-http", "booking page HTTP suite");

/** The window starts the page's buttons post, in order. */
const startsOn = (html: string) =>
  [...html.matchAll(/<button\b[^>]*>/g)].filter((m) => m[0].includes('name="start"')).map((m) => /value="([^"]+)"/.exec(m[0])?.[1] ?? "");
/** The page's message (role="alert" for a refusal). */
const alertOf = (html: string) => textOf(/<p class="booking__message[^"]*" role="alert">([\s\S]*?)<\/p>/.exec(html)?.[1] ?? "");

describe.each(targets)("the booking page on $name", (target) => {
  let site: AdminSite;

  beforeAll(async () => {
    site = await setUpAdminSite(target);
  });

  afterAll(() => tearDownAdminSite(target, site));

  /** `count` new requests (in `locale`) and their booking tokens, made as the estimate form's answer makes them. */
  async function requests(count: number, locale: "en" | "es" = "en") {
    return site.db(async (database) => {
      const secret = await loadSiteSecret({ db: database.db, configured: undefined });
      const made: { leadId: string; token: string }[] = [];
      for (let i = 0; i < count; i++) {
        const { lead } = await createLeadWithJobs({
          db: database.db,
          lead: {
            fromName: `Homeowner ${i}`,
            email: `racer${i}@home.test`,
            phone: "(713) 555-0100",
            subject: "Bathroom remodel",
            message: "",
            source: "/contact",
            isSpam: false,
            spamReason: null,
            ipHash: null,
            userAgent: "booking-http-test",
            locale,
          },
          buildJobs: () => [],
          giveUpAfterMs: 3_600_000,
        });
        made.push({ leadId: lead.id, token: await ensureBookingToken({ db: database.db, secret, leadId: lead.id, now: new Date() }) });
      }
      return made;
    });
  }

  const post = (path: string, fields: Record<string, string>): Promise<HttpResult> => site.post(path, fields, { cookie: "" });

  test("twenty homeowners post the same window at once: one 303, nineteen 409 with the windows still open", async () => {
    const racers = await requests(20);
    const page = await site.get(`/book/${racers[0]!.token}`, "");
    expect(page.status).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    const starts = startsOn(page.text);
    expect(starts.length).toBeGreaterThan(4);
    // A window of the second day listed: still on offer if the date changes during the test.
    const firstDay = starts[0]!.slice(0, 10);
    const wanted = starts.find((start) => Date.parse(start) - Date.parse(starts[0]!) >= 20 * 3_600_000 && start.slice(0, 10) !== firstDay)!;
    expect(wanted).toBeDefined();

    const answers = await Promise.all(racers.map(({ token }) => post(`/book/${token}`, { intent: "book", start: wanted })));
    const won = answers.filter((a) => a.status === 303);
    expect(won).toHaveLength(1);
    const winner = racers[answers.indexOf(won[0]!)]!;
    expect(won[0]!.headers.location).toBe(`/book/${winner.token}?done=held`);
    const lost = answers.filter((a) => a.status === 409);
    expect(lost).toHaveLength(19);
    for (const answer of lost) {
      expect(alertOf(answer.text)).toBe("Sorry, someone just took that time. Here are the times still open.");
      const shown = startsOn(answer.text);
      expect(shown.length).toBeGreaterThan(3);
      expect(shown).not.toContain(wanted);
    }

    const holding = await site.db(({ db }) => db.selectFrom("visits").selectAll().where("slot_start", "=", wanted).execute());
    expect(holding).toHaveLength(1);
    expect(holding[0]).toMatchObject({ lead_id: winner.leadId, status: "pending", booked_by: "homeowner" });

    // The winner's page, after the redirect: the time held.
    const after = await site.get(`/book/${winner.token}?done=held`, "");
    expect(after.status).toBe(200);
    const shown = textOf(after.text);
    expect(shown).toContain("Done: this time is held for you.");
    expect(shown).toMatch(/Held for you: \w+day, \w+ \d+, \d{4}\. Arrival between /);
    await expectServerHealthy(site);
  });

  test("a start that is not a time is a 400 with a sentence, in Spanish on /es/cita/; a wrong token is a 404", async () => {
    const [en] = await requests(1);
    const [es] = await requests(1, "es");
    for (const start of ["", "tomorrow", "2027-03-02"]) {
      const refused = await post(`/book/${en!.token}`, { intent: "book", start });
      expect(refused.status).toBe(400);
      expect(alertOf(refused.text)).toBe("Pick one of the times below.");
      expect(startsOn(refused.text).length).toBeGreaterThan(3);
    }
    const spanish = await post(`/es/cita/${es!.token}`, { intent: "book", start: "mañana" });
    expect(spanish.status).toBe(400);
    expect(alertOf(spanish.text)).toBe("Elija uno de los horarios de abajo.");
    expect(spanish.text).toContain('lang="es"');
    expect(startsOn(spanish.text).length).toBeGreaterThan(3);

    const unknown = "B".repeat(43);
    expect((await site.get(`/book/${unknown}`, "")).status).toBe(404);
    const posted = await post(`/book/${unknown}`, { intent: "book", start: new Date().toISOString() });
    expect(posted.status).toBe(404);
    expect(posted.headers["cache-control"]).toBe("no-store");
    await expectServerHealthy(site);
  });
});
