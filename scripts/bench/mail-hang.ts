/**
 * A mail server that accepts and then hangs (docs/decisions/047-mail-that-hangs.md).
 *
 * A real SMTP listener (smtp-server on 127.0.0.1) whose first session greets, then never answers
 * MAIL FROM; every later session works. The production server (`node server/main.ts`, default
 * mail settings, SMTP_URL pointing at the listener) gets LEADS estimate requests, posted the way a
 * browser without JavaScript does (2 emails each). Measured:
 * - how long until the emails not on the hung connection arrived, and until every email did (the
 *   hung one after its timeout and a retry), and so emails per minute while one connection hangs;
 * - copies: messages that arrived more than once (same X-Job-Id);
 * - shutdown: every session now hangs, one more request is posted, and once its email is being
 *   sent the server gets SIGTERM; the seconds until it exited (SHUTDOWN_TIMEOUT_SECONDS is 10).
 */
import { startHangingSmtp } from "#tests/support/hanging-smtp.ts";
import { num } from "#scripts/bench/format.ts";
import { postPlainEstimate } from "#scripts/bench/estimate-post.ts";
import { BENCH_HOST } from "#scripts/bench/server.ts";
import type { BenchSection } from "#scripts/bench/types.ts";

const LEADS = 10;
const WAIT_LIMIT_MS = 120_000;

async function waitFor(check: () => boolean, limitMs: number): Promise<boolean> {
  const until = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export const mailHangSection: BenchSection = {
  name: "mail-hang",
  title: "Email with a mail server that accepts and then hangs: delivery rate, copies, shutdown",
  async run(ctx) {
    const listener = await startHangingSmtp(BENCH_HOST);
    ctx.onCleanup(() => listener.close());
    const server = await ctx.startServer({
      SMTP_URL: listener.url,
      LEADS_TO: "owner@example.com",
      FORM_MIN_SECONDS: "0",
      LEAD_RATE_LIMIT: "100000",
      CONFIRMATIONS_PER_ADDRESS_PER_DAY: "1000",
    });

    ctx.log(`mail-hang: ${LEADS} requests, the mail server's first session hangs after its greeting`);
    const started = performance.now();
    for (let i = 0; i < LEADS; i++) await postPlainEstimate(server, { emailPrefix: "hang", n: i });
    const expected = 2 * LEADS;
    const othersArrived = await waitFor(() => new Set(listener.jobIds).size >= expected - 1, WAIT_LIMIT_MS);
    const othersSeconds = (performance.now() - started) / 1000;
    const allArrived = await waitFor(() => new Set(listener.jobIds).size >= expected, WAIT_LIMIT_MS);
    const allSeconds = (performance.now() - started) / 1000;
    // Anything sent twice shows up now.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const copies = listener.jobIds.length - new Set(listener.jobIds).size;

    ctx.log("mail-hang: every session hangs now; one more request, then SIGTERM while its email is being sent");
    listener.hangEverySession();
    const hangsBefore = listener.hangs();
    await postPlainEstimate(server, { emailPrefix: "hang", n: LEADS });
    await waitFor(() => listener.hangs() > hangsBefore, 30_000);
    const stopStarted = performance.now();
    process.kill(server.pid, "SIGTERM");
    await waitFor(() => !isAlive(server.pid), 60_000);
    const shutdownSeconds = (performance.now() - stopStarted) / 1000;
    await server.stop();

    // The emails a working connection could carry, while the hung one held its job.
    const perMinute = othersArrived ? ((expected - 1) / othersSeconds) * 60 : null;
    return {
      figures: {
        emails: expected,
        secondsUntilAllButTheHungOneArrived: othersArrived ? othersSeconds : null,
        allArrived,
        secondsUntilAllArrived: allArrived ? allSeconds : null,
        emailsPerMinute: perMinute,
        copies,
        shutdownSeconds,
        shutdownTimeoutSeconds: 10,
      },
      tables: [
        {
          columns: ["What", "Value"],
          rows: [
            [`Seconds until the ${expected - 1} emails not on the hung connection arrived`, othersArrived ? num(othersSeconds, 1) : "-"],
            [`Seconds until all ${expected} emails arrived`, allArrived ? num(allSeconds, 1) : `not within ${WAIT_LIMIT_MS / 1000} s`],
            ["Emails per minute on the other connections, one hanging", perMinute === null ? "-" : num(perMinute, 0)],
            ["Emails that arrived twice", copies],
            ["Seconds from SIGTERM to exit, a send hanging (timeout 10 s)", num(shutdownSeconds, 1)],
          ],
        },
      ],
    };
  },
};
