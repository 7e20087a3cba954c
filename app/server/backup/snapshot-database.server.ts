/**
 * The database half of a backup (ADR 022): SQLite through `VACUUM INTO` and an integrity check,
 * PostgreSQL through pg_dump on a snapshot our own repeatable-read transaction exports, so the
 * counts read with it describe exactly what the dump holds.
 */
import path from "node:path";
import {
  currentPostgresSchema,
  exportPostgresSnapshot,
  migrationLevel,
  openSqliteFile,
  pgDump,
  sqliteIntegrityCheck,
  toolVersion,
  vacuumInto,
} from "#app/server/db/snapshot.server.ts";
import { getBackupFacts, type BackupFacts } from "#app/server/repos/backup-facts.server.ts";
import { BackupError } from "#app/server/backup/backup-error.server.ts";
import { POSTGRES_BACKUP_FILE, SQLITE_BACKUP_FILE, type BackupManifest, type BackupSource } from "#app/server/backup/manifest.server.ts";

interface DatabaseSnapshot {
  facts: BackupFacts;
  migration: string | null;
  databaseEntry: BackupManifest["database"];
  /** When the snapshot was taken: everything committed before it is in the backup. */
  createdAt: string;
}

interface SnapshotInput {
  source: BackupSource;
  /** The `.partial-…` folder the snapshot is written into. */
  partial: string;
  /** pg_dump, found on PATH (PostgreSQL only). */
  pgDumpPath: string | null;
  now: () => Date;
}

export function snapshotDatabase(input: SnapshotInput): Promise<DatabaseSnapshot> {
  return input.source.database.dialect === "sqlite" ? snapshotSqlite(input) : snapshotPostgres(input);
}

async function snapshotSqlite({ source, partial, now }: SnapshotInput): Promise<DatabaseSnapshot> {
  const file = path.join(partial, SQLITE_BACKUP_FILE);
  const createdAt = now().toISOString();
  await vacuumInto(source.database, file);
  const snapshot = await openSqliteFile(file);
  try {
    const problems = await sqliteIntegrityCheck(snapshot);
    if (problems.join() !== "ok") {
      throw new BackupError(`The database snapshot failed SQLite's integrity check: ${problems.slice(0, 5).join("; ")}`);
    }
    const facts = await getBackupFacts({ db: snapshot.db });
    const migration = await migrationLevel(snapshot);
    return { facts, migration, databaseEntry: { kind: "sqlite", file: SQLITE_BACKUP_FILE }, createdAt };
  } finally {
    await snapshot.close();
  }
}

async function snapshotPostgres({ source, partial, pgDumpPath, now }: SnapshotInput): Promise<DatabaseSnapshot> {
  const { database } = source;
  const schema = await currentPostgresSchema(database);
  const migration = await migrationLevel(database);
  const file = path.join(partial, POSTGRES_BACKUP_FILE);
  const version = await toolVersion(pgDumpPath!);
  // One repeatable-read transaction exports its snapshot to pg_dump and counts in it, so the
  // counts describe exactly what the dump holds.
  const { facts, createdAt } = await database.db
    .transaction()
    .setIsolationLevel("repeatable read")
    .setAccessMode("read only")
    .execute(async (trx) => {
      const snapshotId = await exportPostgresSnapshot(trx);
      const at = now().toISOString();
      const counted = await getBackupFacts({ db: trx });
      await pgDump({ pgDumpPath: pgDumpPath!, databaseUrl: source.databaseUrl ?? "", schema, snapshotId, file });
      return { facts: counted, createdAt: at };
    });
  return {
    facts,
    migration,
    databaseEntry: { kind: "postgres", file: POSTGRES_BACKUP_FILE, schema, pgDump: version },
    createdAt,
  };
}
