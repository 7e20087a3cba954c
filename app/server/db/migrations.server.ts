/**
 * The one migration set, shared by SQLite and PostgreSQL.
 *
 * Rules for adding a migration:
 * - Add an entry below; names sort in the order they run (`0002_…`, `0003_…`). Never rename or
 *   edit a migration that has shipped: add a new one.
 * - Use only portable column types (`text`, `integer`) and no database defaults for timestamps
 *   (the app writes ISO-8601 UTC text), so the same code runs on both databases.
 * - Migrations run inside one transaction on both databases (see `index.server.ts`), so a
 *   failing run leaves the schema unchanged. On SQLite, `pragma foreign_keys` cannot change
 *   inside a transaction: a table rebuild should use `pragma defer_foreign_keys = on` instead.
 * - Migrations take `Kysely<any>` on purpose: they describe the past, not today's `DB` type.
 *
 * The set is an in-code object (no filesystem globbing) so it survives bundling by Vite.
 */
import type { Migration, MigrationProvider } from "kysely/migration";

export const migrations: Readonly<Record<string, Migration>> = {
  "0001_settings": {
    async up(db) {
      await db.schema
        .createTable("settings")
        // SQLite lets a non-integer primary key hold NULL unless NOT NULL is explicit.
        .addColumn("key", "text", (col) => col.primaryKey().notNull())
        .addColumn("value", "text", (col) => col.notNull())
        .addColumn("updated_at", "text", (col) => col.notNull())
        .execute();
    },
    async down(db) {
      await db.schema.dropTable("settings").execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return { ...migrations };
  },
};
