/**
 * Operator CLI: `node server/cli.ts <command> [options]` (Node 24 runs this file directly by
 * stripping types, so it imports only `.ts` files with erasable syntax and no `.tsx`).
 *
 * Exit codes: 0 success, 1 the command failed, 2 usage error (unknown command or option).
 *
 * To add a command, write it in `server/cli/<name>.ts` and add one entry to `commands` below
 * (see `create-admin` for one with options).
 */
import { parseArgs } from "node:util";
import { loadEnvFile } from "#server/env-file.ts";
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliCommand, type CliIO } from "#server/cli/command.ts";
import { backupCommand } from "#server/cli/backup.ts";
import { createAdminCommand } from "#server/cli/create-admin.ts";
import { dkimKeyCommand } from "#server/cli/dkim-key.ts";
import { importFirebaseCommand } from "#server/cli/import-firebase.ts";
import { migrateCommand } from "#server/cli/migrate.ts";
import { restoreCommand } from "#server/cli/restore.ts";
import { siteCommand } from "#server/cli/site.ts";

export { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, withDatabase, type CliCommand, type CliIO, type CommandInput } from "#server/cli/command.ts";

export const commands: Record<string, CliCommand> = {
  migrate: migrateCommand,
  "create-admin": createAdminCommand,
  site: siteCommand,
  backup: backupCommand,
  restore: restoreCommand,
  "import-firebase": importFirebaseCommand,
  "dkim-key": dkimKeyCommand,
  help: {
    summary: "List the commands",
    usage: "help",
    async run({ io }) {
      io.out(usageText());
      return EXIT_OK;
    },
  },
};

function usageText(): string {
  const entries = Object.values(commands);
  const width = Math.max(...entries.map((command) => command.usage.length));
  return [
    "Usage: node server/cli.ts <command> [options]   (npm run cli -- <command> [options])",
    "",
    "Commands:",
    ...entries.map((command) => `  ${command.usage.padEnd(width)}  ${command.summary}`),
    "",
    "Environment: DATABASE_URL (postgres://… for PostgreSQL; unset for SQLite), DATA_DIR (default ./data)",
  ].join("\n");
}

const defaultIO: CliIO = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  env: process.env,
};

export async function main(argv: string[], io: CliIO = defaultIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === "--help" || name === "-h") return commands.help!.run({ values: {}, positionals: [], io });
  const command = name !== undefined && Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!name || !command) {
    io.err(name ? `Unknown command: ${name}\n` : "No command given.\n");
    io.err(usageText());
    return EXIT_USAGE;
  }

  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: rest,
      options: { ...command.options, help: { type: "boolean", short: "h" } },
      allowPositionals: command.allowPositionals ?? false,
      strict: true,
    });
  } catch (error) {
    io.err(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    io.err(`Usage: node server/cli.ts ${command.usage}`);
    return EXIT_USAGE;
  }
  if (parsed.values.help === true) {
    io.out(`Usage: node server/cli.ts ${command.usage}\n\n${command.summary}`);
    return EXIT_OK;
  }

  try {
    return await command.run({ values: parsed.values, positionals: parsed.positionals, io });
  } catch (error) {
    io.err(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT_FAILURE;
  }
}

if (import.meta.main) {
  // Settings in ./.env apply here as they do to the server; the real environment wins.
  try {
    loadEnvFile();
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(EXIT_FAILURE);
  }
  process.exitCode = await main(process.argv.slice(2));
}
