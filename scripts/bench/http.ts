/**
 * Throughput of the server rendering `/`, next to a plain node:http server
 * sending the same bytes: how much the whole stack (Express, security
 * headers, React Router, React) costs per request.
 *
 * The real server (its page cache on, as configured by default) and the static
 * baseline are measured in turns, A B A B…, ROUNDS times each, so noise from
 * other work on the machine hits both alike; the ratio is taken per round and
 * the summary gives the total requests of each over the same measured time, and
 * the worst p99 of the rounds. Never two load tests at once: the bench machine
 * has 2 cores, one for the server, one for autocannon. Then, once, the real
 * server with PAGE_CACHE_SECONDS=0 (every request rendered).
 * Each load test: WARMUP_S seconds thrown away, then DURATION_S measured.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import type { Result as LoadResult } from "autocannon";
import { num } from "#scripts/bench/format.ts";
import { BENCH_HOST } from "#scripts/bench/server.ts";
import { BenchSetupError, type BenchContext, type BenchSection } from "#scripts/bench/types.ts";

const CONNECTIONS = 50;
const PIPELINING = 1;
const WARMUP_S = 2;
const DURATION_S = 5;
const ROUNDS = 3;
const PAGE = "/";

/**
 * What a browser sends for a page (Chrome 13x on a desktop), minus cookies.
 * The same headers go to every server, so each answers as it would a visitor:
 * the HTML compressed, rendered for a person (not a crawler).
 */
export const REQUEST_HEADERS: Record<string, string> = {
  "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Safari/537.36",
  Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "Accept-Encoding": "gzip, deflate, br",
  "Accept-Language": "en-US,en;q=0.9",
};

interface Fetched {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One GET with exactly REQUEST_HEADERS (plus Host), body left as sent (not decompressed). */
function rawGet(url: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "GET", headers: REQUEST_HEADERS, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on("error", reject);
    req.end();
  });
}

function assertLocal(url: string) {
  if (new URL(url).hostname !== BENCH_HOST) throw new Error(`refusing to load-test ${url}: only ${BENCH_HOST} is allowed`);
}

/** autocannon for `seconds`, stopped by a guard if it overruns. */
async function load(url: string, seconds: number): Promise<LoadResult> {
  assertLocal(url);
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    pipelining: PIPELINING,
    duration: seconds,
    timeout: 10,
    headers: REQUEST_HEADERS,
  });
  const guard = setTimeout(() => instance.stop(), (seconds + 30) * 1000);
  try {
    return await instance;
  } finally {
    clearTimeout(guard);
  }
}

interface LoadFigures {
  target: string;
  url: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyAvgMs: number;
  latencyMaxMs: number;
  requests: number;
  bytesPerResponse: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** X-Page-Cache of one request right after the measured run (HIT, MISS or absent). */
  pageCache?: string;
}

async function measure(ctx: BenchContext, target: string, url: string): Promise<LoadFigures> {
  ctx.log(`load test ${target}: ${WARMUP_S} s warm-up, ${DURATION_S} s measured, ${CONNECTIONS} connections`);
  await load(url, WARMUP_S);
  const result = await load(url, DURATION_S);
  const after = await rawGet(url);
  const cacheHeader = after.headers["x-page-cache"];
  const figures: LoadFigures = {
    target,
    url,
    requestsPerSecond: Math.round(result.requests.average * 10) / 10,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyAvgMs: Math.round(result.latency.average * 100) / 100,
    latencyMaxMs: result.latency.max,
    requests: result.requests.total,
    bytesPerResponse: result.requests.total > 0 ? Math.round(result.throughput.total / result.requests.total) : 0,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    ...(typeof cacheHeader === "string" ? { pageCache: cacheHeader } : {}),
  };
  ctx.log(`  ${num(figures.requestsPerSecond)} req/s, p99 ${figures.latencyP99Ms} ms`);
  // Let sockets close and the server settle before the next test.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  return figures;
}

/** The baseline server, as a child process; resolves once it listens. */
async function startStaticServer(ctx: BenchContext, page: Fetched) {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-static-"));
  const bodyFile = path.join(dir, "body");
  writeFileSync(bodyFile, page.body);
  const header = (name: string) => {
    const value = page.headers[name];
    return Array.isArray(value) ? value.join(", ") : (value ?? "");
  };
  const child = spawn(process.execPath, [path.join(ctx.root, "scripts/bench/static-server.ts")], {
    env: {
      ...process.env,
      BENCH_BODY_FILE: bodyFile,
      BENCH_CONTENT_TYPE: header("content-type"),
      BENCH_CONTENT_ENCODING: header("content-encoding"),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= new Promise<void>((resolve) => {
      const done = () => {
        rmSync(dir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return done();
      const timer = setTimeout(() => child.pid !== undefined && process.kill(child.pid, "SIGKILL"), 5_000);
      child.once("exit", () => {
        clearTimeout(timer);
        done();
      });
      process.kill(child.pid, "SIGTERM");
    }));
  ctx.onCleanup(stop);

  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new BenchSetupError("The static baseline server did not start within 10 s.")), 10_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
      const match = /listening (\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new BenchSetupError(`The static baseline server exited with ${code} before listening.`));
    });
  });
  return { url: `http://${BENCH_HOST}:${port}${PAGE}`, pid: child.pid, stop };
}

