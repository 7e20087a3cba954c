/** The first admin, made by the CLI or the one-time setup link (ADR 007). */
import { checkNewPassword } from "#app/server/auth/new-password.server.ts";
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import { createUser, getUserByEmail, setUserRole, updateUser, type User } from "#app/server/repos/users.server.ts";
import { hashPassword } from "#app/server/auth/password.server.ts";

export type AdminResult = { ok: true; user: User; created: boolean } | { ok: false; message: string };

/** Creates an admin account, or makes an existing account (same email) an admin. */
export async function createOrPromoteAdmin({
  db,
  dialect,
  email,
  password,
  name,
}: {
  db: Kysely<DB>;
  dialect: "sqlite" | "postgres";
  email: string;
  password: string | null;
  name?: string;
}): Promise<AdminResult> {
  const existing = await getUserByEmail({ db, email });
  if (existing) {
    if (password !== null) {
      const problem = checkNewPassword(password, { email, name: existing.name });
      if (problem) return { ok: false, message: problem };
      await updateUser({ db, id: existing.id, changes: { password_hash: await hashPassword(password) } });
    }
    await setUserRole({ db, dialect, id: existing.id, role: "admin" });
    return { ok: true, user: { ...existing, role: "admin" }, created: false };
  }
  if (password === null) return { ok: false, message: "A new account needs a password." };
  const problem = checkNewPassword(password, { email, name });
  if (problem) return { ok: false, message: problem };
  const user = await createUser({
    db,
    email,
    name: name?.trim() || email.split("@")[0]!,
    passwordHash: await hashPassword(password),
    role: "admin",
  });
  return { ok: true, user, created: true };
}
