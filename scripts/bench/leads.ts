/**
 * Estimate requests (leads) accepted per second, and proof that none is lost.
 *
 * The real server (`node server/main.ts`, its own fresh data directory) gets
 * CONNECTIONS concurrent submitters posting the estimate form to /contact the
 * way a browser without JavaScript does: GET /contact once per submitter for
 * the signed `form_token`, then POST application/x-www-form-urlencoded with a
 * same-origin `Origin` header, the empty honeypot and the token, one request
 * after the other. Every submission has its own marker (in the subject) and
 * its own email address, so each one stores a lead and two email jobs (the
 * notification and the visitor's confirmation) in one transaction, committed
 * with `synchronous = FULL` before the answer; the file mail transport writes
 * the .eml files in the background.
 *
 * A submission is acknowledged only when the answer is 200 and says
 * SUCCESS_TEXT. After the run the server is stopped (SIGTERM, graceful) and the
 * database is read: every acknowledged marker must be there.
 *
 * The submitters are plain `fetch` loops in this process (not autocannon):
 * each request's body must be unique and each answer's body checked, and the
 * loops finish the request they are in when time is up, so nothing in flight
 * is left uncounted. Latency is measured per request around `fetch` + reading
 * the body.
 *
 * SQLite always; PostgreSQL too when BENCH_POSTGRES_URL is set (a throw-away
 * schema, dropped afterwards).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { num } from "#scripts/bench/format.ts";
import {
  CONNECTIONS,
  DURATION_S,
  PAGE,
  REQUEST_TIMEOUT_MS,
  SUCCESS_TEXT,
  WARMUP_S,
  runPhase,
  type PhaseStats,
} from "#scripts/bench/leads-submit.ts";
import { markersIn, pgQuery, readPostgres, readSqlite, redact, withSchema, type StoredCounts } from "#scripts/bench/leads-stored.ts";
import { BenchSetupError, type BenchContext, type BenchSection, type SiteServer } from "#scripts/bench/types.ts";

/**
 * The per-IP limit would stop a bench that posts from one address. The
 * server accepts at most 100,000 per window (LEAD_RATE_LIMIT is validated),
 * so: 100,000 a second, far more than one core can store.
 */
const SERVER_ENV: Record<string, string> = {
  FORM_MIN_SECONDS: "0",
  LEAD_RATE_LIMIT: "100000",
  LEAD_RATE_WINDOW_SECONDS: "1",
};

