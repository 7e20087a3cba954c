/**
 * Accounts. The only code that writes SQL for `users`.
 *
 * Emails are stored lower-cased, so one address is one account whatever its case. Role changes
 * that could leave the site without an admin are refused inside one transaction.
 */
import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { DB, UsersTable } from "#app/server/db/schema.server.ts";
import type { UserRole } from "#app/schemas/account.ts";
import type { Timed } from "#app/server/repos/args.server.ts";

export type User = Selectable<UsersTable>;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function getUserById({ db, id }: { db: Kysely<DB>; id: string }): Promise<User | null> {
  return (await db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

export async function getUserByEmail({ db, email }: { db: Kysely<DB>; email: string }): Promise<User | null> {
  return (await db.selectFrom("users").selectAll().where("email", "=", normalizeEmail(email)).executeTakeFirst()) ?? null;
}

export async function getUserByGoogleSub({ db, sub }: { db: Kysely<DB>; sub: string }): Promise<User | null> {
  return (await db.selectFrom("users").selectAll().where("google_sub", "=", sub).executeTakeFirst()) ?? null;
}

export class EmailTakenError extends Error {
  constructor() {
    super("An account with this email already exists.");
  }
}

export async function createUser({
  db,
  email,
  name,
  passwordHash,
  role = "customer",
  emailVerified = false,
  googleSub = null,
  now = new Date(),
}: {
  db: Kysely<DB>;
  email: string;
  name: string;
  passwordHash: string | null;
  role?: UserRole;
  emailVerified?: boolean;
  googleSub?: string | null;
  now?: Date;
}): Promise<User> {
  const row: User = {
    id: randomUUID(),
    email: normalizeEmail(email),
    name: name.trim(),
    password_hash: passwordHash,
    role,
    email_verified: emailVerified ? 1 : 0,
    google_sub: googleSub,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  try {
    await db.insertInto("users").values(row).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailTakenError();
    throw error;
  }
  return row;
}

type UpdateUserArgs = Timed<{ id: string; changes: Partial<Pick<User, "name" | "password_hash" | "email_verified" | "google_sub">> }>;

export async function updateUser({ db, id, changes, now = new Date() }: UpdateUserArgs): Promise<boolean> {
  const result = await db
    .updateTable("users")
    .set({ ...changes, updated_at: now.toISOString() })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type RoleChange = "changed" | "unchanged" | "last-admin" | "not-found";

type SetUserRoleArgs = Timed<{ dialect: "sqlite" | "postgres"; id: string; role: UserRole }>;

/**
 * Sets an account's role. Demoting the last admin is refused, checked in the same transaction
 * as the write (on PostgreSQL the admin rows are locked, so two demotions at once cannot both pass).
 */
export async function setUserRole({ db, dialect, id, role, now = new Date() }: SetUserRoleArgs): Promise<RoleChange> {
  return db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom("users").select(["id", "role"]).where("id", "=", id).executeTakeFirst();
    if (!user) return "not-found";
    if (user.role === role) return "unchanged";
    if (user.role === "admin" && role !== "admin") {
      // SQLite write transactions are serialized already (`begin immediate`).
      let admins = trx.selectFrom("users").select("id").where("role", "=", "admin");
      if (dialect === "postgres") admins = admins.forUpdate();
      const rows = await admins.execute();
      if (rows.length <= 1) return "last-admin";
    }
    await trx.updateTable("users").set({ role, updated_at: now.toISOString() }).where("id", "=", id).execute();
    return "changed";
  });
}

export async function countAdmins({ db }: { db: Kysely<DB> }): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("role", "=", "admin")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface UserListItem {
  id: string;
  email: string;
  name: string;
  role: UserRole;
  created_at: string;
  hasPassword: boolean;
  hasGoogle: boolean;
  sessionCount: number;
}

type ListUsersArgs = Timed<{ limit?: number; offset?: number }>;

/** Accounts for the admin's user list, admins first, then newest first. */
export async function listUsers({
  db,
  limit = 100,
  offset = 0,
  now = new Date(),
}: ListUsersArgs): Promise<{ users: UserListItem[]; total: number }> {
  const rows = await db
    .selectFrom("users")
    .select((eb) => [
      "users.id",
      "users.email",
      "users.name",
      "users.role",
      "users.created_at",
      "users.password_hash",
      "users.google_sub",
      eb
        .selectFrom("sessions")
        .select((s) => s.fn.countAll<number>().as("n"))
        .whereRef("sessions.user_id", "=", "users.id")
        .where("sessions.expires_at", ">", now.toISOString())
        .as("session_count"),
    ])
    .orderBy("users.role") // "admin" sorts before "customer"
    .orderBy("users.created_at", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
  const total = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return {
    users: rows.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role,
      created_at: row.created_at,
      hasPassword: row.password_hash !== null,
      hasGoogle: row.google_sub !== null,
      sessionCount: Number(row.session_count ?? 0),
    })),
    total: Number(total.count),
  };
}

export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = "code" in error ? String(error.code) : "";
  // PostgreSQL unique_violation, better-sqlite3 constraint codes.
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}
