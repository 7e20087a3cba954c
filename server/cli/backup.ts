import { existsSync } from "node:fs";
import path from "node:path";
import { BackupError, createBackup } from "#app/server/backup/backup.server.ts";
import { EXIT_FAILURE, EXIT_OK, configFrom, textOption, usageError, withDatabase, type CliCommand } from "#server/cli/command.ts";

export const backupCommand: CliCommand = {
  summary: "Write a consistent snapshot (database, local photos, manifest) into a new folder in DIR, while the site runs",
  usage: "backup --to DIR",
  options: { to: { type: "string" } },
  async run({ values, io }) {
    const to = textOption(values, "to");
    if (!to) return usageError(io, backupCommand, "backup: say where to write it: --to DIR (a new timestamped folder is made inside DIR)");
    const config = configFrom(io, "backup");
    if (!config) return EXIT_FAILURE;
    if (!config.databaseUrl && !existsSync(path.join(config.dataDir, "site.db"))) {
      io.err(
        `backup: there is no database at ${path.resolve(config.dataDir, "site.db")}: check DATA_DIR (or DATABASE_URL for PostgreSQL).`,
      );
      return EXIT_FAILURE;
    }
    return withDatabase(io, async (database) => {
      try {
        const { folder, manifest } = await createBackup({
          source: {
            database,
            dataDir: config.dataDir,
            databaseUrl: config.databaseUrl,
            storage: config.env.STORAGE,
            s3Bucket: config.env.S3_BUCKET,
          },
          to,
          by: "cli",
        });
        const kind =
          manifest.database.kind === "sqlite"
            ? "SQLite snapshot"
            : `PostgreSQL dump of schema "${manifest.database.schema}" (${manifest.database.pgDump})`;
        io.out(`Backup written to ${folder}`);
        io.out(`  Database: ${kind}, migration ${manifest.migration ?? "none"}, taken ${manifest.createdAt}`);
        io.out(`  ${manifest.counts.leads} estimate requests, ${manifest.counts.photos} photos`);
        io.out(
          manifest.storage.included
            ? `  Photo files: ${manifest.counts.photoFiles} from ${path.join(config.dataDir, "media")}`
            : `  Photo files: not copied. ${manifest.storage.note}`,
        );
        if (manifest.missingPhotoFiles.length > 0) {
          io.out(
            `  Note: ${manifest.missingPhotoFiles.length} photo files were deleted while the backup ran (their photos were being deleted); see missingPhotoFiles in manifest.json.`,
          );
        }
        io.out(
          `  Manifest: ${path.join(folder, "manifest.json")} (${manifest.files.length} file${manifest.files.length === 1 ? "" : "s"} with size and SHA-256)`,
        );
        return EXIT_OK;
      } catch (error) {
        if (error instanceof BackupError) {
          io.err(`backup: ${error.message}`);
          return EXIT_FAILURE;
        }
        throw error;
      }
    });
  },
};
