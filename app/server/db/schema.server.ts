/**
 * The database schema as Kysely sees it: one interface per table.
 *
 * Keep this in step with `migrations.server.ts`. Only portable column types are used (text,
 * integer), so the same shapes hold on SQLite and PostgreSQL. Timestamps are ISO-8601 UTC
 * strings written by the application (`new Date().toISOString()`), never database defaults.
 */

/** `settings`: small site-wide key/value settings. `value` is JSON text. */
export interface SettingsTable {
  key: string;
  /** JSON-encoded value (`JSON.stringify`); read it through `repos/settings.server.ts`. */
  value: string;
  /** ISO-8601 UTC timestamp of the last write, e.g. `2026-11-22T00:00:00.000Z`. */
  updated_at: string;
}

export interface DB {
  settings: SettingsTable;
}
