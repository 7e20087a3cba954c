/**
 * The site's DKIM key (docs/decisions/054-dkim-and-dns-records.md): an RSA-2048 key pair made by
 * `npm run cli -- dkim-key` and kept in the database's settings, where every instance finds it
 * (DATA_DIR is each instance's own). Every message the SMTP and file transports compose is signed
 * with it for the domain of its From address; the public half is the TXT record the admin's email
 * page shows, at `<selector>._domainkey.<domain>`.
 */
import { generateKeyPairSync } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import { addressDomain } from "#app/server/mail/message-parts.server.ts";
import { compareAndSetSetting, getSetting, setSetting } from "#app/server/repos/settings.server.ts";

export const DKIM_SETTING = "mail.dkim";

export interface DkimKey {
  /** The label before `._domainkey.`: letters, digits and hyphens. */
  selector: string;
  /** PKCS#8 PEM: read by the signer only, never shown. */
  privateKey: string;
  /** The public key as the DNS record carries it: base64 of the DER SubjectPublicKeyInfo. */
  publicKey: string;
  createdAt: string;
}

/** What nodemailer's `dkim` option takes for one message. */
export interface DkimSigning {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/** A DNS label: 1 to 63 letters, digits and inner hyphens (RFC 1035), several joined by dots. */
const SELECTOR = /^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*$/;

/** Why a selector cannot be used, or null when it can. */
export function selectorProblem(selector: string): string | null {
  if (!SELECTOR.test(selector)) {
    return `"${selector}" is not a usable selector: use lower-case letters, digits and hyphens (like site-2026), not starting or ending with a hyphen.`;
  }
  return null;
}

/** The selector a new key gets unless one is given: `site-YYYYMMDD`, so a replacement gets its own name. */
export function defaultSelector(now: Date = new Date()): string {
  return `site-${now.toISOString().slice(0, 10).replaceAll("-", "")}`;
}

/** A fresh RSA-2048 key pair under `selector`. */
export function generateDkimKey({ selector, now = new Date() }: { selector: string; now?: Date }): DkimKey {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "der" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  return { selector, privateKey, publicKey: publicKey.toString("base64"), createdAt: now.toISOString() };
}

/** The TXT record's value for the key (`v=DKIM1; k=rsa; p=…`). */
export function dkimRecordValue(key: Pick<DkimKey, "publicKey">): string {
  return `v=DKIM1; k=rsa; p=${key.publicKey}`;
}

/** The stored key, or null when none was made (or what is stored is not a key). */
export async function loadDkimKey({ db }: { db: Kysely<DB> }): Promise<DkimKey | null> {
  const stored = await getSetting({ db, key: DKIM_SETTING });
  if (typeof stored !== "object" || stored === null || Array.isArray(stored)) return null;
  const { selector, privateKey, publicKey, createdAt } = stored;
  if (typeof selector !== "string" || typeof privateKey !== "string" || typeof publicKey !== "string") return null;
  return { selector, privateKey, publicKey, createdAt: typeof createdAt === "string" ? createdAt : "" };
}

/**
 * Stores the key. Without `replace` it is kept only when there is none yet (one statement, so two
 * operators racing cannot both win): answers "exists" and changes nothing otherwise.
 */
export async function storeDkimKey({ db, key, replace }: { db: Kysely<DB>; key: DkimKey; replace: boolean }): Promise<"stored" | "exists"> {
  if (replace) {
    await setSetting({ db, key: DKIM_SETTING, value: key });
    return "stored";
  }
  return (await compareAndSetSetting({ db, key: DKIM_SETTING, expected: null, value: key })) ? "stored" : "exists";
}

/** How long an instance signs with the key it read before looking again (a new key is used within this). */
const KEY_CACHE_MS = 60_000;

/** The key each send signs with: read from the database, kept for a minute. */
export interface DkimSource {
  current(): Promise<DkimKey | null>;
}

export function createDkimSource({ db, cacheMs = KEY_CACHE_MS }: { db: Kysely<DB>; cacheMs?: number }): DkimSource {
  let cached: { key: DkimKey | null; until: number } | undefined;
  return {
    async current() {
      if (cached && cached.until > Date.now()) return cached.key;
      const key = await loadDkimKey({ db });
      cached = { key, until: Date.now() + cacheMs };
      return key;
    },
  };
}

/** The signing for a message from `from` (its domain is the `d=`), or null without a key or a domain. */
export function dkimSigningFor(key: DkimKey | null, from: string): DkimSigning | null {
  const domain = addressDomain(from);
  if (!key || !domain) return null;
  return { domainName: domain, keySelector: key.selector, privateKey: key.privateKey };
}
