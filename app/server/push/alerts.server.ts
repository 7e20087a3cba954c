/**
 * Web Push alerts of new leads (docs/decisions/034-web-push-alerts.md).
 *
 * A new lead's alerts are queued in `push_jobs` in the lead's own transaction (see
 * leads/submit.server.ts), one per admin subscription; this worker sends them afterwards, in the
 * background, like the email outbox: claim with a lease, send with a timeout, then delete the job.
 * The visitor's answer never waits for a push service, and a lead stored just before a crash still
 * has its alerts queued. A subscription the push service reports gone (404/410) is deleted with
 * its jobs; other failures are retried a few times, then dropped with an error in the log.
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import webpush from "web-push";
import type { Agent } from "node:https";
import type { Database } from "../db/index.server.ts";
import type { Logger } from "../logger.server.ts";
import { retryDelayMs } from "../mail/outbox.server.ts";
import { leaseMsFor, SendCutOff, untilAborted } from "../mail/send-limits.server.ts";
import {
  claimDuePushJob,
  deletePushJob,
  nextPushJobDueAt,
  retryPushJob,
  type PushJob,
} from "../repos/push-jobs.server.ts";
import {
  deletePushSubscription,
  getPushSubscription,
  markPushSubscriptionError,
  markPushSubscriptionSuccess,
  type PushSubscriptionRow,
} from "../repos/push-subscriptions.server.ts";
import { OutboundRefusedError, type Resolver } from "../net/outbound.server.ts";
import { createPushAgent, pushEndpointProblem } from "./endpoint.server.ts";
import type { PushPayload } from "./payload.server.ts";
import { loadVapidKeys, type VapidKeys } from "./vapid.server.ts";

export type PushOutcome =
  | { kind: "sent" }
  /** The push service says the subscription no longer exists (404 or 410): it was deleted. */
  | { kind: "gone"; status: number }
  | { kind: "failed"; message: string; permanent: boolean };

export interface PushAlertsOptions {
  database: Pick<Database, "db" | "dialect">;
  logger: Logger;
  /** The VAPID contact (mailto: or https:), asked for at each send: the owner may change the email. */
  subject: () => Promise<string>;
  /** PUSH_ALLOW_LOCAL: accept loopback and private push endpoints (tests only). */
  allowLocal: boolean;
  /** How host names are resolved before the guard judges them: DNS unless a test injects one. */
  resolveHost?: Resolver;
  /** How long a push service may stay silent. Default 10 s; a whole push is cut off at twice that. */
  timeoutMs?: number;
  /** Attempts per alert before it is dropped. Default 5. */
  maxAttempts?: number;
  /** First retry delay; doubles each attempt. Default 30 s. */
  retryBaseMs?: number;
  /** Longest sleep between looks for due jobs when not kicked. Default 5 s. */
  pollMs?: number;
  /** How long a claimed job is reserved. Default and minimum: a whole push plus the margin (`leaseMsFor`). */
  leaseMs?: number;
  /** Alerts sent at the same time. Default 4. */
  concurrency?: number;
  workerId?: string;
}

export interface PushAlerts {
  /** The VAPID public key the browser subscribes with (made on first need). */
  publicKey(): Promise<string>;
  /** Sends one notification to one subscription now (the "Send a test notification" button). */
  sendNow(subscription: PushSubscriptionRow, payload: PushPayload): Promise<PushOutcome>;
  start(): void;
  /**
   * Stops the worker; resolves once the alerts in flight are recorded. With `abortAfterMs`, those
   * still being sent then are cut off and left due at once, as the outbox does with emails.
   */
  stop(options?: { abortAfterMs?: number }): Promise<void>;
  /** Look for due alerts now (right after a lead is stored). */
  kick(): void;
  /** Processes every alert due now, once each; resolves with how many were attempted. */
  drain(): Promise<number>;
}

const { WebPushError } = webpush;

/** The worker never asks the database more often than this while jobs wait on another's lease. */
const MIN_IDLE_MS = 250;

