/** An account's own page: the requests it sent, its password, its other browsers (ADR 007). */
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import { updateUser, type User } from "#app/server/repos/users.server.ts";
import { countUserSessions, deleteUserSessions } from "#app/server/repos/sessions.server.ts";
import { listLeadsForAccount, type AccountLead } from "#app/server/repos/leads.server.ts";
import { hashPassword } from "#app/server/auth/password.server.ts";

/** What the profile page shows of an account: the estimate requests it sent and how many browsers are signed in. */
export async function loadAccountOverview({
  db,
  user,
}: {
  db: Kysely<DB>;
  user: Pick<User, "id" | "email" | "email_verified">;
}): Promise<{ requests: AccountLead[]; sessionCount: number }> {
  const [requests, sessionCount] = await Promise.all([
    listLeadsForAccount({
      db,
      userId: user.id,
      // Requests sent with the address count as the account's only when the address is proven.
      email: user.email_verified === 1 ? user.email : null,
    }),
    countUserSessions({ db, userId: user.id }),
  ]);
  return { requests, sessionCount };
}

/**
 * Sets a new password and signs the account out of every other browser: whoever knew the old
 * password may be signed in elsewhere. Returns how many sessions were ended.
 */
export async function changePassword({
  db,
  userId,
  password,
  keepIdHash,
}: {
  db: Kysely<DB>;
  userId: string;
  password: string;
  /** The session that stays signed in (the browser that changed it). */
  keepIdHash?: string;
}): Promise<number> {
  await updateUser({ db, id: userId, changes: { password_hash: await hashPassword(password) } });
  return deleteUserSessions({ db, userId, keepIdHash });
}

/** Signs an account out of every browser but `keepIdHash`'s; returns how many sessions were ended. */
export function signOutEverywhere({ db, userId, keepIdHash }: { db: Kysely<DB>; userId: string; keepIdHash?: string }): Promise<number> {
  return deleteUserSessions({ db, userId, keepIdHash });
}
