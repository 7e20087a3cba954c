/**
 * Copies of the whole database for backups (docs/decisions/022-backups.md): a SQLite file made
 * with `VACUUM INTO`, a PostgreSQL dump made with `pg_dump`, and putting them back.
 *
 * - SQLite: `VACUUM INTO` reads the live database in one read transaction (WAL lets the server
 *   keep writing meanwhile) and writes a compact, self-contained file (rollback journal, no
 *   -wal beside it). Unlike the online backup API it never restarts when another process
 *   writes, so a busy site cannot starve it.
 * - PostgreSQL: `pg_dump --format=custom --no-owner` of the app's schema, run on a snapshot
 *   exported by the caller's repeatable-read transaction (`--snapshot`), so counts read in that
 *   transaction describe exactly what the dump holds. `pg_restore` runs in one transaction.
 *   The password moves from the URL into `PGPASSWORD`, out of the process list.
 */
import { spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { Kysely, SqliteDialect, sql } from "kysely";
import type { Database } from "#app/server/db/index.server.ts";
import { createMigrator } from "#app/server/db/index.server.ts";
import { migrationProvider } from "#app/server/db/migrations.server.ts";
import type { DB } from "#app/server/db/schema.server.ts";

// ---------------------------------------------------------------------------------------------
// SQLite

/** Writes a consistent copy of the live SQLite database to `file` (which must not exist). */
export async function vacuumInto(database: Database, file: string): Promise<void> {
  if (database.dialect !== "sqlite") throw new Error("vacuumInto needs a SQLite database");
  await sql`vacuum into ${file}`.execute(database.db);
}

/**
 * Opens a SQLite file that is not the live database (a snapshot, or one being restored), without
 * WAL, so nothing is written beside it. Close it before moving the file.
 */
export async function openSqliteFile(file: string, options: { readonly?: boolean } = {}): Promise<Database> {
  const { default: BetterSqlite3 } = await import("better-sqlite3");
  const raw = new BetterSqlite3(file, { readonly: options.readonly ?? false, fileMustExist: true });
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: raw }) });
  let closing: Promise<void> | undefined;
  return {
    db,
    dialect: "sqlite",
    async ping() {
      await sql`select 1`.execute(db);
    },
    // A file no other process uses: nothing to wait for.
    lockState: () => ({ busy: false, waitingMs: 0, waiting: 0 }),
    close() {
      closing ??= db.destroy();
      return closing;
    },
  };
}

/** `pragma integrity_check`: `["ok"]` for a sound file, else SQLite's list of problems. */
export async function sqliteIntegrityCheck(database: Database): Promise<string[]> {
  const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(database.db);
  return rows.map((row) => row.integrity_check);
}

/** The newest migration applied to this database, or null for an empty one. */
export async function migrationLevel(database: Database): Promise<string | null> {
  const migrations = await (await createMigrator(database)).getMigrations();
  const applied = migrations.filter((migration) => migration.executedAt !== undefined).map((m) => m.name);
  return applied.toSorted().at(-1) ?? null;
}

