/**
 * Test accounts made through the app's own server code (repos, password hashing, session ids),
 * straight in the database a running test server uses. Used by integration and browser tests.
 */
import { randomBytes } from "node:crypto";
import { openDatabase, migrateToLatest, type Database } from "#app/server/db/index.server.ts";
import { createUser, type User } from "#app/server/repos/users.server.ts";
import { hashPassword } from "#app/server/auth/password.server.ts";
import { sessionCookieName, startSession } from "#app/server/auth/session.server.ts";
import type { UserRole } from "#app/schemas/account.ts";

export interface TestAccount {
  user: User;
  password: string;
  /** Value of the session cookie (`session=<id>` on http). */
  sessionId: string;
  /** The `Cookie` request header for this account's session on an http site. */
  cookie: string;
}

let counter = 0;

/** A unique address for this test run. */
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${randomBytes(3).toString("hex")}@example.com`;
}

export async function withSiteDatabase<T>(
  target: { dataDir: string; databaseUrl?: string; schema?: string },
  fn: (database: Database) => Promise<T>,
): Promise<T> {
  const database = await openDatabase({
    dataDir: target.dataDir,
    databaseUrl: target.databaseUrl,
    schema: target.schema,
  });
  try {
    await migrateToLatest(database);
    return await fn(database);
  } finally {
    await database.close();
  }
}

/** Makes a session for an existing account, as signing in does, and returns the cookie value. */
export function createTestSession(database: Database, userId: string): Promise<string> {
  return startSession({ db: database.db, userId, userAgent: "test" });
}

/** An account (customer by default) with a known password and a signed-in session. */
export async function createTestAccount(
  target: { dataDir: string; databaseUrl?: string; schema?: string },
  options: { role?: UserRole; email?: string; name?: string; password?: string } = {},
): Promise<TestAccount> {
  const password = options.password ?? `Test pass ${randomBytes(6).toString("hex")}`;
  return withSiteDatabase(target, async (database) => {
    const user = await createUser({
      db: database.db,
      email: options.email ?? uniqueEmail(options.role ?? "customer"),
      name: options.name ?? (options.role === "admin" ? "Alex Admin" : "Casey Customer"),
      passwordHash: await hashPassword(password),
      role: options.role ?? "customer",
    });
    const sessionId = await createTestSession(database, user.id);
    return { user, password, sessionId, cookie: `${sessionCookieName(false)}=${sessionId}` };
  });
}
