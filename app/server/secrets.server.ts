import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import { setSettingIfAbsent } from "#app/server/repos/settings.server.ts";

/**
 * The key the site signs things with (form tokens, IP hashes; sessions
 * later). SESSION_SECRET when the operator set one; otherwise a random key
 * made on first start and kept in the database, so `npm start` needs no
 * configuration and every app process sharing the database agrees on it.
 */
export async function loadSiteSecret({ db, configured }: { db: Kysely<DB>; configured: string | undefined }): Promise<string> {
  if (configured) return configured;
  const stored = await setSettingIfAbsent({ db, key: "site_secret", value: randomBytes(32).toString("base64url") });
  if (typeof stored !== "string" || stored.length < 32) {
    throw new Error('The stored setting "site_secret" is not a usable key; delete it to have a new one made.');
  }
  return stored;
}
