/**
 * A window is held once, never twice (issue 28, ADR 071), against every database adapter (SQLite
 * always, PostgreSQL when TEST_POSTGRES_URL is set), through the real backend with its clock fixed
 * on Monday 2027-03-01, 9:00 in Houston: twenty homeowners, each on their own request and booking
 * link, book the same window at once; exactly one holds it, nineteen are told it was taken and
 * their page then offers the windows still open. The unique `visits.slot_start` settles it alone
 * when two writes meet without the re-check, and the most visits a day holds under a race too.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { writeBooking } from "#app/server/repos/bookings.server.ts";
import type { Visit } from "#app/server/repos/visits.server.ts";
import { offeredStarts, startBookingSite, visitsWhere, type BookingSite } from "#tests/support/booking.ts";
import { databaseTargets } from "#tests/support/databases.ts";

const targets = databaseTargets("booking-race", "booking race contract suite");
/** Monday 2027-03-01, 9:00 CST: with a day's notice, Tuesday's windows are the first. */
const now = new Date("2027-03-01T15:00:00.000Z");
/** Tuesday 2027-03-02, 8–10, 10–12, 12–2 and 2–4 (CST, UTC-6). */
const TUESDAY = ["2027-03-02T14:00:00.000Z", "2027-03-02T16:00:00.000Z", "2027-03-02T18:00:00.000Z", "2027-03-02T20:00:00.000Z"];
const WEDNESDAY = ["2027-03-03T14:00:00.000Z", "2027-03-03T16:00:00.000Z", "2027-03-03T18:00:00.000Z", "2027-03-03T20:00:00.000Z"];

describe.each(targets.map((target) => [target.name, target] as const))("%s", (_name, target) => {
  let site: BookingSite;

  beforeAll(async () => {
    await target.setup();
    site = await startBookingSite(target, { now });
    await site.rules();
  });

  afterAll(async () => {
    await site?.stop();
    await target.teardown();
  });

  test("the windows on offer are the contractor's defaults from the next business day, in Houston time", async () => {
    const open = await site.backend.booking.openWindows();
    expect(open.state).toBe("open");
    const starts = open.state === "open" ? open.windows.map((w) => w.start.toISOString()) : [];
    expect(starts.slice(0, 8)).toEqual([...TUESDAY, ...WEDNESDAY]);
  });

  test("twenty homeowners book the same window at once: one holds it, nineteen are told it was taken", async () => {
    const requests = await Promise.all(Array.from({ length: 20 }, () => site.newRequest()));
    expect(new Set(requests.map((r) => r.token)).size).toBe(20);
    const wanted = TUESDAY[1]!;

    const answers = await Promise.all(requests.map(({ token }) => site.backend.booking.book({ token, start: wanted })));
    expect(answers.filter((a) => a.outcome === "done")).toEqual([{ outcome: "done", done: "held" }]);
    expect(answers.filter((a) => a.outcome === "taken")).toHaveLength(19);

    // One visit holds the window, on the winner's request, waiting for the contractor.
    const winner = requests[answers.findIndex((a) => a.outcome === "done")]!;
    const holding = await visitsWhere(site.database, { slotStart: wanted });
    expect(holding).toHaveLength(1);
    expect(holding[0]).toMatchObject({
      lead_id: winner.lead.id,
      status: "pending",
      booked_by: "homeowner",
      starts_at: wanted,
      minutes: 120,
    });
    const all = await site.database.db
      .selectFrom("visits")
      .select("lead_id")
      .where(
        "lead_id",
        "in",
        requests.map((r) => r.lead.id),
      )
      .execute();
    expect(all).toHaveLength(1);
    expect((await site.backend.booking.listPending()).map((p) => p.leadId)).toEqual([winner.lead.id]);

    // A loser's page: no visit, and the windows still open, the taken one no longer among them.
    const loser = requests.find((r) => r !== winner)!;
    const page = await site.backend.booking.openPage({ token: loser.token, locale: "en" });
    expect(page.state).toBe("open");
    if (page.state !== "open") return;
    expect(page.view.visit).toBeNull();
    const offered = offeredStarts(page.view);
    expect(offered).not.toContain(wanted);
    expect(offered.slice(0, 3)).toEqual([TUESDAY[0], TUESDAY[2], TUESDAY[3]]);
    // The winner's page shows the time held.
    const mine = await site.backend.booking.openPage({ token: winner.token, locale: "en" });
    expect(mine.state === "open" && mine.view.visit).toMatchObject({ status: "pending", window: "Arrival between 10:00 AM and 12:00 PM" });

    // The loser books one of those: done.
    expect(await site.backend.booking.book({ token: loser.token, start: offered[0] })).toEqual({ outcome: "done", done: "held" });
  });

  test("without the re-check, the unique slot alone lets one write of twenty through", async () => {
    const requests = await Promise.all(Array.from({ length: 20 }, () => site.newRequest()));
    const slot = "2027-03-09T16:00:00.000Z";
    const stamp = now.toISOString();
    const written = await Promise.all(
      requests.map(({ lead }) => {
        const id = randomUUID();
        const visit: Visit = {
          id,
          lead_id: lead.id,
          starts_at: slot,
          minutes: 120,
          status: "pending",
          sequence: 0,
          uid: `${id}@remodel.test`,
          note: null,
          reminder_job_id: null,
          created_at: stamp,
          updated_at: stamp,
          slot_start: slot,
          booked_by: "homeowner",
        };
        return writeBooking({ db: site.database.db, dialect: site.database.dialect, visit, jobs: [], now });
      }),
    );
    expect(written.filter((w) => w === "done")).toHaveLength(1);
    expect(written.filter((w) => w === "taken")).toHaveLength(19);
    expect(await visitsWhere(site.database, { slotStart: slot })).toHaveLength(1);
  });

  test("the most visits a day holds when homeowners race for that day's other windows", async () => {
    await site.rules({ maxPerDay: 2 });
    try {
      const requests = await Promise.all(WEDNESDAY.map(() => site.newRequest()));
      const answers = await Promise.all(requests.map(({ token }, i) => site.backend.booking.book({ token, start: WEDNESDAY[i] })));
      expect(answers.filter((a) => a.outcome === "done")).toHaveLength(2);
      expect(answers.filter((a) => a.outcome === "taken")).toHaveLength(2);
      const wednesday = await site.database.db
        .selectFrom("visits")
        .select("id")
        .where("starts_at", ">=", "2027-03-03T06:00:00.000Z")
        .where("starts_at", "<", "2027-03-04T06:00:00.000Z")
        .where("status", "in", ["pending", "scheduled"])
        .execute();
      expect(wednesday).toHaveLength(2);
      const open = await site.backend.booking.openWindows();
      expect(open.state === "open" && open.windows.some((w) => w.day === "2027-03-03")).toBe(false);
    } finally {
      await site.rules();
    }
  });
});
