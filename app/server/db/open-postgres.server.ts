/** Opening PostgreSQL: one pool per process, numbers for int8, a bounded lock wait (ADR 014, ADR 043). */
import { CompiledQuery, Kysely, sql } from "kysely";
import { BUSY_AFTER_MS, AppPostgresDialect } from "#app/server/db/postgres-dialect.server.ts";
import { REQUEST_BUSY_WAIT_MS } from "#app/server/db/busy.server.ts";
import { makeDatabase, type Database, type OpenDatabaseOptions } from "#app/server/db/database.server.ts";
import { describeError } from "#app/server/db/describe-error.server.ts";
import { listenPostgres } from "#app/server/db/listen.server.ts";
import type { DB } from "#app/server/db/schema.server.ts";

const DEFAULT_CONNECT_TIMEOUT_MS = 5000;
/** pg's type id of `int8`/`bigint` (what `count(*)` returns). */
const PG_INT8_OID = 20;

/** The PostgreSQL schema a Database was opened with (`schema` option), for the migrator. */
const configuredSchemas = new WeakMap<Database, string>();

export async function openPostgres(options: OpenDatabaseOptions): Promise<Database> {
  const { Pool, TypeOverrides } = await import("pg");

  // pg returns int8 (count(*), sum(integer)) as strings; parse them as numbers for this pool
  // only, not through pg's global `types`. Values beyond 2^53 would lose precision: the schema
  // uses `integer` columns, so only counts and sums come back as int8.
  const types = new TypeOverrides();
  types.setTypeParser(PG_INT8_OID, "text", (value: string) => Number(value));

  const pool = new Pool({
    connectionString: options.databaseUrl,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    max: options.maxConnections ?? 10,
    types,
  });
  // An idle client losing its connection (server restart) emits "error" on the pool; without
  // a listener that would crash the process. The pool replaces the client on the next query.
  pool.on("error", (error) => {
    const msg = `idle PostgreSQL connection failed: ${describeError(error)}`;
    if (options.logger) options.logger.error(msg, { error });
    else console.error(`[db] ${msg}`);
  });

  const schema = options.schema;
  const busyWaitMs = options.busyWaitMs ?? REQUEST_BUSY_WAIT_MS;
  const dialect = new AppPostgresDialect(
    {
      pool,
      onCreateConnection: async (connection) => {
        if (schema) {
          await connection.executeQuery(CompiledQuery.raw(`set search_path to ${quoteIdentifier(schema)}`));
        }
        // pg waits asynchronously, but a request must not wait without end for a row lock.
        await connection.executeQuery(CompiledQuery.raw(`set lock_timeout = ${Math.floor(busyWaitMs)}`));
      },
    },
    busyWaitMs,
  );
  const db = new Kysely<DB>({ dialect });
  const database: Database = {
    ...makeDatabase(db, "postgres", () => {
      const waitingMs = dialect.poolWaits.longestMs();
      return { busy: waitingMs >= BUSY_AFTER_MS || pool.waitingCount > 0, waitingMs, waiting: dialect.poolWaits.count };
    }),
    listen: (channel, handlers) =>
      listenPostgres(
        {
          connectionString: options.databaseUrl,
          schema,
          channel,
          connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
        },
        handlers,
      ),
  };
  if (schema) configuredSchemas.set(database, schema);
  return database;
}

function quoteIdentifier(name: string): string {
  if (name === "" || name.includes("\0")) throw new Error(`Invalid schema name ${JSON.stringify(name)}`);
  return `"${name.replaceAll('"', '""')}"`;
}

/** The schema the migrator should keep its tables in: the configured one, or the current one. */
export async function postgresSchema(database: Database): Promise<string> {
  const configured = configuredSchemas.get(database);
  if (configured) return configured;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(database.db);
  const current = rows[0]?.schema;
  if (!current) {
    throw new Error("PostgreSQL has no current schema: no schema named in search_path exists. Create it, or fix search_path.");
  }
  return current;
}
