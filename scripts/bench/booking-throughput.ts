/**
 * Bookings under a crowd (issue 28, ADR 071): the real server, REQUESTS estimate requests each with
 * its own booking link (made through the app's repositories), then HOMEOWNERS homeowners at once,
 * each on a request of their own, opening their booking page and posting one of the first
 * PICK_AMONG windows it offers (so many post the same window: races), picking again from the page a
 * 409 shows, then going on to the next request once booked, until ATTEMPTS posts in all.
 *
 * Printed: bookings and attempts per second (the page views included in the time, as a homeowner
 * makes them), the posts' median and 95th percentile. Then the database is read: every booking
 * answered 303 must have its visit on its window (none lost), no window may be held twice and the
 * visits must be exactly the bookings (none doubled); the section fails otherwise, or on any answer
 * but 303 and 409. SQLite always; PostgreSQL too when BENCH_POSTGRES_URL is set (a throw-away schema).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureBookingToken } from "#app/server/booking/link.server.ts";
import { saveBookingRules } from "#app/server/booking/rules.server.ts";
import { createLeadWithJobs } from "#app/server/repos/leads.server.ts";
import { loadSiteSecret } from "#app/server/secrets.server.ts";
import { defaultBookingRules, type BookingRules } from "#app/schemas/booking.ts";
import { withSiteDatabase } from "#tests/support/accounts.ts";
import { num } from "#scripts/bench/format.ts";
import { pgQuery, redact, withSchema } from "#scripts/bench/leads-stored.ts";
import { BenchSetupError, type BenchContext, type BenchSection, type SiteServer } from "#scripts/bench/types.ts";

const REQUESTS = 200;
const HOMEOWNERS = 20;
const ATTEMPTS = 200;
const PICK_AMONG = 3;
const TAKEN = "Sorry, someone just took that time.";

/** Every day 7:00–19:00, one-hour windows, three weeks, up to 20 a day: more windows than attempts. */
const RULES: BookingRules = {
  ...defaultBookingRules,
  hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, open: "07:00", close: "19:00" })),
  windowMinutes: 60,
  noticeDays: 0,
  horizonDays: 21,
  maxPerDay: 20,
};

interface DbTarget {
  dataDir: string;
  databaseUrl?: string;
  schema?: string;
}

interface Request {
  leadId: string;
  token: string;
}

interface Attempt {
  request: Request;
  start: string;
  status: number;
  taken: boolean;
  ms: number;
}

interface Figures {
  database: string;
  attempts: number;
  booked: number;
  taken: number;
  other: number;
  seconds: number;
  attemptsPerSecond: number;
  bookingsPerSecond: number;
  postP50Ms: number;
  postP95Ms: number;
  windowsTried: number;
  visits: number;
  lost: number;
  doubled: number;
}

/** The window starts a booking page's buttons post, in order. */
function startsOn(html: string): string[] {
  return [...html.matchAll(/<button\b[^>]*>/g)].filter((m) => m[0].includes('name="start"')).map((m) => /value="([^"]+)"/.exec(m[0])![1]!);
}

