/**
 * The time a request waits on a lock (ADR 043): another process holds SQLite's write lock
 * (`begin immediate`) for LOCK_S seconds while SUBMITTERS homeowners post the estimate form's
 * script request (JSON) one after the other and /healthz and an uncached page are asked every
 * POLL_MS. Printed: each post's answer time (p50, p95, max) by outcome (stored, 503), and the
 * answer times of /healthz and /about during the lock. A figure, not a budget: it shows that
 * the event loop stays free (health and pages in milliseconds) and that a post waits at most its
 * bound, then is stored or refused.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { num } from "#scripts/bench/format.ts";
import type { BenchContext, BenchSection, SiteServer } from "#scripts/bench/types.ts";

const LOCK_S = 12;
const SUBMITTERS = 4;
const POLL_MS = 100;

const SERVER_ENV: Record<string, string> = {
  FORM_MIN_SECONDS: "0",
  LEAD_RATE_LIMIT: "100000",
  PAGE_CACHE_SECONDS: "0",
};

function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? null;
}

function summary(values: number[]) {
  const sorted = values.toSorted((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? null };
}

/** Holds the write lock in another process; resolves when it is held, `released` when it is let go. */
async function holdLock(root: string, file: string, seconds: number) {
  const script = `
    import Database from "better-sqlite3";
    const db = new Database(${JSON.stringify(file)}, { timeout: 0 });
    db.exec("begin immediate");
    process.stdout.write("locked\\n");
    setTimeout(() => { db.exec("rollback"); db.close(); process.stdout.write("released\\n"); }, ${seconds * 1000});
  `;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const locked = Promise.withResolvers<void>();
  const released = Promise.withResolvers<void>();
  let out = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    out += chunk;
    if (out.includes("locked\n")) locked.resolve();
    if (out.includes("released\n")) released.resolve();
  });
  child.once("exit", () => {
    locked.reject(new Error("the lock holder exited before taking the lock"));
    released.resolve();
  });
  await locked.promise;
  return { released: released.promise };
}

async function timed(fn: () => Promise<Response>): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  try {
    const res = await fn();
    await res.arrayBuffer();
    return { ms: performance.now() - started, status: res.status };
  } catch {
    return { ms: performance.now() - started, status: 0 };
  }
}

async function postEstimate(server: SiteServer, n: number) {
  const tokenRes = await fetch(`${server.url}/form-token`);
  const { token } = (await tokenRes.json()) as { token: string };
  const body = new URLSearchParams({
    from_name: "Bench Homeowner",
    email: `lock-bench-${n}@example.com`,
    phone: "713-555-0100",
    subject: `Lock bench ${n}`,
    message: "We would like an estimate for a new bathroom floor.",
    form_token: token,
  }).toString();
  return timed(() =>
    fetch(`${server.url}/estimate-request?from=/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body,
    }),
  );
}

export const lockSection: BenchSection = {
  name: "lock",
  title: `Requests while another process holds SQLite's write lock for ${LOCK_S} s`,
  async run(ctx: BenchContext) {
    const server = await ctx.startServer(SERVER_ENV);
    ctx.log(`lock: holding the write lock for ${LOCK_S} s while ${SUBMITTERS} homeowners post`);
    const lock = await holdLock(ctx.root, path.join(server.dataDir, "site.db"), LOCK_S);
    let held = true;
    void lock.released.then(() => (held = false));
    const isHeld = () => held;

    const stored: number[] = [];
    const refused: number[] = [];
    const other: number[] = [];
    let n = 0;
    const submitters = Array.from({ length: SUBMITTERS }, async () => {
      while (isHeld()) {
        const answer = await postEstimate(server, n++);
        (answer.status === 200 ? stored : answer.status === 503 ? refused : other).push(answer.ms);
      }
    });
    const health: number[] = [];
    const pages: number[] = [];
    const pollers = [
      ["/healthz", health],
      ["/about", pages],
    ].map(async ([route, into]) => {
      while (isHeld()) {
        const answer = await timed(() => fetch(`${server.url}${route as string}`));
        if (held) (into as number[]).push(answer.ms);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    });
    await Promise.all([...submitters, ...pollers]);
    await server.stop();

    const rows = [
      ["POST /estimate-request, stored (200)", stored],
      ["POST /estimate-request, refused (503)", refused],
      ["POST /estimate-request, other answers", other],
      ["GET /healthz during the lock", health],
      ["GET /about (uncached) during the lock", pages],
    ] as const;
    const figures = Object.fromEntries(rows.map(([label, values]) => [label, summary([...values])]));
    return {
      figures: { lockSeconds: LOCK_S, submitters: SUBMITTERS, ...figures },
      tables: [
        {
          columns: ["Request", "count", "p50 ms", "p95 ms", "max ms"],
          rows: rows.map(([label, values]) => {
            const s = summary([...values]);
            return [label, s.count, num(s.p50), num(s.p95), num(s.max)];
          }),
        },
      ],
      notes: [
        "A post waits for the lock at most its bound (5 s), with the event loop free, then is stored or answered 503 with Retry-After.",
      ],
    };
  },
};
