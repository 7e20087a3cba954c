/**
 * A local Web Push service for tests: an https server on 127.0.0.1 (a self-signed certificate
 * the server under test trusts through NODE_EXTRA_CA_CERTS) that plays the browser maker's push
 * service. Each subscription it hands out has its own browser-side keys, so a test can check
 * what a browser would: the VAPID Authorization header (an ES256 JWT for this origin, signed by
 * the key in `k=`) and the aes128gcm payload (RFC 8291), decrypted with the subscription's
 * private key and auth secret. A subscription answers 201, 410 (gone), or never (hangs).
 */
import { execFileSync } from "node:child_process";
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify, type ECDH } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { IncomingMessage, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

export type PushMode = "accept" | "gone" | "hang";

export interface ReceivedPush {
  subscriptionId: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
  receivedAt: number;
}

export interface TestPushSubscription {
  id: string;
  endpoint: string;
  /** The browser's public key and auth secret, base64url: what PushSubscription.toJSON() gives. */
  p256dh: string;
  auth: string;
  mode: PushMode;
  /** Decrypts a request body sent to this subscription (aes128gcm). */
  decrypt(body: Buffer): string;
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
  /** The `k=` public key (base64url) that verified the signature. */
  publicKey: string;
}

export interface LocalPushService {
  origin: string;
  /** The CA file to give the server under test as NODE_EXTRA_CA_CERTS. */
  caFile: string;
  subscribe(mode?: PushMode): TestPushSubscription;
  received: ReceivedPush[];
  receivedFor(subscriptionId: string): ReceivedPush[];
  close(): Promise<void>;
}

export async function startPushService(): Promise<LocalPushService> {
  const dir = mkdtempSync(path.join(tmpdir(), "push-service-"));
  const keyFile = path.join(dir, "key.pem");
  const certFile = path.join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      keyFile,
      "-out",
      certFile,
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
    ],
    { stdio: "ignore" },
  );
  const subscriptions = new Map<string, { mode: PushMode; ecdh: ECDH; auth: Buffer }>();
  const received: ReceivedPush[] = [];
  const hanging = new Set<ServerResponse>();

  const server: Server = createServer({ key: readFileSync(keyFile), cert: readFileSync(certFile) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? "")?.[1] ?? "";
      const subscription = subscriptions.get(id);
      received.push({ subscriptionId: id, headers: req.headers, body: Buffer.concat(chunks), receivedAt: Date.now() });
      if (!subscription || req.method !== "POST") {
        res.writeHead(404).end("no such subscription");
      } else if (subscription.mode === "gone") {
        res.writeHead(410).end("push subscription has unsubscribed or expired");
      } else if (subscription.mode === "hang") {
        hanging.add(res);
      } else {
        res.writeHead(201, { Location: `/message/${randomUUID()}` }).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("push service has no port");
  const origin = `https://127.0.0.1:${address.port}`;

  return {
    origin,
    caFile: certFile,
    received,
    receivedFor: (subscriptionId) => received.filter((push) => push.subscriptionId === subscriptionId),
    subscribe(mode = "accept") {
      const id = randomUUID();
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subscriptions.set(id, { mode, ecdh, auth });
      return {
        id,
        endpoint: `${origin}/push/${id}`,
        p256dh: ecdh.getPublicKey().toString("base64url"),
        auth: auth.toString("base64url"),
        mode,
        decrypt: (body) => decryptAes128gcm(body, ecdh, auth),
      };
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** RFC 8291 / RFC 8188: one record, as web push sends it. */
export function decryptAes128gcm(body: Buffer, ecdh: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error("more than one record");
  const sharedSecret = ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), ecdh.getPublicKey(), senderPublicKey]);
  const ikm = Buffer.from(hkdfSync("sha256", sharedSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end).toString("utf8");
}

/**
 * Checks an `Authorization: vapid t=<jwt>, k=<key>` header as a push service does: an ES256 JWT
 * signed by `k`. Returns its claims; throws when the header or the signature is wrong.
 */
export function verifyVapid(authorization: string | undefined): VapidClaims {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? "");
  if (!match) throw new Error(`not a VAPID Authorization header: ${authorization}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  const [header, payload, signature] = jwt.split(".") as [string, string, string];
  const raw = Buffer.from(k, "base64url");
  if (raw.length !== 65 || raw[0] !== 4) throw new Error("k is not an uncompressed P-256 point");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: raw.subarray(1, 33).toString("base64url"),
      y: raw.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const ok = verify("sha256", Buffer.from(`${header}.${payload}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
  if (!ok) throw new Error("VAPID signature does not verify");
  const alg = (JSON.parse(Buffer.from(header, "base64url").toString("utf8")) as { alg?: string }).alg;
  if (alg !== "ES256") throw new Error(`VAPID JWT alg is ${alg}`);
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Omit<VapidClaims, "publicKey">;
  return { ...claims, publicKey: k };
}