interface TargetFigures {
  database: string;
  /** Where the data went (a PostgreSQL URL without its password, or "DATA_DIR/site.db"). */
  location: string;
  leadsPerSecond: number;
  latencyP50Ms: number;
  latencyP90Ms: number;
  latencyP99Ms: number;
  latencyAvgMs: number;
  latencyMaxMs: number;
  /** Measured phase only. */
  sent: number;
  acknowledged: number;
  non2xx: number;
  non2xxByStatus: Record<string, number>;
  /** 2xx answers that did not say SUCCESS_TEXT (counted as not acknowledged). */
  unconfirmed2xx: number;
  errors: number;
  timeouts: number;
  warmup: { seconds: number; sent: number; acknowledged: number; failed: number };
  /** Warm-up and measured together, checked against the database. */
  acknowledgedTotal: number;
  stored: number;
  /** Acknowledged but not in the database: must be 0. */
  missing: number;
  missingMarkers: string[];
  /** In the database but never acknowledged (the answer was lost, e.g. a client timeout). */
  storedUnacknowledged: number;
  /** Markers stored more than once. */
  duplicates: number;
  /** Stored leads flagged as spam (a bad form token would do that). */
  storedAsSpam: number;
  emailJobs: number;
  emailJobsByStatus: Record<string, number>;
  /** .eml files the file transport had written when the server stopped (SQLite run only). */
  emlFiles?: number;
  firstProblem?: string;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

// ---- One database ----

async function measureTarget(
  ctx: BenchContext,
  database: "SQLite" | "PostgreSQL",
  start: () => Promise<{ server: SiteServer; location: string }>,
  read: () => Promise<StoredCounts>,
  emlDir?: string,
): Promise<TargetFigures> {
  const runId = `b${randomBytes(4).toString("hex")}`;
  let counter = 0;
  const next = () => `${runId}-${++counter}`;
  const acknowledged = new Set<string>();

  const { server, location } = await start();
  let warmup: PhaseStats;
  let measured: PhaseStats;
  try {
    ctx.log(`leads on ${database}: ${WARMUP_S} s warm-up, ${DURATION_S} s measured, ${CONNECTIONS} submitters`);
    warmup = await runPhase(server, WARMUP_S, next, acknowledged);
    measured = await runPhase(server, DURATION_S, next, acknowledged);
  } finally {
    // Graceful stop: in-flight requests finish, the outbox stops, the database is closed.
    await server.stop();
  }
  const stored = await read();
  const storedMarkers = markersIn(stored.subjects, runId);
  const storedSet = new Set(storedMarkers);
  const missingMarkers = [...acknowledged].filter((m) => !storedSet.has(m));
  const storedUnacknowledged = [...storedSet].filter((m) => !acknowledged.has(m)).length;
  const emlFiles = emlDir ? countFiles(emlDir, ".eml") : undefined;

  const sorted = measured.latenciesMs.toSorted((a, b) => a - b);
  const non2xx = Object.values(measured.statuses).reduce((a, b) => a + b, 0);
  // Answers other than an acknowledgement, errors included.
  const warmupFailed = warmup.sent - warmup.acknowledged;
  const figures: TargetFigures = {
    database,
    location,
    leadsPerSecond: round(measured.acknowledged / measured.seconds, 1),
    latencyP50Ms: round(percentile(sorted, 50), 1),
    latencyP90Ms: round(percentile(sorted, 90), 1),
    latencyP99Ms: round(percentile(sorted, 99), 1),
    latencyAvgMs: round(sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length), 1),
    latencyMaxMs: round(sorted.at(-1) ?? Number.NaN, 1),
    sent: measured.sent,
    acknowledged: measured.acknowledged,
    non2xx,
    non2xxByStatus: measured.statuses,
    unconfirmed2xx: measured.unconfirmed2xx,
    errors: measured.errors,
    timeouts: measured.timeouts,
    warmup: {
      seconds: round(warmup.seconds),
      sent: warmup.sent,
      acknowledged: warmup.acknowledged,
      failed: warmupFailed,
    },
    acknowledgedTotal: acknowledged.size,
    stored: storedMarkers.length,
    missing: missingMarkers.length,
    missingMarkers: missingMarkers.slice(0, 20),
    storedUnacknowledged,
    duplicates: storedMarkers.length - storedSet.size,
    storedAsSpam: stored.spam,
    emailJobs: Object.values(stored.jobsByStatus).reduce((a, b) => a + b, 0),
    emailJobsByStatus: stored.jobsByStatus,
    ...(emlFiles === undefined ? {} : { emlFiles }),
    ...((measured.firstProblem ?? warmup.firstProblem) ? { firstProblem: measured.firstProblem ?? warmup.firstProblem } : {}),
  };
  ctx.log(
    `  ${num(figures.leadsPerSecond, 1)} leads/s, p99 ${figures.latencyP99Ms} ms; ` +
      `${figures.acknowledgedTotal} acknowledged, ${figures.stored} stored, ${figures.missing} missing`,
  );
  return figures;
}

function countFiles(dir: string, suffix: string): number {
  try {
    return readdirSync(dir).filter((f) => f.endsWith(suffix)).length;
  } catch {
    return 0;
  }
}

async function sqliteTarget(ctx: BenchContext): Promise<TargetFigures> {
  // Our own data directory (DATA_DIR overrides the server helper's), so the
  // database outlives the server's stop and can be read afterwards.
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-leads-"));
  const remove = () => rmSync(dataDir, { recursive: true, force: true });
  ctx.onCleanup(remove);
  try {
    return await measureTarget(
      ctx,
      "SQLite",
      async () => ({
        server: await ctx.startServer({ DATA_DIR: dataDir, ...SERVER_ENV }),
        location: "DATA_DIR/site.db",
      }),
      () => readSqlite(dataDir),
      path.join(dataDir, "mail"),
    );
  } finally {
    remove();
  }
}

