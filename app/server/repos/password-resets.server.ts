/**
 * "Forgot password" links: the only code that writes SQL for `password_reset_tokens`. Callers
 * pass the hash of a token, never the token itself.
 */
import type { Kysely, Selectable } from "kysely";
import type { DB, PasswordResetTokensTable } from "#app/server/db/schema.server.ts";
import type { Timed, WithDb } from "#app/server/repos/args.server.ts";

type PasswordResetTokenRow = Selectable<PasswordResetTokensTable>;

type CreatePasswordResetTokenArgs = Timed<{ tokenHash: string; userId: string; expiresAt: Date }>;

export async function createPasswordResetToken({
  db,
  tokenHash,
  userId,
  expiresAt,
  now = new Date(),
}: CreatePasswordResetTokenArgs): Promise<void> {
  await db
    .insertInto("password_reset_tokens")
    .values({
      token_hash: tokenHash,
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      used_at: null,
    })
    .execute();
}

export async function getPasswordResetToken({ db, tokenHash }: WithDb<{ tokenHash: string }>): Promise<PasswordResetTokenRow | null> {
  const row = await db.selectFrom("password_reset_tokens").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
  return row ?? null;
}

/**
 * Marks the token used if it is unused and unexpired, in one statement: of two posts of one
 * link, only one gets the account's id back. Null when the token cannot be used.
 */
export async function takePasswordResetToken({ db, tokenHash, now = new Date() }: Timed<{ tokenHash: string }>): Promise<string | null> {
  const result = await db
    .updateTable("password_reset_tokens")
    .set({ used_at: now.toISOString() })
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return null;
  const row = await getPasswordResetToken({ db, tokenHash });
  return row?.user_id ?? null;
}

/** Ends every unused link of an account (after its password was reset). */
export async function endPasswordResetTokensOf({ db, userId, now = new Date() }: Timed<{ userId: string }>): Promise<void> {
  await db
    .updateTable("password_reset_tokens")
    .set({ used_at: now.toISOString() })
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .execute();
}

/** Deletes links that expired more than a day ago (housekeeping). Returns how many went. */
export async function deleteOldPasswordResetTokens({ db, now = new Date() }: { db: Kysely<DB>; now?: Date }): Promise<number> {
  const before = new Date(now.getTime() - 24 * 3600 * 1000).toISOString();
  const result = await db.deleteFrom("password_reset_tokens").where("expires_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
