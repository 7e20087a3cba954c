/**
 * What the alerts page (/admin/alerts) does with an admin's devices: subscribe this browser,
 * unsubscribe it, send a test, remove one from the list. The routes call these; these call repos.
 */
import type { AppServices } from "../context.server.ts";
import {
  createPushSubscription,
  deletePushSubscription,
  deletePushSubscriptionByEndpoint,
  getPushSubscription,
  listPushSubscriptions,
  type PushSubscriptionRow,
} from "../repos/push-subscriptions.server.ts";
import type { PushSubscriptionInput } from "../../schemas/push.ts";
import { pushEndpointProblem } from "./endpoint.server.ts";
import { testPushPayload } from "./payload.server.ts";
import type { PushOutcome } from "./alerts.server.ts";

type Services = Pick<AppServices, "config" | "database" | "push" | "clock">;

export interface DeviceView {
  id: string;
  label: string;
  endpoint: string;
  added: string;
  lastSuccess: string | null;
  lastError: string | null;
}

export async function listDevices({ services, userId }: { services: Services; userId: string }): Promise<DeviceView[]> {
  const rows = await listPushSubscriptions({ db: services.database.db, userId });
  return rows.map((row) => ({
    id: row.id,
    label: row.user_agent ?? "A browser",
    endpoint: row.endpoint,
    added: services.clock.formatTime(row.created_at),
    lastSuccess: row.last_success_at ? services.clock.formatTime(row.last_success_at) : null,
    lastError: row.last_error,
  }));
}

export type SubscribeResult = { ok: true; subscription: PushSubscriptionRow } | { ok: false; error: string };

export async function subscribeDevice({
  services,
  userId,
  input,
  userAgent,
}: {
  services: Services;
  userId: string;
  input: PushSubscriptionInput;
  userAgent: string | null;
}): Promise<SubscribeResult> {
  const problem = pushEndpointProblem(input.endpoint, { allowLocal: services.config.env.PUSH_ALLOW_LOCAL });
  if (problem) return { ok: false, error: problem };
  const subscription = await createPushSubscription({
    db: services.database.db,
    userId,
    endpoint: input.endpoint,
    p256dh: input.p256dh,
    auth: input.auth,
    userAgent: deviceLabel(userAgent),
  });
  return { ok: true, subscription };
}

export function unsubscribeDevice({ services, userId, endpoint }: { services: Services; userId: string; endpoint: string }) {
  return deletePushSubscriptionByEndpoint({ db: services.database.db, endpoint, userId });
}

export function removeDevice({ services, userId, id }: { services: Services; userId: string; id: string }) {
  return deletePushSubscription({ db: services.database.db, id, userId });
}

/** The admin's own subscription by id or by endpoint, or null. */
export async function findDevice({
  services,
  userId,
  id,
  endpoint,
}: {
  services: Services;
  userId: string;
  id?: string;
  endpoint?: string;
}): Promise<PushSubscriptionRow | null> {
  const { db } = services.database;
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

export function sendTestPush({ services, subscription }: { services: Services; subscription: PushSubscriptionRow }): Promise<PushOutcome> {
  return services.push.sendNow(subscription, testPushPayload());
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
