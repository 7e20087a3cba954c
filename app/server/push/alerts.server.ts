/**
 * Web Push alerts of new leads (docs/decisions/034-web-push-alerts.md): the push object on the
 * backend. It binds the job engine (jobs/worker.server.ts) to the alert kind
 * (alert-job.server.ts), the sender (send-push.server.ts) and the admin's devices
 * (devices.server.ts).
 *
 * A new lead's alerts are queued in `push_jobs` in the lead's own transaction (see
 * leads/submit.server.ts), one per admin subscription; the worker sends them afterwards, in the
 * background, like the email outbox: claim with a lease, send with a timeout, then delete the job.
 * The visitor's answer never waits for a push service, and a lead stored just before a crash still
 * has its alerts queued. A subscription the push service reports gone (404/410) is deleted with
 * its jobs; other failures are retried a few times, then dropped with an error in the log.
 */
import type { Database } from "#app/server/db/index.server.ts";
import { leaseMsFor, newWorkerId } from "#app/server/jobs/lease.server.ts";
import type { JobWorker } from "#app/server/jobs/types.server.ts";
import { createJobWorker } from "#app/server/jobs/worker.server.ts";
import type { Logger } from "#app/server/logger.server.ts";
import type { Resolver } from "#app/server/net/outbound.server.ts";
import type { PushSubscriptionRow } from "#app/server/repos/push-subscriptions.server.ts";
import type { PushSubscriptionInput } from "#app/schemas/push.ts";
import { alertJobKind } from "#app/server/push/alert-job.server.ts";
import type { SiteClock } from "#app/server/time.server.ts";
import {
  findDevice,
  listDevices,
  removeDevice,
  subscribeDevice,
  unsubscribeDevice,
  type DeviceView,
  type SubscribeResult,
} from "#app/server/push/devices.server.ts";
import { testPushPayload, type PushPayload } from "#app/server/push/payload.server.ts";
import { createPushSender, type PushOutcome } from "#app/server/push/send-push.server.ts";

export type { PushOutcome } from "#app/server/push/send-push.server.ts";

interface PushAlertsOptions {
  database: Pick<Database, "db" | "dialect">;
  /** The site's clock: the alerts page shows when each device was added and last reached. */
  clock: SiteClock;
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

/** The worker (`kick()` after a lead is stored, `stop()` at shutdown) and what /admin/alerts does. */
export interface PushAlerts extends JobWorker {
  /** The VAPID public key the browser subscribes with (made on first need). */
  publicKey(): Promise<string>;
  /** Sends one notification to one subscription now. */
  sendNow(subscription: PushSubscriptionRow, payload: PushPayload): Promise<PushOutcome>;
  /** The admin's devices, as the page lists them. */
  listDevices(args: { userId: string }): Promise<DeviceView[]>;
  /** Subscribes this browser, or says why its endpoint cannot be used. */
  subscribeDevice(args: { userId: string; input: PushSubscriptionInput; userAgent: string | null }): Promise<SubscribeResult>;
  /** Forgets this browser's subscription. False when it was already gone. */
  unsubscribeDevice(args: { userId: string; endpoint: string }): Promise<boolean>;
  /** Removes one of the admin's devices. False when it is not the admin's (or gone). */
  removeDevice(args: { userId: string; id: string }): Promise<boolean>;
  /** The admin's own subscription by id or by endpoint, or null. */
  findDevice(args: { userId: string; id?: string; endpoint?: string }): Promise<PushSubscriptionRow | null>;
  /** The "Send a test notification" button. */
  sendTestPush(args: { subscription: PushSubscriptionRow }): Promise<PushOutcome>;
}

/** The worker never asks the database more often than this while jobs wait on another's lease. */
const MIN_IDLE_MS = 250;

export function createPushAlerts({
  database,
  clock,
  logger,
  subject,
  allowLocal,
  resolveHost,
  timeoutMs = 10_000,
  maxAttempts = 5,
  retryBaseMs = 30_000,
  pollMs = 5_000,
  leaseMs,
  concurrency = 4,
  workerId = newWorkerId(),
}: PushAlertsOptions): PushAlerts {
  const { db } = database;
  const log = logger.child({ component: "push", workerId });
  // The same rule as the email outbox (mail/send-limits.server.ts): a push is cut off before its lease ends.
  const sendLimitMs = 2 * timeoutMs;
  const sender = createPushSender({ database, subject, allowLocal, resolveHost, timeoutMs });
  const backoff = { baseMs: retryBaseMs, maxMs: retryBaseMs * 16 };
  const worker = createJobWorker({
    kind: alertJobKind({ database, sender, log, backoff, maxAttempts, sendLimitMs }),
    workerId,
    leaseMs: Math.max(leaseMs ?? 0, leaseMsFor(sendLimitMs)),
    sendLimitMs,
    concurrency,
    pollMs,
    minIdleMs: MIN_IDLE_MS,
    // Alerts are due by the site's clock, like the emails they go with.
    now: () => clock.now(),
  });
  return {
    workerId,
    start: worker.start,
    async stop(options) {
      await worker.stop(options);
      // Also ends the requests that were cut off, which would otherwise run on until their timeout.
      sender.close();
    },
    kick: worker.kick,
    drain: worker.drain,
    publicKey: sender.publicKey,
    sendNow: sender.send,
    listDevices: (args) => listDevices({ db, clock, ...args }),
    subscribeDevice: (args) => subscribeDevice({ db, allowLocal, ...args }),
    unsubscribeDevice: (args) => unsubscribeDevice({ db, ...args }),
    removeDevice: (args) => removeDevice({ db, ...args }),
    findDevice: (args) => findDevice({ db, ...args }),
    sendTestPush: ({ subscription }) => sender.send(subscription, testPushPayload()),
  };
}