/** Several rounds of one target, as one row: requests over the total time, the worst p99. */
function combine(target: string, rounds: LoadFigures[]): LoadFigures {
  const requests = rounds.reduce((sum, f) => sum + f.requests, 0);
  const first = rounds[0]!;
  return {
    ...first,
    target,
    requestsPerSecond: Math.round((rounds.reduce((sum, f) => sum + f.requestsPerSecond, 0) / rounds.length) * 10) / 10,
    latencyP50Ms: Math.max(...rounds.map((f) => f.latencyP50Ms)),
    latencyP99Ms: Math.max(...rounds.map((f) => f.latencyP99Ms)),
    latencyAvgMs: Math.round((rounds.reduce((sum, f) => sum + f.latencyAvgMs * f.requests, 0) / Math.max(requests, 1)) * 100) / 100,
    latencyMaxMs: Math.max(...rounds.map((f) => f.latencyMaxMs)),
    requests,
    non2xx: rounds.reduce((sum, f) => sum + f.non2xx, 0),
    errors: rounds.reduce((sum, f) => sum + f.errors, 0),
    timeouts: rounds.reduce((sum, f) => sum + f.timeouts, 0),
    pageCache: rounds.at(-1)?.pageCache,
  };
}

export const httpSection: BenchSection = {
  name: "http",
  title: `HTTP throughput of ${PAGE}: autocannon, ${CONNECTIONS} connections, pipelining ${PIPELINING}, SSR and static in turns (${ROUNDS} rounds of ${WARMUP_S} s warm-up + ${DURATION_S} s each)`,

  async run(ctx) {
    const server = await ctx.defaultServer();
    const ssrUrl = server.url + PAGE;

    // The bytes the baseline will send: the page as the real server sends it for these headers.
    const page = await rawGet(ssrUrl);
    if (page.status !== 200) throw new Error(`GET ${ssrUrl} answered ${page.status}; nothing to compare with.`);
    const contentType = String(page.headers["content-type"] ?? "");
    const contentEncoding = String(page.headers["content-encoding"] ?? "identity");

    const baseline = await startStaticServer(ctx, page);
    const ssrRounds: LoadFigures[] = [];
    const staticRounds: LoadFigures[] = [];
    try {
      for (let round = 1; round <= ROUNDS; round++) {
        ssrRounds.push(await measure(ctx, `SSR (page cache on, default), round ${round}`, ssrUrl));
        staticRounds.push(await measure(ctx, `static node:http, same bytes, round ${round}`, baseline.url));
      }
    } finally {
      await baseline.stop();
    }
    const cached = combine("SSR (page cache on, default)", ssrRounds);
    const stat = combine("static node:http, same bytes", staticRounds);
    const roundRatios = ssrRounds.map((f, i) => Math.round((f.requestsPerSecond / staticRounds[i]!.requestsPerSecond) * 1000) / 1000);

    const uncachedServer = await ctx.startServer({ PAGE_CACHE_SECONDS: "0" });
    let uncached: LoadFigures;
    try {
      uncached = await measure(ctx, "SSR (PAGE_CACHE_SECONDS=0)", uncachedServer.url + PAGE);
    } finally {
      await uncachedServer.stop();
    }

    const ratio = (a: LoadFigures) => Math.round((a.requestsPerSecond / stat.requestsPerSecond) * 1000) / 1000;
    const rows = [cached, uncached, stat].map((f) => [
      f.target,
      num(f.requestsPerSecond),
      num(f.latencyP50Ms),
      num(f.latencyP99Ms),
      num(f.bytesPerResponse),
      f === stat ? "1.000" : ratio(f).toFixed(3),
      f.non2xx + f.errors + f.timeouts,
    ]);
    const notes: string[] = [
      `Body compared: ${num(page.body.length)} bytes of ${contentType}, Content-Encoding ${contentEncoding} ` +
        `(request headers: Accept-Encoding "${REQUEST_HEADERS["Accept-Encoding"]}", a desktop Chrome User-Agent).`,
      `SSR / static: ${ratio(cached).toFixed(3)} with the page cache (rounds: ${roundRatios.map((r) => r.toFixed(3)).join(", ")}), ` +
        `p99 ${cached.latencyP99Ms} ms (worst round); ${ratio(uncached).toFixed(3)} rendering every request.`,
      "Bytes/resp include the response headers (the real server sends CSP and other security headers).",
    ];
    if (cached.pageCache !== "HIT") notes.push(`! The cached run's X-Page-Cache was ${cached.pageCache ?? "absent"}, not HIT.`);
    for (const f of [cached, uncached, stat]) {
      if (f.non2xx + f.errors + f.timeouts > 0)
        notes.push(`! ${f.target}: ${f.non2xx} non-2xx, ${f.errors} errors, ${f.timeouts} timeouts.`);
    }

    return {
      figures: {
        page: PAGE,
        connections: CONNECTIONS,
        pipelining: PIPELINING,
        warmupSeconds: WARMUP_S,
        durationSeconds: DURATION_S,
        rounds: ROUNDS,
        requestHeaders: REQUEST_HEADERS,
        body: { bytes: page.body.length, contentType, contentEncoding },
        ssr: cached,
        ssrRounds,
        ssrNoPageCache: uncached,
        static: stat,
        staticRounds,
        ratioSsrToStatic: ratio(cached),
        ratioSsrToStaticRounds: roundRatios,
        ratioSsrNoPageCacheToStatic: ratio(uncached),
      },
      tables: [
        {
          columns: ["Server", "req/s", "p50 ms", "p99 ms", "Bytes/resp", "÷ static", "Failed"],
          rows,
        },
      ],
      notes,
    };
  },
};
