/** The one-time setup link printed while the site has no administrator (ADR 007). */
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import { countAdmins } from "#app/server/repos/users.server.ts";
import { deleteSetting, getSetting, listSettings, setSetting } from "#app/server/repos/settings.server.ts";

const SETUP_PREFIX = "setup_token:";
export const SETUP_TOKEN_TTL_MS = 3600 * 1000;

function setupKey(token: string): string {
  return SETUP_PREFIX + createHash("sha256").update(token).digest("hex");
}

/**
 * While no admin exists, makes a setup token (valid one hour) and returns it; null when an admin
 * exists. Only its hash is stored. Each start makes its own, and any unexpired one works.
 */
export async function issueSetupToken({ db, now = new Date() }: { db: Kysely<DB>; now?: Date }): Promise<string | null> {
  if ((await countAdmins({ db })) > 0) {
    await deleteSetupTokens({ db });
    return null;
  }
  const token = randomBytes(32).toString("base64url");
  await setSetting({
    db,
    key: setupKey(token),
    value: { expiresAt: new Date(now.getTime() + SETUP_TOKEN_TTL_MS).toISOString() },
  });
  return token;
}

export type SetupTokenState = "valid" | "invalid" | "expired" | "admin-exists";

export async function checkSetupToken({
  db,
  token,
  now = new Date(),
}: {
  db: Kysely<DB>;
  token: string | null;
  now?: Date;
}): Promise<SetupTokenState> {
  if ((await countAdmins({ db })) > 0) return "admin-exists";
  if (!token || token.length > 200) return "invalid";
  const value = await getSetting({ db, key: setupKey(token) });
  if (!value || typeof value !== "object" || Array.isArray(value) || typeof value.expiresAt !== "string") {
    return "invalid";
  }
  return Date.parse(value.expiresAt) > now.getTime() ? "valid" : "expired";
}

/**
 * Uses the token up: only the caller that deletes it may go on, so two posts of one link cannot
 * both create an admin. The other tokens are removed too.
 */
export async function consumeSetupToken({ db, token }: { db: Kysely<DB>; token: string }): Promise<boolean> {
  const won = await deleteSetting({ db, key: setupKey(token) });
  if (won) await deleteSetupTokens({ db });
  return won;
}

async function deleteSetupTokens({ db }: { db: Kysely<DB> }): Promise<void> {
  for (const entry of await listSettings({ db })) {
    if (entry.key.startsWith(SETUP_PREFIX)) await deleteSetting({ db, key: entry.key });
  }
}
