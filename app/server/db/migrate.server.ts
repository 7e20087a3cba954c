/** Running the app's one migration set on either database (ADR 014). */
import { Migrator } from "kysely/migration";
import { PATIENT_BUSY_WAIT_MS, withBusyWait } from "#app/server/db/busy.server.ts";
import type { Database } from "#app/server/db/database.server.ts";
import { describeError } from "#app/server/db/describe-error.server.ts";
import { migrationProvider } from "#app/server/db/migrations.server.ts";
import { postgresSchema } from "#app/server/db/open-postgres.server.ts";

/**
 * A migrator over the app's migration set, for this database. On PostgreSQL it keeps Kysely's
 * tables in the database's schema explicitly (Kysely's table lookup otherwise sees other
 * schemas' `kysely_migration` tables too).
 */
export async function createMigrator(database: Database): Promise<Migrator> {
  const migrationTableSchema = database.dialect === "postgres" ? await postgresSchema(database) : undefined;
  return new Migrator({ db: database.db, provider: migrationProvider, migrationTableSchema });
}

/**
 * Applies every pending migration. Returns the names applied now (empty when up to date).
 * Throws an Error naming the dialect and the failing migration; the run is rolled back.
 */
export async function migrateToLatest(database: Database): Promise<{ applied: string[] }> {
  const prefix = `Database migration failed (${database.dialect})`;
  let migrator: Migrator;
  try {
    migrator = await createMigrator(database);
  } catch (error) {
    throw new Error(`${prefix}: ${describeError(error)}`, { cause: error });
  }
  // Another instance may be migrating, or the CLI writing: at start nobody waits on a page.
  const migrate = () => withBusyWait(PATIENT_BUSY_WAIT_MS, () => migrator.migrateToLatest());
  let { error, results = [] } = await migrate();
  // Kysely looks for its tables by listing every table of every schema; on PostgreSQL that
  // listing fails with 42P01 (or 3F000 for a schema) when another schema's table is dropped
  // while it runs (another app or test sharing the server). Nothing was applied then, so
  // looking again is safe.
  for (let attempt = 1; attempt <= 5 && isVanishedTableRace(error, results); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    ({ error, results = [] } = await migrate());
  }
  if (error !== undefined) {
    const failed = results.find((result) => result.status === "Error");
    const what = failed
      ? `migration "${failed.migrationName}" failed, nothing from this run was kept`
      : "could not read or lock the migration tables";
    throw new Error(`${prefix}: ${what}: ${describeError(error)}`, { cause: error });
  }
  return {
    applied: results.filter((result) => result.status === "Success").map((result) => result.migrationName),
  };
}

function isVanishedTableRace(error: unknown, results: readonly { status: string }[]): boolean {
  return (
    error !== undefined &&
    results.length === 0 &&
    typeof error === "object" &&
    error !== null &&
    "code" in error &&
    (error.code === "42P01" || error.code === "3F000")
  );
}
