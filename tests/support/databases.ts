/**
 * The databases a suite runs against: SQLite always (each database in a fresh
 * temp dir), and PostgreSQL when TEST_POSTGRES_URL is set (each database its
 * own new schema `t_<random>`, through openDatabase's `schema` option, dropped
 * afterwards). Without TEST_POSTGRES_URL the suite says plainly, as a skipped
 * test and a warning, that PostgreSQL was not covered.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { Client } from "pg";
import { test } from "vitest";
import { migrateToLatest, openDatabase, type Database, type OpenDatabaseOptions } from "#app/server/db/index.server.ts";

export const POSTGRES_URL = process.env.TEST_POSTGRES_URL;

export interface DatabaseTarget {
  name: "sqlite" | "postgres";
  setup(): Promise<void>;
  /** Options for a new, empty database. */
  fresh(): Promise<OpenDatabaseOptions>;
  /** How many tables with this name exist in the database of `options`. */
  tableCount(options: OpenDatabaseOptions, table: string): Promise<number>;
  teardown(): Promise<void>;
}

function sqliteTarget(prefix: string): DatabaseTarget {
  let root = "";
  let counter = 0;
  return {
    name: "sqlite",
    async setup() {
      root = await mkdtemp(path.join(os.tmpdir(), `${prefix}-`));
    },
    async fresh() {
      counter += 1;
      // A directory that does not exist yet: openDatabase must create it (recursively).
      return { dataDir: path.join(root, `db-${counter}`, "data") };
    },
    async tableCount(options, table) {
      const database = await openDatabase(options);
      try {
        const { rows } = await sql<{ n: number }>`
          select count(*) as n from sqlite_master where type = 'table' and name = ${table}
        `.execute(database.db);
        return Number(rows[0]?.n);
      } finally {
        await database.close();
      }
    },
    async teardown() {
      if (root) await rm(root, { recursive: true, force: true });
    },
  };
}

function postgresTarget(url: string, prefix: string): DatabaseTarget {
  const admin = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  const schemas: string[] = [];
  let dataDir = "";
  return {
    name: "postgres",
    async setup() {
      await admin.connect();
      dataDir = await mkdtemp(path.join(os.tmpdir(), `${prefix}-pg-`));
    },
    async fresh() {
      const schema = `t_${randomBytes(6).toString("hex")}`;
      await admin.query(`create schema ${schema}`);
      schemas.push(schema);
      return { databaseUrl: url, dataDir, schema };
    },
    async tableCount(options, table) {
      const { rows } = await admin.query<{ n: string }>(
        "select count(*) as n from information_schema.tables where table_schema = $1 and table_name = $2",
        [options.schema, table],
      );
      return Number(rows[0]?.n);
    },
    async teardown() {
      for (const schema of schemas) await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * For servers that keep their own SQLite database in their temp DATA_DIR, where the database
 * plays no part in what is tested.
 */
export const serverOwnSqlite: DatabaseTarget = {
  name: "sqlite",
  setup: async () => {},
  fresh: async () => ({ dataDir: "" }),
  tableCount: async () => 0,
  teardown: async () => {},
};

/** SQLite, plus PostgreSQL when configured; `suite` names the suite in the skip notice. */
export function databaseTargets(prefix: string, suite: string): DatabaseTarget[] {
  const targets = [sqliteTarget(prefix)];
  if (POSTGRES_URL) {
    targets.push(postgresTarget(POSTGRES_URL, prefix));
  } else {
    console.warn(`PostgreSQL ${suite} SKIPPED: set TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/test to run it`);
    test.skip(`PostgreSQL ${suite} SKIPPED: set TEST_POSTGRES_URL=postgres://... to run it`, () => {});
  }
  return targets;
}

/** Sets `target` up and opens a new, migrated database on it: a suite's beforeAll. */
export async function setUpDatabase(target: DatabaseTarget): Promise<Database> {
  await target.setup();
  const database = await openDatabase(await target.fresh());
  await migrateToLatest(database);
  return database;
}

/** Closes what setUpDatabase opened (if it got that far) and tears the target down: the afterAll. */
export async function tearDownDatabase(target: DatabaseTarget, database: Database | undefined): Promise<void> {
  await database?.close();
  await target.teardown();
}

/** `url` with every connection's search_path set to `schema`: how a server or the CLI under test is pointed at a test schema. */
export function schemaUrl(url: string, schema: string | undefined): string {
  const withPath = new URL(url);
  withPath.searchParams.set("options", `-c search_path=${schema}`);
  return withPath.href;
}
