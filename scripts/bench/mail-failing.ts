/**
 * A mail server that refuses the connection (docs/decisions/055-mail-failures-at-once.md): how
 * long from the estimate request to the dashboard's email item being red. The production server
 * (`node server/main.ts`, default retry settings) runs with SMTP_URL at a port nothing listens on;
 * one request is posted the way a browser without JavaScript does, and the dashboard is read as
 * an admin every 50 ms until its "Needs you now" banner names the refused connection. Before this
 * decision the item stayed green until MAIL_GIVE_UP_HOURS (24 h) had passed.
 */
import net from "node:net";
import { createTestAccount } from "#tests/support/accounts.ts";
import { num } from "#scripts/bench/format.ts";
import { postPlainEstimate } from "#scripts/bench/estimate-post.ts";
import { REQUEST_HEADERS } from "#scripts/bench/http.ts";
import { BENCH_HOST } from "#scripts/bench/server.ts";
import type { BenchSection, SiteServer } from "#scripts/bench/types.ts";

const RUNS = 5;
const WAIT_LIMIT_MS = 60_000;

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, BENCH_HOST, resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Seconds from the post until the dashboard's banner names the refused connection, or null. */
async function secondsUntilRed(server: SiteServer, cookie: string, n: number): Promise<number | null> {
  const started = performance.now();
  await postPlainEstimate(server, { emailPrefix: "refused", n });
  const until = Date.now() + WAIT_LIMIT_MS;
  while (Date.now() < until) {
    const html = await (await fetch(`${server.url}/admin`, { headers: { ...REQUEST_HEADERS, Cookie: cookie } })).text();
    if (html.includes("Needs you now") && html.includes("refused the connection [ECONNREFUSED]")) {
      return (performance.now() - started) / 1000;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

export const mailFailingSection: BenchSection = {
  name: "mail-failing",
  title: "Email with a mail server that refuses the connection: seconds from the request to the red checklist item",
  async run(ctx) {
    const times: (number | null)[] = [];
    for (let run = 0; run < RUNS; run++) {
      // A fresh server each run: the outage opens with the first failure, as on a live site.
      const server = await ctx.startServer({
        SMTP_URL: `smtp://${BENCH_HOST}:${await closedPort()}`,
        LEADS_TO: "owner@example.com",
        FORM_MIN_SECONDS: "0",
        LEAD_RATE_LIMIT: "100000",
      });
      const admin = await createTestAccount({ dataDir: server.dataDir }, { role: "admin" });
      times.push(await secondsUntilRed(server, admin.cookie, run));
      await server.stop();
    }
    const measured = times.filter((t): t is number => t !== null).toSorted((a, b) => a - b);
    const median = measured.length > 0 ? measured[Math.floor(measured.length / 2)]! : null;
    ctx.log(`mail-failing: ${times.map((t) => (t === null ? "-" : t.toFixed(2))).join(", ")} s`);
    return {
      figures: { runs: RUNS, seconds: times, medianSeconds: median, maxSeconds: measured.at(-1) ?? null },
      tables: [
        {
          columns: ["What", "Value"],
          rows: [
            ["Runs (a fresh server each)", RUNS],
            ["Seconds from the estimate post to the red item, median", median === null ? "-" : num(median, 2)],
            ["Seconds, slowest run", measured.length > 0 ? num(measured.at(-1)!, 2) : "-"],
            ["Runs never red within 60 s", times.filter((t) => t === null).length],
          ],
        },
      ],
      notes: ["The first attempt is made as soon as the request is stored, so the figure is the send's refusal plus one dashboard read."],
    };
  },
};
