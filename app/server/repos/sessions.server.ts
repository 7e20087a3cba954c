/**
 * Sign-in sessions. The only code that writes SQL for `sessions`. Callers pass the hash of a
 * session id, never the id itself. (Sign-in failures are counted in `repos/rate-limits.server.ts`.)
 */
import type { Kysely, Selectable } from "kysely";
import type { DB, SessionsTable } from "#app/server/db/schema.server.ts";
import type { User } from "#app/server/repos/users.server.ts";
import type { Timed, WithDb } from "#app/server/repos/args.server.ts";

type SessionRow = Selectable<SessionsTable>;

type CreateSessionArgs = Timed<{ idHash: string; userId: string; expiresAt: Date; userAgent: string | null }>;

export async function createSession({
  db,
  idHash,
  userId,
  expiresAt,
  userAgent,
  now = new Date(),
}: CreateSessionArgs): Promise<SessionRow> {
  const row: SessionRow = {
    id_hash: idHash,
    user_id: userId,
    created_at: now.toISOString(),
    expires_at: expiresAt.toISOString(),
    last_seen_at: now.toISOString(),
    user_agent: userAgent,
  };
  await db.insertInto("sessions").values(row).execute();
  return row;
}

type GetSessionWithUserArgs = Timed<{ idHash: string }>;

/** The session and its account, if the session exists and has not expired. */
export async function getSessionWithUser({
  db,
  idHash,
  now = new Date(),
}: GetSessionWithUserArgs): Promise<{ session: SessionRow; user: User } | null> {
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([
      "sessions.id_hash",
      "sessions.user_id",
      "sessions.created_at as session_created_at",
      "sessions.expires_at",
      "sessions.last_seen_at",
      "sessions.user_agent",
      "users.id",
      "users.email",
      "users.name",
      "users.password_hash",
      "users.role",
      "users.email_verified",
      "users.google_sub",
      "users.created_at",
      "users.updated_at",
    ])
    .where("sessions.id_hash", "=", idHash)
    .where("sessions.expires_at", ">", now.toISOString())
    .executeTakeFirst();
  if (!row) return null;
  return {
    session: {
      id_hash: row.id_hash,
      user_id: row.user_id,
      created_at: row.session_created_at,
      expires_at: row.expires_at,
      last_seen_at: row.last_seen_at,
      user_agent: row.user_agent,
    },
    user: {
      id: row.id,
      email: row.email,
      name: row.name,
      password_hash: row.password_hash,
      role: row.role,
      email_verified: row.email_verified,
      google_sub: row.google_sub,
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
  };
}

type ExtendSessionArgs = Timed<{ idHash: string; expiresAt: Date }>;

export async function extendSession({ db, idHash, expiresAt, now = new Date() }: ExtendSessionArgs): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ expires_at: expiresAt.toISOString(), last_seen_at: now.toISOString() })
    .where("id_hash", "=", idHash)
    .execute();
}

export async function deleteSession({ db, idHash }: { db: Kysely<DB>; idHash: string }): Promise<void> {
  await db.deleteFrom("sessions").where("id_hash", "=", idHash).execute();
}

/** Deletes every session of an account, except `keepIdHash` when given. Returns how many went. */
export async function deleteUserSessions({ db, userId, keepIdHash }: WithDb<{ userId: string; keepIdHash?: string }>): Promise<number> {
  let query = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (keepIdHash !== undefined) query = query.where("id_hash", "!=", keepIdHash);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function countUserSessions({ db, userId, now = new Date() }: { db: Kysely<DB>; userId: string; now?: Date }): Promise<number> {
  const row = await db
    .selectFrom("sessions")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", userId)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function deleteExpiredSessions({ db, now = new Date() }: { db: Kysely<DB>; now?: Date }): Promise<number> {
  const result = await db.deleteFrom("sessions").where("expires_at", "<=", now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
