/**
 * The real backend on a clock that stands still until the test moves it: built in this process
 * the way the server builds it (`buildBackend`), on a fresh database of a target (SQLite, or
 * PostgreSQL in its own schema), with the one clock fixed, so everything that reads the time goes
 * by it: the requests' times, what falls due in the outbox and the push queue. The outbox's own
 * loop is stopped: a test sends what is due at the clock's time with `outbox.drain()`, so "not
 * yet due" is a fact of the database, not of a wait. The push worker runs, as the server runs it
 * (a reminder's push is kicked as soon as its email went).
 */
import type { Backend } from "#app/server/context.server.ts";
import type { Database } from "#app/server/db/index.server.ts";
import { parseEnv } from "#app/server/env.server.ts";
import { createLogger } from "#app/server/logger.server.ts";
import { createUser, type User } from "#app/server/repos/users.server.ts";
import { hashPassword } from "#app/server/auth/password.server.ts";
import type { WeekHours } from "#app/server/leads/business-hours.server.ts";
import { buildBackend } from "#server/build-backend.ts";
import { schemaUrl, type DatabaseTarget } from "#tests/support/databases.ts";

export const PUBLIC_URL = "https://remodel.test";
export const BUSINESS_INBOX = "owner@remodel.test";

export interface FixedClockSite {
  backend: Backend;
  database: Database;
  /** Moves the clock. */
  setNow(now: Date): void;
  /** An administrator (the one whose phones get the alerts). */
  admin: User;
  /** Saves the business profile's opening hours. */
  setHours(hours: WeekHours): Promise<void>;
  stop(): Promise<void>;
}

/** Builds the backend at `now` on a fresh database of `target` (already set up); `env` is added to the configuration. */
export async function startFixedClockSite(
  target: DatabaseTarget,
  { now, env = {} }: { now: Date; env?: Record<string, string> },
): Promise<FixedClockSite> {
  const fresh = await target.fresh();
  const config = parseEnv({
    DATA_DIR: fresh.dataDir,
    ...(fresh.databaseUrl ? { DATABASE_URL: schemaUrl(fresh.databaseUrl, fresh.schema) } : {}),
    PUBLIC_URL,
    LEADS_TO: BUSINESS_INBOX,
    MAIL_FROM: "Remodel Test <site@remodel.test>",
    MAIL_POLL_SECONDS: "0.2",
    ...env,
  });
  let current = now;
  const built = await buildBackend(config, createLogger({ level: "silent" }), { now: () => current });
  const { backend } = built;
  await backend.outbox.stop();
  // The server starts the alerts' worker when it starts serving (server/main.ts).
  backend.push.start();
  const admin = await createUser({
    db: backend.database.db,
    email: "alex@remodel.test",
    name: "Alex Admin",
    passwordHash: await hashPassword("Fixed clock pass 1"),
    role: "admin",
  });
  return {
    backend,
    database: backend.database,
    admin,
    setNow(next) {
      current = next;
    },
    async setHours(hours) {
      const { profile } = await backend.site.content();
      const change = await backend.site.saveProfile({ profile: { ...profile, hours }, by: null });
      if (!change.ok) throw new Error("the profile's hours were not saved");
    },
    async stop() {
      const { outbox, push, blobStore } = backend;
      built.stoppers.tempFiles.stop();
      await built.stoppers.publicPagesWatch.stop();
      await Promise.all([outbox.stop({ abortAfterMs: 1000 }), push.stop({ abortAfterMs: 1000 })]);
      await built.transport.close({ force: true });
      await blobStore.close();
      await backend.database.close();
    },
  };
}
