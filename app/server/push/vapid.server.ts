/**
 * The site's VAPID key pair: made once, on first need, and kept in the settings table so every
 * instance signs with the same key (a browser's subscription is bound to the public key it was
 * made with). The private key is read here and by the sender only; pages get the public key.
 */
import webpush from "web-push";
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import { setSettingIfAbsent } from "#app/server/repos/settings.server.ts";

export const VAPID_SETTING = "push.vapid";

export interface VapidKeys {
  /** base64url, uncompressed P-256 point: the browser's applicationServerKey. */
  publicKey: string;
  privateKey: string;
}

/**
 * The stored key pair, made now if there is none. Racing instances each offer a pair; the first
 * stored wins and all read it back.
 */
export async function loadVapidKeys({ db }: { db: Kysely<DB> }): Promise<VapidKeys> {
  const stored = await setSettingIfAbsent({ db, key: VAPID_SETTING, value: webpush.generateVAPIDKeys() });
  if (
    typeof stored !== "object" ||
    stored === null ||
    Array.isArray(stored) ||
    typeof stored.publicKey !== "string" ||
    typeof stored.privateKey !== "string"
  ) {
    throw new Error(`Setting "${VAPID_SETTING}" is not a VAPID key pair`);
  }
  return { publicKey: stored.publicKey, privateKey: stored.privateKey };
}

function isEmail(value: string | null | undefined): value is string {
  return !!value && /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(value);
}

/**
 * The contact the push services may write to about our pushes: the business's public email, else
 * the site's https address, else the lead inbox.
 */
export function vapidSubject({
  publicEmail,
  publicUrl,
  leadInbox,
}: {
  publicEmail: string | null | undefined;
  publicUrl: string;
  leadInbox: string;
}): string {
  if (isEmail(publicEmail)) return `mailto:${publicEmail}`;
  if (publicUrl.startsWith("https://") && !/^https:\/\/localhost(:|$)/.test(publicUrl)) return publicUrl;
  if (isEmail(leadInbox)) return `mailto:${leadInbox}`;
  return "mailto:admin@example.com";
}
