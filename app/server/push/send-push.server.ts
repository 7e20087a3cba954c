/**
 * Sends one Web Push notification to one subscription (docs/decisions/034-web-push-alerts.md),
 * signed with the site's VAPID keys and through the agent that refuses private addresses (ADR
 * 046). A subscription the push service reports gone (404/410) is deleted; other failures are
 * recorded on the subscription, and said to be permanent when repeating cannot help.
 */
import type { Agent } from "node:https";
import webpush from "web-push";
import type { Database } from "#app/server/db/index.server.ts";
import { OutboundRefusedError, type Resolver } from "#app/server/net/outbound.server.ts";
import {
  deletePushSubscription,
  markPushSubscriptionError,
  markPushSubscriptionSuccess,
  type PushSubscriptionRow,
} from "#app/server/repos/push-subscriptions.server.ts";
import { createPushAgent, pushEndpointProblem } from "#app/server/push/endpoint.server.ts";
import type { PushPayload } from "#app/server/push/payload.server.ts";
import { loadVapidKeys, type VapidKeys } from "#app/server/push/vapid.server.ts";

export type PushOutcome =
  | { kind: "sent" }
  /** The push service says the subscription no longer exists (404 or 410): it was deleted. */
  | { kind: "gone"; status: number }
  | { kind: "failed"; message: string; permanent: boolean };

export interface PushSender {
  /** The VAPID public key the browser subscribes with (made on first need). */
  publicKey(): Promise<string>;
  send(subscription: PushSubscriptionRow, payload: PushPayload): Promise<PushOutcome>;
  /** Ends the agent's connections, those of sends that were cut off included. */
  close(): void;
}

const { WebPushError } = webpush;

export function createPushSender({
  database: { db },
  subject,
  allowLocal,
  resolveHost,
  timeoutMs,
}: {
  database: Pick<Database, "db">;
  /** The VAPID contact (mailto: or https:), asked for at each send: the owner may change the email. */
  subject: () => Promise<string>;
  /** PUSH_ALLOW_LOCAL: accept loopback and private push endpoints (tests only). */
  allowLocal: boolean;
  /** How host names are resolved before the guard judges them: DNS unless a test injects one. */
  resolveHost?: Resolver;
  /** How long a push service may stay silent. */
  timeoutMs: number;
}): PushSender {
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
        {
          endpoint: new URL(subscription.endpoint).href,
          keys: { p256dh: subscription.p256dh, auth: subscription.auth },
        },
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

  return {
    async publicKey() {
      return (await vapidKeys()).publicKey;
    },
    send,
    close() {
      agent?.destroy();
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
