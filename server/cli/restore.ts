import path from "node:path";
import { BackupError } from "#app/server/backup/backup.server.ts";
import { restoreBackup } from "#app/server/backup/restore.server.ts";
import { EXIT_FAILURE, EXIT_OK, configFrom, textOption, usageError, type CliCommand } from "#server/cli/command.ts";

export const restoreCommand: CliCommand = {
  summary: "Restore one snapshot folder into an empty DATA_DIR (or an empty PostgreSQL schema), after checking every file",
  usage: "restore --from DIR",
  options: { from: { type: "string" } },
  async run({ values, io }) {
    const from = textOption(values, "from");
    if (!from) return usageError(io, restoreCommand, "restore: say which snapshot: --from DIR (one backup-… folder)");
    const config = configFrom(io, "restore");
    if (!config) return EXIT_FAILURE;
    try {
      const result = await restoreBackup({ from, dataDir: config.dataDir, databaseUrl: config.databaseUrl });
      const where = config.databaseUrl
        ? `PostgreSQL schema "${result.manifest.database.kind === "postgres" ? result.manifest.database.schema : ""}"`
        : `DATA_DIR ${path.resolve(config.dataDir)}`;
      io.out(`Restored ${path.basename(result.folder)} (taken ${result.manifest.createdAt}) into ${where}:`);
      io.out(`  ${result.leads} estimate requests, ${result.photos} photos, ${result.mediaFiles} photo files`);
      io.out(`  Checksums: all ${result.manifest.files.length} file${result.manifest.files.length === 1 ? "" : "s"} match the manifest`);
      if (result.integrity !== null) io.out(`  SQLite integrity check: ${result.integrity}`);
      if (!result.manifest.storage.included) io.out(`  Photo files: not in this backup. ${result.manifest.storage.note}`);
      io.out("Start the site (npm start) to use it; it applies any newer migrations itself.");
      return EXIT_OK;
    } catch (error) {
      if (error instanceof BackupError) {
        io.err(`restore: ${error.message}`);
        return EXIT_FAILURE;
      }
      throw error;
    }
  },
};
