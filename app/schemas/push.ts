/**
 * The Web Push subscription a browser hands the alerts page (PushSubscription.toJSON()), checked
 * in the browser before posting and again on the server. Where the endpoint may point is the
 * server's rule (app/server/push/endpoint.server.ts): it depends on configuration.
 */
import { z } from "zod";

const base64url = /^[A-Za-z0-9_-]+$/;

/** Bytes a base64url string (without padding) decodes to. */
function decodedLength(value: string): number {
  return Math.floor((value.length * 3) / 4);
}

export const PushSubscriptionSchema = z.object({
  endpoint: z
    .string({ error: "The subscription has no endpoint." })
    .trim()
    .min(1, { error: "The subscription has no endpoint." })
    .max(2000, { error: "The subscription's endpoint is too long (at most 2000 characters)." })
    .refine((value) => URL.canParse(value), { error: "The subscription's endpoint is not a web address." }),
  p256dh: z
    .string({ error: "The subscription has no p256dh key." })
    .trim()
    .refine((value) => base64url.test(value) && decodedLength(value) === 65, {
      error: "The subscription's p256dh key is not a P-256 public key (65 bytes, base64url).",
    }),
  auth: z
    .string({ error: "The subscription has no auth secret." })
    .trim()
    .refine((value) => base64url.test(value) && decodedLength(value) === 16, {
      error: "The subscription's auth secret is not 16 bytes of base64url.",
    }),
});

export type PushSubscriptionInput = z.infer<typeof PushSubscriptionSchema>;

export const PushEndpointSchema = PushSubscriptionSchema.pick({ endpoint: true });

export const pushAlertIntents = ["subscribe", "unsubscribe", "test", "remove"] as const;