/** A small seeded generator, so two runs pick alike. */
function random(from: number): () => number {
  let state = from >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The rules, and REQUESTS requests with their booking tokens, as the estimate form makes them. */
async function seed(target: DbTarget): Promise<Request[]> {
  return withSiteDatabase(target, async (database) => {
    await saveBookingRules({ db: database.db, rules: RULES });
    const secret = await loadSiteSecret({ db: database.db, configured: undefined });
    const requests: Request[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const { lead } = await createLeadWithJobs({
        db: database.db,
        lead: {
          fromName: `Homeowner ${i}`,
          email: `homeowner${i}@bench.test`,
          phone: "(713) 555-0100",
          subject: `Bathroom remodel ${i}`,
          message: "",
          source: "/contact",
          isSpam: false,
          spamReason: null,
          ipHash: null,
          userAgent: "bench",
        },
        buildJobs: () => [],
        giveUpAfterMs: 3_600_000,
      });
      requests.push({ leadId: lead.id, token: await ensureBookingToken({ db: database.db, secret, leadId: lead.id, now: new Date() }) });
    }
    return requests;
  });
}

/** HOMEOWNERS homeowners booking at once until ATTEMPTS posts; every post's answer. */
async function crowd(server: SiteServer, requests: Request[]): Promise<{ attempts: Attempt[]; ms: number }> {
  const pick = random(28);
  const attempts: Attempt[] = [];
  let next = 0;
  let posted = 0;
  const page = async (token: string) => startsOn(await (await fetch(`${server.url}/book/${token}`)).text());
  async function homeowner() {
    while (posted < ATTEMPTS) {
      const request = requests[next++];
      if (!request) return;
      let starts = await page(request.token);
      while (posted < ATTEMPTS && starts.length > 0) {
        const start = starts[Math.floor(pick() * Math.min(PICK_AMONG, starts.length))]!;
        posted += 1;
        const began = performance.now();
        const res = await fetch(`${server.url}/book/${request.token}`, {
          method: "POST",
          redirect: "manual",
          headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "book", start }).toString(),
        });
        const html = await res.text();
        attempts.push({
          request,
          start,
          status: res.status,
          taken: res.status === 409 && html.includes(TAKEN),
          ms: performance.now() - began,
        });
        if (res.status !== 409) break;
        // The page a 409 shows: the windows still open, to pick again.
        starts = startsOn(html);
      }
    }
  }
  const began = performance.now();
  await Promise.all(Array.from({ length: HOMEOWNERS }, () => homeowner()));
  return { attempts, ms: performance.now() - began };
}

/** The visits the run left, read from the database: lost bookings, doubled windows. */
async function check(target: DbTarget, attempts: Attempt[]) {
  const visits = await withSiteDatabase(target, ({ db }) =>
    db
      .selectFrom("visits")
      .select(["lead_id", "slot_start", "starts_at", "status"])
      .where("status", "in", ["pending", "scheduled"])
      .execute(),
  );
  const booked = attempts.filter((a) => a.status === 303);
  const held = new Set(visits.map((v) => `${v.lead_id} ${v.slot_start}`));
  const lost = booked.filter((a) => !held.has(`${a.request.leadId} ${a.start}`)).length;
  const byStart = new Map<string, number>();
  for (const visit of visits) byStart.set(visit.starts_at, (byStart.get(visit.starts_at) ?? 0) + 1);
  const doubled = [...byStart.values()].filter((n) => n > 1).length + Math.abs(visits.length - booked.length);
  return { visits: visits.length, lost, doubled };
}

async function measure(ctx: BenchContext, database: string, server: SiteServer, target: DbTarget): Promise<Figures> {
  ctx.log(`${database}: ${REQUESTS} requests with booking links`);
  const requests = await seed(target);
  ctx.log(`${database}: ${HOMEOWNERS} homeowners booking at once, ${ATTEMPTS} posts`);
  const { attempts, ms } = await crowd(server, requests);
  const booked = attempts.filter((a) => a.status === 303).length;
  const taken = attempts.filter((a) => a.taken).length;
  const times = attempts.map((a) => a.ms).toSorted((a, b) => a - b);
  const stored = await check(target, attempts);
  return {
    database,
    attempts: attempts.length,
    booked,
    taken,
    other: attempts.length - booked - taken,
    seconds: ms / 1000,
    attemptsPerSecond: attempts.length / (ms / 1000),
    bookingsPerSecond: booked / (ms / 1000),
    postP50Ms: percentile(times, 50),
    postP95Ms: percentile(times, 95),
    windowsTried: new Set(attempts.map((a) => a.start)).size,
    ...stored,
  };
}

async function sqlite(ctx: BenchContext): Promise<Figures> {
  const server = await ctx.startServer();
  try {
    return await measure(ctx, "SQLite", server, { dataDir: server.dataDir });
  } finally {
    await server.stop();
  }
}