/** Every migration this version of the app knows, in order. */
export async function knownMigrations(): Promise<string[]> {
  return Object.keys(await migrationProvider.getMigrations()).toSorted();
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

/** The full path of an executable on PATH, or null. */
export function findExecutable(name: string, pathVariable: string | undefined = process.env.PATH): string | null {
  for (const dir of (pathVariable ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** The schema this connection works in: `current_schema()`, or the first one search_path names. */
export async function currentPostgresSchema(database: Database): Promise<string> {
  const { rows } = await sql<{ schema: string | null; path: string }>`
    select current_schema() as schema, current_setting('search_path') as path
  `.execute(database.db);
  const row = rows[0];
  if (row?.schema) return row.schema;
  const first = (row?.path ?? "")
    .split(",")
    .map((part) => part.trim().replace(/^"(.*)"$/, "$1"))
    .find((part) => part !== "" && part !== "$user");
  if (!first) throw new Error("PostgreSQL has no current schema: search_path names none.");
  return first;
}

/** The URL without its password, and the environment that carries the password instead. */
function connectionFor(databaseUrl: string, baseEnv: NodeJS.ProcessEnv): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  // node-pg reads `+` in the query as a space (form encoding, as URLSearchParams writes it);
  // libpq does not, so spell it %20 for the tools (a real plus is %2B either way).
  url.search = url.search.replace(/\+/g, "%20");
  const env = { ...baseEnv };
  if (url.password) {
    env.PGPASSWORD = decodeURIComponent(url.password);
    url.password = "";
  }
  return { url: url.href, env };
}

interface ToolRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runTool(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

function toolFailed(tool: string, run: ToolRun): Error {
  const detail = run.stderr.trim().split("\n").slice(-5).join(" | ") || `exit code ${String(run.code)}`;
  return new Error(`${tool} failed: ${detail}`);
}

/**
 * Exports the snapshot of the caller's transaction (repeatable read) for `pg_dump --snapshot`;
 * valid while that transaction stays open.
 */
export async function exportPostgresSnapshot(trx: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(trx);
  const id = rows[0]?.id;
  if (!id) throw new Error("PostgreSQL exported no snapshot");
  return id;
}

/** `pg_dump --version`'s line, e.g. "pg_dump (PostgreSQL) 15.20". */
export async function toolVersion(file: string): Promise<string> {
  const run = await runTool(file, ["--version"], process.env);
  return run.stdout.trim();
}

/** Dumps `schema` in custom format into `file`, from the exported snapshot when one is given. */
export async function pgDump({
  pgDumpPath,
  databaseUrl,
  schema,
  snapshotId,
  file,
}: {
  pgDumpPath: string;
  databaseUrl: string;
  schema: string;
  snapshotId?: string;
  file: string;
}): Promise<void> {
  const { url, env } = connectionFor(databaseUrl, process.env);
  const args = ["--format=custom", "--no-owner", `--schema=${schema}`, `--file=${file}`];
  if (snapshotId) args.push(`--snapshot=${snapshotId}`);
  args.push(`--dbname=${url}`);
  const run = await runTool(pgDumpPath, args, env);
  if (run.code !== 0) throw toolFailed("pg_dump", run);
}

/** What the restore target holds: whether the schema exists and how many tables it has. */
export async function postgresSchemaState(database: Database, schema: string): Promise<{ exists: boolean; tables: number }> {
  const { rows } = await sql<{ exists: boolean; tables: number }>`
    select exists (select 1 from pg_namespace where nspname = ${schema}) as exists,
           (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
             where n.nspname = ${schema} and c.relkind in ('r', 'p', 'v', 'm', 'S')) as tables
  `.execute(database.db);
  return { exists: Boolean(rows[0]?.exists), tables: Number(rows[0]?.tables ?? 0) };
}

/**
 * Restores a custom-format dump in one transaction (all or nothing), without owners or grants
 * (the roles of the old server may not exist here). When the schema already exists (empty: the
 * caller checked), its own CREATE SCHEMA and comment are left out of the list.
 */
export async function pgRestore({
  pgRestorePath,
  databaseUrl,
  file,
  schema,
  schemaExists,
  workDir,
}: {
  pgRestorePath: string;
  databaseUrl: string;
  file: string;
  schema: string;
  schemaExists: boolean;
  workDir: string;
}): Promise<void> {
  const { url, env } = connectionFor(databaseUrl, process.env);
  const args = ["--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", `--dbname=${url}`];
  if (schemaExists) {
    const listed = await runTool(pgRestorePath, ["--list", file], env);
    if (listed.code !== 0) throw toolFailed("pg_restore --list", listed);
    const skip = [` SCHEMA - ${schema} `, ` COMMENT - SCHEMA ${schema} `];
    const kept = listed.stdout
      .split("\n")
      .filter((line) => !skip.some((entry) => line.includes(entry)))
      .join("\n");
    const listFile = path.join(workDir, "restore.list");
    await writeFile(listFile, kept);
    args.push(`--use-list=${listFile}`);
  }
  args.push(file);
  try {
    const run = await runTool(pgRestorePath, args, env);
    if (run.code !== 0) throw toolFailed("pg_restore", run);
  } finally {
    if (schemaExists) await rm(path.join(workDir, "restore.list"), { force: true });
  }
}
