/**
 * What accounts cost: the argon2id hash (its parameters are the point: slow for an attacker,
 * fine for a person), a password sign-in end to end, and pages for a signed-in admin, which
 * are rendered for them (never from the page cache) after a session lookup in the database.
 *
 * - argon2id: hashPassword() in this process, SAMPLES times, median and p95.
 * - Sign-in: the bench signs up at /signup, then POSTs /login SAMPLES times one after the
 *   other (no concurrency: this is a person's wait, not a load test).
 * - Signed-in pages: autocannon GET /profile with the session cookie (CONNECTIONS connections,
 *   DURATION_S s), next to the anonymous, cached / for scale.
 */
import autocannon from "autocannon";
import { hashPassword } from "#app/server/auth/password.server.ts";
import { num } from "#scripts/bench/format.ts";
import { REQUEST_HEADERS } from "#scripts/bench/http.ts";
import { BENCH_HOST } from "#scripts/bench/server.ts";
import type { BenchContext, BenchSection, SiteServer } from "#scripts/bench/types.ts";

const SAMPLES = 30;
const CONNECTIONS = 20;
const WARMUP_S = 2;
const DURATION_S = 10;
/** The limit is per account and address: the bench signs in many times from one address. */
const SERVER_ENV = { SIGN_IN_FAILURE_LIMIT: "100000" };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

function assertLocal(url: string) {
  if (new URL(url).hostname !== BENCH_HOST) throw new Error(`refusing to load-test ${url}: only ${BENCH_HOST} is allowed`);
}

async function post(server: SiteServer, path: string, fields: Record<string, string>, cookie?: string) {
  const response = await fetch(server.url + path, {
    method: "POST",
    redirect: "manual",
    headers: {
      ...REQUEST_HEADERS,
      Origin: server.url,
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
    signal: AbortSignal.timeout(30_000),
  });
  await response.arrayBuffer();
  const sessionCookie = response.headers.getSetCookie().find((c) => c.startsWith("session=") && !c.startsWith("session=;"));
  return { status: response.status, cookie: sessionCookie?.split(";")[0] };
}

async function load(url: string, seconds: number, cookie?: string) {
  assertLocal(url);
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
    headers: { ...REQUEST_HEADERS, ...(cookie ? { Cookie: cookie } : {}) },
  });
  const guard = setTimeout(() => instance.stop(), (seconds + 30) * 1000);
  try {
    return await instance;
  } finally {
    clearTimeout(guard);
  }
}

async function measurePage(ctx: BenchContext, label: string, url: string, cookie?: string) {
  ctx.log(`load test ${label}: ${WARMUP_S} s warm-up, ${DURATION_S} s measured, ${CONNECTIONS} connections`);
  await load(url, WARMUP_S, cookie);
  const result = await load(url, DURATION_S, cookie);
  return {
    target: label,
    requestsPerSecond: round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export const authSection: BenchSection = {
  name: "auth",
  title: `Accounts: argon2id hash, password sign-in (${SAMPLES} in a row), signed-in page throughput (${CONNECTIONS} connections, ${DURATION_S} s)`,
  async run(ctx) {
    ctx.log(`argon2id: ${SAMPLES} hashes`);
    const hashMs: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const started = performance.now();
      await hashPassword(`bench password ${i}`);
      hashMs.push(performance.now() - started);
    }
    hashMs.sort((a, b) => a - b);

    const server = await ctx.startServer(SERVER_ENV);
    const email = `bench-${Date.now()}@example.com`;
    const password = "bench lantern orchard 42";
    const signup = await post(server, "/signup", { name: "Bench Person", email, password });
    if (!signup.cookie) throw new Error(`sign-up did not sign in (status ${signup.status})`);

    ctx.log(`sign-in: ${SAMPLES} password sign-ins one after the other`);
    const signInMs: number[] = [];
    let cookie = signup.cookie;
    for (let i = 0; i < SAMPLES; i++) {
      const started = performance.now();
      const result = await post(server, "/login", { email, password });
      signInMs.push(performance.now() - started);
      if (result.status !== 302 || !result.cookie) throw new Error(`sign-in ${i} answered ${result.status}`);
      cookie = result.cookie;
    }
    signInMs.sort((a, b) => a - b);

    const signedIn = await measurePage(ctx, "GET /profile, signed in (rendered, session read)", `${server.url}/profile`, cookie);
    const anonymous = await measurePage(ctx, "GET /, anonymous (page cache)", `${server.url}/`);
    await server.stop();

    const figures = {
      argon2idHashMs: { p50: round(percentile(hashMs, 50)), p95: round(percentile(hashMs, 95)), samples: SAMPLES },
      signInMs: { p50: round(percentile(signInMs, 50)), p95: round(percentile(signInMs, 95)), samples: SAMPLES },
      pages: [signedIn, anonymous],
    };
    return {
      figures,
      tables: [
        {
          columns: ["measure", "p50 ms", "p95 ms"],
          rows: [
            ["argon2id hash (m=19 MiB, t=2, p=1)", num(figures.argon2idHashMs.p50, 1), num(figures.argon2idHashMs.p95, 1)],
            ["password sign-in, POST /login to answer", num(figures.signInMs.p50, 1), num(figures.signInMs.p95, 1)],
          ],
        },
        {
          columns: ["page", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors"],
          rows: [signedIn, anonymous].map((p) => [
            p.target,
            num(p.requestsPerSecond, 1),
            p.latencyP50Ms,
            p.latencyP99Ms,
            p.non2xx,
            p.errors,
          ]),
        },
      ],
      notes: ["Signed-in pages are never served from the page cache: each reads the session and the account from the database."],
    };
  },
};
