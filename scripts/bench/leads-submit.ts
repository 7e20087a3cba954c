/**
 * The submitters of the leads section: CONNECTIONS `fetch` loops posting the estimate form the
 * way a browser without JavaScript does, each body unique (its marker) and each answer checked.
 */
import { REQUEST_HEADERS } from "#scripts/bench/http.ts";
import { BENCH_HOST } from "#scripts/bench/server.ts";
import type { SiteServer } from "#scripts/bench/types.ts";

export const CONNECTIONS = 50;
export const WARMUP_S = 2;
export const DURATION_S = 20;
export const PAGE = "/contact";
export const SUCCESS_TEXT = "Message sent successfully";
export const REQUEST_TIMEOUT_MS = 30_000;

/** A realistic message: a few lines, about 400 characters. */
const MESSAGE =
  "Hello, we would like an estimate for remodeling our master bathroom: replace the tub with a walk-in " +
  "shower, new double vanity, tile floor and walls, and better lighting. The room is about 10 by 12 feet, " +
  "second floor, house built in 1998 in Katy. We are flexible on dates but would like the work done " +
  "before the holidays. Weekday mornings are the best time to call. Thank you!";

export interface PhaseStats {
  seconds: number;
  sent: number;
  acknowledged: number;
  /** Status code → count, for answers other than an acknowledgement. */
  statuses: Record<string, number>;
  /** 2xx answers without SUCCESS_TEXT. */
  unconfirmed2xx: number;
  errors: number;
  timeouts: number;
  latenciesMs: number[];
  firstProblem?: string;
}

function assertLocal(url: string) {
  if (new URL(url).hostname !== BENCH_HOST) throw new Error(`refusing to load-test ${url}: only ${BENCH_HOST} is allowed`);
}

/** The signed token the server put in the form's hidden field. */
async function fetchFormToken(url: string): Promise<string> {
  const response = await fetch(url, { headers: REQUEST_HEADERS, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  const input = /<input\b[^>]*\bname="form_token"[^>]*>/.exec(html)?.[0];
  const token = input && /\bvalue="([^"]*)"/.exec(input)?.[1];
  if (!token || token === "__FORM_TOKEN__") throw new Error(`GET ${url}: no filled-in form_token in the page`);
  return token;
}

/** Runs CONNECTIONS submitters for `seconds`; each finishes the request it is in when time is up. */
export async function runPhase(server: SiteServer, seconds: number, next: () => string, acknowledged: Set<string>): Promise<PhaseStats> {
  const url = server.url + PAGE;
  assertLocal(url);
  const stats: PhaseStats = {
    seconds: 0,
    sent: 0,
    acknowledged: 0,
    statuses: {},
    unconfirmed2xx: 0,
    errors: 0,
    timeouts: 0,
    latenciesMs: [],
  };
  const headers = {
    ...REQUEST_HEADERS,
    "Content-Type": "application/x-www-form-urlencoded",
    Origin: server.url,
    Referer: url,
  };
  // Tokens first (one page view per submitter), so the clock covers the posts only.
  const tokens = await Promise.all(Array.from({ length: CONNECTIONS }, () => fetchFormToken(url)));

  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async (token: string) => {
    while (performance.now() < deadline) {
      const marker = next();
      const body = new URLSearchParams({
        from_name: "Bench Submitter",
        email: `bench+${marker.replace(/[^a-z0-9]/gi, "-")}@example.com`,
        phone: "(713) 555-0147",
        subject: `Bathroom remodel ${marker}`,
        message: MESSAGE,
        company_website: "",
        form_token: token,
      }).toString();
      stats.sent++;
      const t0 = performance.now();
      try {
        const response = await fetch(url, {
          method: "POST",
          headers,
          body,
          redirect: "manual",
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const text = await response.text();
        stats.latenciesMs.push(performance.now() - t0);
        if (response.status === 200 && text.includes(SUCCESS_TEXT)) {
          stats.acknowledged++;
          acknowledged.add(marker);
        } else if (response.status >= 200 && response.status < 300) {
          stats.unconfirmed2xx++;
          stats.firstProblem ??= `${response.status} without "${SUCCESS_TEXT}"`;
        } else {
          stats.statuses[response.status] = (stats.statuses[response.status] ?? 0) + 1;
          stats.firstProblem ??= `${response.status}: ${text
            .replace(/<[^>]*>/g, " ")
            .replace(/\s+/g, " ")
            .trim()
            .slice(0, 200)}`;
        }
      } catch (error) {
        const name = (error as Error).name;
        if (name === "TimeoutError" || name === "AbortError") stats.timeouts++;
        else stats.errors++;
        stats.firstProblem ??= `${name}: ${(error as Error).message}`;
      }
    }
  };
  await Promise.all(tokens.map((token) => worker(token)));
  stats.seconds = (performance.now() - started) / 1000;
  return stats;
}
