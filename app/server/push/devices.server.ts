/**
 * What the alerts page (/admin/alerts) does with an admin's devices: subscribe this browser,
 * unsubscribe it, remove one from the list, find one to send a test to. The push object on the
 * backend (alerts.server.ts) binds these to the database; these call repos.
 */
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import {
  createPushSubscription,
  deletePushSubscription,
  deletePushSubscriptionByEndpoint,
  getPushSubscription,
  listPushSubscriptions,
  type PushSubscriptionRow,
} from "#app/server/repos/push-subscriptions.server.ts";
import type { PushSubscriptionInput } from "#app/schemas/push.ts";
import { pushEndpointProblem } from "#app/server/push/endpoint.server.ts";
import type { SiteClock } from "#app/server/time.server.ts";

export interface DeviceView {
  id: string;
  label: string;
  endpoint: string;
  added: string;
  lastSuccess: string | null;
  lastError: string | null;
}

export async function listDevices({ db, clock, userId }: { db: Kysely<DB>; clock: SiteClock; userId: string }): Promise<DeviceView[]> {
  const rows = await listPushSubscriptions({ db, userId });
  return rows.map((row) => ({
    id: row.id,
    label: row.user_agent ?? "A browser",
    endpoint: row.endpoint,
    added: clock.formatTime(row.created_at),
    lastSuccess: row.last_success_at ? clock.formatTime(row.last_success_at) : null,
    lastError: row.last_error,
  }));
}

export type SubscribeResult = { ok: true; subscription: PushSubscriptionRow } | { ok: false; error: string };

export async function subscribeDevice({
  db,
  allowLocal,
  userId,
  input,
  userAgent,
}: {
  db: Kysely<DB>;
  /** PUSH_ALLOW_LOCAL: accept loopback and private push endpoints (tests only). */
  allowLocal: boolean;
  userId: string;
  input: PushSubscriptionInput;
  userAgent: string | null;
}): Promise<SubscribeResult> {
  const problem = pushEndpointProblem(input.endpoint, { allowLocal });
  if (problem) return { ok: false, error: problem };
  const subscription = await createPushSubscription({
    db,
    userId,
    endpoint: input.endpoint,
    p256dh: input.p256dh,
    auth: input.auth,
    userAgent: deviceLabel(userAgent),
  });
  return { ok: true, subscription };
}

export function unsubscribeDevice({ db, userId, endpoint }: { db: Kysely<DB>; userId: string; endpoint: string }) {
  return deletePushSubscriptionByEndpoint({ db, endpoint, userId });
}

export function removeDevice({ db, userId, id }: { db: Kysely<DB>; userId: string; id: string }) {
  return deletePushSubscription({ db, id, userId });
}

/** The admin's own subscription by id or by endpoint, or null. */
export async function findDevice({
  db,
  userId,
  id,
  endpoint,
}: {
  db: Kysely<DB>;
  userId: string;
  id?: string;
  endpoint?: string;
}): Promise<PushSubscriptionRow | null> {
  if (id) {
    const row = await getPushSubscription({ db, id });
    return row && row.user_id === userId ? row : null;
  }
  if (endpoint) {
    const rows = await listPushSubscriptions({ db, userId });
    return rows.find((row) => row.endpoint === endpoint) ?? null;
  }
  return null;
}

/** "Chrome on Android", "Safari on iPhone": enough to tell one's devices apart, no version numbers. */
export function deviceLabel(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /SamsungBrowser\//.test(ua)
      ? "Samsung Internet"
      : /Firefox\/|FxiOS\//.test(ua)
        ? "Firefox"
        : /Chrome\/|CriOS\//.test(ua)
          ? "Chrome"
          : /Safari\//.test(ua)
            ? "Safari"
            : "A browser";
  const system = /iPhone/.test(ua)
    ? "iPhone"
    : /iPad/.test(ua)
      ? "iPad"
      : /Android/.test(ua)
        ? "Android"
        : /Windows/.test(ua)
          ? "Windows"
          : /Mac OS X|Macintosh/.test(ua)
            ? "Mac"
            : /Linux/.test(ua)
              ? "Linux"
              : null;
  return system ? `${browser} on ${system}` : browser;
}
