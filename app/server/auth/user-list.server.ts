/** The admin's list of accounts and their roles. */
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import { getUserById, listUsers, setUserRole, type RoleChange, type User, type UserListItem } from "#app/server/repos/users.server.ts";
import { type UserRole } from "#app/schemas/account.ts";

export function getAccount({ db, id }: { db: Kysely<DB>; id: string }): Promise<User | null> {
  return getUserById({ db, id });
}

/** Makes an account an admin or a customer; the last admin stays one (`last-admin`). */
export function changeRole({
  db,
  dialect,
  id,
  role,
}: {
  db: Kysely<DB>;
  dialect: "sqlite" | "postgres";
  id: string;
  role: UserRole;
}): Promise<RoleChange> {
  return setUserRole({ db, dialect, id, role });
}

/** One page of the admin's user list; a page past the last shows the last. */
export async function listAccounts({
  db,
  page: requested,
  pageSize,
}: {
  db: Kysely<DB>;
  page: number;
  pageSize: number;
}): Promise<{ users: UserListItem[]; total: number; page: number; pages: number }> {
  let { users, total } = await listUsers({ db, limit: pageSize, offset: (requested - 1) * pageSize });
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(requested, pages);
  if (page !== requested) ({ users, total } = await listUsers({ db, limit: pageSize, offset: (page - 1) * pageSize }));
  return { users, total, page, pages };
}
