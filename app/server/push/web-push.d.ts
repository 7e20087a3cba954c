/**
 * The part of the `web-push` package (CommonJS, no types of its own) this project uses. Written
 * here rather than adding a types package: only web-push itself was to be added.
 */
declare module "web-push" {
  import type { Agent } from "node:https";

  interface PushSubscription {
    endpoint: string;
    keys: { p256dh: string; auth: string };
  }

  interface RequestOptions {
    vapidDetails?: { subject: string; publicKey: string; privateKey: string };
    /** Seconds the push service keeps the message for an offline device. */
    TTL?: number;
    urgency?: "very-low" | "low" | "normal" | "high";
    topic?: string;
    /** Socket idle timeout in milliseconds. */
    timeout?: number;
    /** Must be an https.Agent. */
    agent?: Agent;
    contentEncoding?: "aesgcm" | "aes128gcm";
    headers?: Record<string, string>;
  }

  interface SendResult {
    statusCode: number;
    body: string;
    headers: Record<string, string | string[] | undefined>;
  }

  class WebPushError extends Error {
    readonly statusCode: number;
    readonly headers: Record<string, string | string[] | undefined>;
    readonly body: string;
    readonly endpoint: string;
  }

  const webpush: {
    WebPushError: typeof WebPushError;
    generateVAPIDKeys(): { publicKey: string; privateKey: string };
    sendNotification(subscription: PushSubscription, payload?: string | Buffer | null, options?: RequestOptions): Promise<SendResult>;
  };
  export default webpush;
}
