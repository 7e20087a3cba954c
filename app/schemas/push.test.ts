import { createECDH, randomBytes } from "node:crypto";
import { expect, test } from "vitest";
import { PushSubscriptionSchema } from "#app/schemas/push.ts";

function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") };
}

test("a browser's subscription passes", () => {
  const input = { endpoint: "https://fcm.googleapis.com/fcm/send/abc", ...browserKeys() };
  expect(PushSubscriptionSchema.parse(input)).toEqual(input);
});

const message = (input: Record<string, unknown>) => PushSubscriptionSchema.safeParse(input).error?.issues[0]?.message;

test("keys of the wrong size or alphabet are refused with a sentence", () => {
  const keys = browserKeys();
  const endpoint = "https://fcm.googleapis.com/fcm/send/abc";
  expect(message({ endpoint, ...keys, p256dh: randomBytes(33).toString("base64url") })).toMatch(/P-256 public key/);
  expect(message({ endpoint, ...keys, p256dh: randomBytes(65).toString("base64") })).toMatch(/P-256 public key/);
  expect(message({ endpoint, ...keys, auth: randomBytes(32).toString("base64url") })).toMatch(/16 bytes/);
  expect(message({ endpoint, p256dh: keys.p256dh })).toBe("The subscription has no auth secret.");
  expect(message({ endpoint: "x".repeat(10), ...keys })).toMatch(/not a web address/);
  expect(message({ endpoint: `https://a.test/${"x".repeat(2000)}`, ...keys })).toMatch(/too long/);
});