async function postgres(ctx: BenchContext, baseUrl: string): Promise<Figures> {
  const schema = `bench_booking_${randomBytes(4).toString("hex")}`;
  const drop = () => pgQuery(baseUrl, (c) => c.query(`drop schema if exists "${schema}" cascade`)).then(() => {});
  await pgQuery(baseUrl, (c) => c.query(`create schema "${schema}"`));
  ctx.onCleanup(drop);
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-booking-pg-"));
  ctx.onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const { url, password } = withSchema(baseUrl, schema);
  // The password goes by PGPASSWORD, so the bench's log (which prints a server's settings) never shows it.
  const saved = process.env.PGPASSWORD;
  if (password) process.env.PGPASSWORD = password;
  let server: SiteServer;
  try {
    server = await ctx.startServer({ DATABASE_URL: url, DATA_DIR: dataDir });
  } finally {
    if (saved === undefined) delete process.env.PGPASSWORD;
    else process.env.PGPASSWORD = saved;
  }
  try {
    return await measure(ctx, `PostgreSQL (${redact(baseUrl)})`, server, { dataDir, databaseUrl: baseUrl, schema });
  } finally {
    await server.stop();
    await drop();
  }
}

export const bookingThroughputSection: BenchSection = {
  name: "booking-throughput",
  title: `Issue 28: ${HOMEOWNERS} homeowners booking at once, ${ATTEMPTS} posts on the first ${PICK_AMONG} open windows; none lost, none doubled`,

  async preflight() {
    const url = process.env.BENCH_POSTGRES_URL;
    if (!url) return;
    if (!/^postgres(ql)?:\/\//.test(url)) throw new BenchSetupError("BENCH_POSTGRES_URL must be a postgres://… URL.");
    try {
      await pgQuery(url, (c) => c.query("select 1"));
    } catch (error) {
      throw new BenchSetupError(`BENCH_POSTGRES_URL (${redact(url)}) cannot be reached: ${(error as Error).message}`);
    }
  },

  async run(ctx) {
    const results = [await sqlite(ctx)];
    const postgresUrl = process.env.BENCH_POSTGRES_URL;
    if (postgresUrl) results.push(await postgres(ctx, postgresUrl));
    const failed = results.filter((r) => r.lost > 0 || r.doubled > 0 || r.other > 0 || r.booked === 0);
    if (failed.length > 0) {
      throw new Error(
        failed
          .map(
            (r) =>
              `${r.database}: ${r.lost} bookings lost, ${r.doubled} doubled, ${r.other} answers neither 303 nor 409, ${r.booked} booked`,
          )
          .join("; "),
      );
    }
    const notes = [
      `Each attempt is one POST /book/<token>; the time includes each homeowner's page views (one per request, and the page a 409 shows), as a homeowner makes them.`,
      `Lost: answered 303 without its visit on its window. Doubled: a window held twice, or visits not equal to the bookings. Both must be 0, and every answer 303 or 409 ("${TAKEN}"); else the section fails.`,
      `Rules: every day 7:00–19:00, one-hour windows, 21 days ahead, up to 20 a day, held until the contractor confirms (the default).`,
    ];
    if (!postgresUrl) notes.push("SQLite only: set BENCH_POSTGRES_URL=postgres://… to measure PostgreSQL as well (a throw-away schema).");
    return {
      figures: { requests: REQUESTS, homeowners: HOMEOWNERS, attempts: ATTEMPTS, pickAmong: PICK_AMONG, results },
      tables: [
        {
          title: `${HOMEOWNERS} homeowners at once, ${ATTEMPTS} posts`,
          columns: [
            "database",
            "booked",
            "taken",
            "bookings/s",
            "attempts/s",
            "POST p50 (ms)",
            "POST p95 (ms)",
            "windows tried",
            "lost",
            "doubled",
          ],
          rows: results.map((r) => [
            r.database,
            r.booked,
            r.taken,
            num(r.bookingsPerSecond, 1),
            num(r.attemptsPerSecond, 1),
            num(r.postP50Ms, 1),
            num(r.postP95Ms, 1),
            r.windowsTried,
            r.lost,
            r.doubled,
          ]),
        },
      ],
      notes,
    };
  },
};