export function createPushAlerts({
  database,
  logger,
  subject,
  allowLocal,
  resolveHost,
  timeoutMs = 10_000,
  maxAttempts = 5,
  retryBaseMs = 30_000,
  pollMs = 5_000,
  leaseMs: leaseOption,
  concurrency = 4,
  workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
}: PushAlertsOptions): PushAlerts {
  const { db, dialect } = database;
  const log = logger.child({ component: "push", workerId });
  // The same rule as the email outbox (mail/send-limits.server.ts): a push is cut off before its lease ends.
  const sendLimitMs = 2 * timeoutMs;
  const leaseMs = Math.max(leaseOption ?? 0, leaseMsFor(sendLimitMs));
  /** One per alert being sent, to cut it off. */
  const sends = new Set<AbortController>();
  let shutdownCutOff: SendCutOff | undefined;
  let keys: Promise<VapidKeys> | undefined;
  let agent: Agent | undefined;

  function vapidKeys(): Promise<VapidKeys> {
    keys ??= loadVapidKeys({ db }).catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return keys;
  }

  async function send(subscription: PushSubscriptionRow, payload: PushPayload): Promise<PushOutcome> {
    const problem = pushEndpointProblem(subscription.endpoint, { allowLocal });
    if (problem) return { kind: "failed", message: problem, permanent: true };
    const { publicKey, privateKey } = await vapidKeys();
    agent ??= createPushAgent({ allowLocal, ...(resolveHost ? { resolve: resolveHost } : {}) });
    try {
      // web-push reads the endpoint with the legacy url.parse: hand it the form the check read.
      await webpush.sendNotification(
        { endpoint: new URL(subscription.endpoint).href, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: await subject(), publicKey, privateKey },
          TTL: 24 * 3600,
          urgency: "high",
          timeout: timeoutMs,
          agent,
          contentEncoding: "aes128gcm",
        },
      );
    } catch (error) {
      if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
        await deletePushSubscription({ db, id: subscription.id });
        return { kind: "gone", status: error.statusCode };
      }
      const message = describePushError(error);
      // 4xx other than 429: this request will not succeed by repeating it.
      const permanent =
        error instanceof OutboundRefusedError ||
        (error instanceof WebPushError && error.statusCode >= 400 && error.statusCode < 500 && error.statusCode !== 429);
      await markPushSubscriptionError({ db, id: subscription.id, error: message });
      return { kind: "failed", message, permanent };
    }
    await markPushSubscriptionSuccess({ db, id: subscription.id });
    return { kind: "sent" };
  }

  async function processJob(job: PushJob): Promise<void> {
    const fields = { jobId: job.id, leadId: job.lead_id, subscriptionId: job.subscription_id, attempt: job.attempts };
    try {
      const subscription = await getPushSubscription({ db, id: job.subscription_id });
      if (!subscription) {
        await deletePushJob({ db, id: job.id, workerId });
        return;
      }
      let payload: PushPayload;
      try {
        payload = JSON.parse(job.payload) as PushPayload;
      } catch {
        log.error("push alert dropped: its payload is not JSON", fields);
        await deletePushJob({ db, id: job.id, workerId });
        return;
      }
      const outcome = await sendWithinLimit(subscription, payload);
      if (outcome === "shutdown") {
        await retryPushJob({ db, id: job.id, workerId, error: "Not sent: the server stopped first", retryAt: new Date() });
        log.warn("push alert cut off by the shutdown; due again at once", fields);
        return;
      }
      if (outcome.kind === "sent") {
        await deletePushJob({ db, id: job.id, workerId });
        log.info("push alert sent", fields);
      } else if (outcome.kind === "gone") {
        // The job went with its subscription (on delete cascade).
        log.info("push subscription gone: removed", { ...fields, status: outcome.status });
      } else if (outcome.permanent || job.attempts >= maxAttempts) {
        await deletePushJob({ db, id: job.id, workerId });
        log.error("push alert not sent: dropped", { ...fields, error: outcome.message });
      } else {
        const retryAt = new Date(Date.now() + retryDelayMs(job.attempts, { baseMs: retryBaseMs, maxMs: retryBaseMs * 16 }));
        await retryPushJob({ db, id: job.id, workerId, error: outcome.message, retryAt });
        log.warn("push alert not sent, will retry", { ...fields, error: outcome.message, retryAt: retryAt.toISOString() });
      }
    } catch (error) {
      // The database failed: the lease runs out and the job is tried again.
      log.error("push alert: cannot record the outcome; retried after its lease", { ...fields, error: describePushError(error) });
    }
  }

  /** `send`, cut off at the limit (a failed attempt) or by a shutdown ("shutdown"). */
  async function sendWithinLimit(subscription: PushSubscriptionRow, payload: PushPayload): Promise<PushOutcome | "shutdown"> {
    const controller = new AbortController();
    sends.add(controller);
    const limit = setTimeout(() => {
      controller.abort(new SendCutOff("timeout", `The push service did not answer within ${sendLimitMs / 1000} s`));
    }, sendLimitMs);
    if (shutdownCutOff) controller.abort(shutdownCutOff);
    try {
      return await untilAborted(send(subscription, payload), controller.signal);
    } catch (error) {
      if (!(error instanceof SendCutOff)) throw error;
      return error.reason === "shutdown" ? "shutdown" : { kind: "failed", message: error.message, permanent: false };
    } finally {
      clearTimeout(limit);
      sends.delete(controller);
    }
  }

  const state = { running: false };
  let loopDone: Promise<void> = Promise.resolve();
  let kicked = false;
  let wake: (() => void) | undefined;
  const inFlight = new Set<Promise<void>>();

  function track(promise: Promise<void>): Promise<void> {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
    return promise;
  }

  async function loop(): Promise<void> {
    while (state.running) {
      let sleepMs = pollMs;
      try {
        let attempted = 0;
        while (state.running) {
          // A few at once: one push service that hangs holds only its own alerts back.
          const jobs: PushJob[] = [];
          while (jobs.length < concurrency) {
            const job = await claimDuePushJob({ db, dialect, workerId, leaseMs });
            if (!job) break;
            jobs.push(job);
          }
          if (jobs.length === 0) break;
          attempted += jobs.length;
          await Promise.all(jobs.map((job) => track(processJob(job))));
        }
        if (!state.running) break;
        const next = await nextPushJobDueAt({ db });
        if (next) sleepMs = Math.min(pollMs, Math.max(next.getTime() - Date.now(), attempted > 0 ? 0 : MIN_IDLE_MS));
      } catch (error) {
        log.error("push worker cannot reach the database; trying again shortly", { error: describePushError(error) });
      }
      if (!state.running) break;
      await sleep(sleepMs);
    }
  }

  function sleep(ms: number): Promise<void> {
    if (kicked) {
      kicked = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        wake = undefined;
        kicked = false;
        resolve();
      }
      wake = done;
    });
  }

  return {
    async publicKey() {
      return (await vapidKeys()).publicKey;
    },
    sendNow: send,
    start() {
      if (state.running) return;
      state.running = true;
      kicked = false;
      loopDone = loop();
    },
    async stop({ abortAfterMs } = {}) {
      state.running = false;
      wake?.();
      const cutOff =
        abortAfterMs === undefined
          ? undefined
          : setTimeout(() => {
              shutdownCutOff = new SendCutOff("shutdown", "Not sent: the server stopped first");
              for (const controller of sends) controller.abort(shutdownCutOff);
            }, Math.max(0, abortAfterMs));
      try {
        await loopDone;
        await Promise.allSettled(inFlight);
      } finally {
        clearTimeout(cutOff);
      }
      // Also ends the requests that were cut off, which would otherwise run on until their timeout.
      agent?.destroy();
    },
    kick() {
      if (!state.running) return;
      kicked = true;
      wake?.();
    },
    async drain() {
      const now = new Date();
      let count = 0;
      for (;;) {
        const job = await claimDuePushJob({ db, dialect, workerId, leaseMs, now });
        if (!job) return count;
        count += 1;
        await track(processJob(job));
      }
    },
  };
}

/** A push error in words: the push service's status and answer, or the network's. */
export function describePushError(error: unknown): string {
  if (error instanceof WebPushError) {
    const body = (error.body ?? "").toString().trim().slice(0, 200);
    return `The push service answered ${error.statusCode}${body ? `: ${body}` : ""}`;
  }
  if (error instanceof OutboundRefusedError) {
    return `Not sent: the endpoint's address ${error.message}; only a browser's push service is accepted`;
  }
  if (error instanceof Error) {
    if (error.message === "Socket timeout") return "The push service did not answer in time";
    const code = (error as { code?: unknown }).code;
    return typeof code === "string" && !error.message.includes(code) ? `${error.message} (${code})` : error.message || error.name;
  }
  return String(error);
}
