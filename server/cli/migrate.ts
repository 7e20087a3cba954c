import { migrateToLatest } from "#app/server/db/index.server.ts";
import { EXIT_OK, withDatabase, type CliCommand } from "#server/cli/command.ts";

export const migrateCommand: CliCommand = {
  summary: "Apply pending database migrations (DATABASE_URL, or SQLite under DATA_DIR)",
  usage: "migrate",
  async run({ io }) {
    const { applied } = await withDatabase(io, (database) => migrateToLatest(database));
    if (applied.length === 0) {
      io.out("Database is up to date");
    } else {
      io.out(`Applied ${applied.length} migration${applied.length === 1 ? "" : "s"}:`);
      for (const name of applied) io.out(`  ${name}`);
    }
    return EXIT_OK;
  },
};