async function postgresTarget(ctx: BenchContext, baseUrl: string): Promise<TargetFigures> {
  const schema = `bench_leads_${randomBytes(4).toString("hex")}`;
  const drop = () => pgQuery(baseUrl, (c) => c.query(`drop schema if exists "${schema}" cascade`)).then(() => {});
  await pgQuery(baseUrl, (c) => c.query(`create schema "${schema}"`));
  ctx.onCleanup(drop);
  // A file mail transport still needs a directory; the database is elsewhere.
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-leads-pg-"));
  ctx.onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const { url, password } = withSchema(baseUrl, schema);
  try {
    return await measureTarget(
      ctx,
      "PostgreSQL",
      async () => {
        // The password goes by PGPASSWORD, so the bench's log (which prints a server's settings) never shows it.
        const saved = process.env.PGPASSWORD;
        if (password) process.env.PGPASSWORD = password;
        try {
          const server = await ctx.startServer({ DATABASE_URL: url, DATA_DIR: dataDir, ...SERVER_ENV });
          return { server, location: `${redact(baseUrl)} schema ${schema}` };
        } finally {
          if (saved === undefined) delete process.env.PGPASSWORD;
          else process.env.PGPASSWORD = saved;
        }
      },
      () => readPostgres(baseUrl, schema),
    );
  } finally {
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const leadsSection: BenchSection = {
  name: "leads",
  title: `Estimate requests stored per second: POST ${PAGE}, ${CONNECTIONS} submitters, ${WARMUP_S} s warm-up + ${DURATION_S} s, then every acknowledged lead looked up`,

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
    const targets: TargetFigures[] = [await sqliteTarget(ctx)];
    const postgresUrl = process.env.BENCH_POSTGRES_URL;
    if (postgresUrl) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      targets.push(await postgresTarget(ctx, postgresUrl));
    }

    const rows = targets.map((t) => [
      t.database,
      num(t.leadsPerSecond, 1),
      num(t.latencyP50Ms, 1),
      num(t.latencyP99Ms, 1),
      num(t.acknowledgedTotal),
      num(t.stored),
      t.missing,
      t.non2xx,
      t.unconfirmed2xx + t.errors + t.timeouts,
    ]);
    const notes: string[] = [
      `leads/s, p50 and p99 cover the ${DURATION_S} s measured phase only; Acknowledged and Stored include the ` +
        `${WARMUP_S} s warm-up (${targets.map((t) => `${t.database}: ${num(t.warmup.acknowledged)} in the warm-up`).join(", ")}).`,
      `Acknowledged: answered 200 with "${SUCCESS_TEXT}". Missing: acknowledged but not in the database (must be 0). ` +
        `Other: 2xx without that text, network errors and ${REQUEST_TIMEOUT_MS / 1000} s timeouts.`,
      `Each lead: a unique email, so a notification and a confirmation job are stored with it in one transaction ` +
        `(SQLite: WAL, synchronous=FULL); the file mail transport writes .eml files meanwhile. ` +
        `Server run with ${Object.entries(SERVER_ENV)
          .map(([k, v]) => `${k}=${v}`)
          .join(" ")}; ` +
        `one GET ${PAGE} per submitter for the form token, not timed.`,
    ];
    if (!postgresUrl) notes.push("SQLite only: set BENCH_POSTGRES_URL=postgres://… to measure PostgreSQL as well (a throw-away schema).");
    for (const t of targets) {
      const jobs =
        Object.entries(t.emailJobsByStatus)
          .map(([s, n]) => `${n} ${s}`)
          .join(", ") || "none";
      notes.push(
        `${t.database}: ${num(t.emailJobs)} email jobs (${jobs})` +
          (t.emlFiles === undefined ? "" : `, ${num(t.emlFiles)} .eml files written by the time the server stopped`) +
          `; measured phase ${num(t.sent)} sent, ${num(t.acknowledged)} acknowledged.`,
      );
      if (t.missing > 0)
        notes.push(
          `! ${t.database}: ${t.missing} acknowledged leads are NOT in the database (e.g. ${t.missingMarkers.slice(0, 3).join(", ")}).`,
        );
      if (t.duplicates > 0) notes.push(`! ${t.database}: ${t.duplicates} leads were stored twice.`);
      if (t.storedAsSpam > 0) notes.push(`! ${t.database}: ${t.storedAsSpam} leads were stored as spam.`);
      if (t.storedUnacknowledged > 0)
        notes.push(`! ${t.database}: ${t.storedUnacknowledged} leads were stored but their answer never arrived (errors or timeouts).`);
      const expectedJobs = 2 * t.stored;
      if (t.emailJobs !== expectedJobs)
        notes.push(`! ${t.database}: ${t.emailJobs} email jobs for ${t.stored} leads (expected ${expectedJobs}).`);
      if (t.firstProblem) notes.push(`! ${t.database}: first failed submission: ${t.firstProblem}`);
    }

    const [sqlite, postgres] = targets;
    return {
      figures: {
        page: PAGE,
        connections: CONNECTIONS,
        warmupSeconds: WARMUP_S,
        durationSeconds: DURATION_S,
        serverEnv: SERVER_ENV,
        sqlite,
        ...(postgres ? { postgres } : {}),
      },
      tables: [
        {
          columns: ["Database", "leads/s", "p50 ms", "p99 ms", "Acknowledged", "Stored", "Missing", "Non-2xx", "Other failed"],
          rows,
        },
      ],
      notes,
    };
  },
};
