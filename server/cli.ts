/**
 * Operator CLI: `node server/cli.ts <command> [options]` (Node 24 runs this file directly by
 * stripping types, so it imports only `.ts` files with erasable syntax and no `.tsx`).
 *
 * Exit codes: 0 success, 1 the command failed, 2 usage error (unknown command or option).
 *
 * To add a command, add one entry to `commands` below (see `create-admin` for one with options).
 */
import { parseArgs } from "node:util";
import type { ParseArgsOptionsConfig } from "node:util";
import { migrateToLatest, openDatabase } from "../app/server/db/index.server.ts";
import type { Database } from "../app/server/db/index.server.ts";
import { createOrPromoteAdmin, signOutEverywhere } from "../app/server/auth/accounts.server.ts";

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

export interface CliIO {
  out(line: string): void;
  err(line: string): void;
  env: NodeJS.ProcessEnv;
}

export interface CommandInput {
  /** Parsed options (`--email E` → `values.email === "E"`). */
  values: Record<string, string | boolean | Array<string | boolean> | undefined>;
  positionals: string[];
  io: CliIO;
}

export interface CliCommand {
  summary: string;
  /** One line, starting with the command name: `create-admin --email E --password P`. */
  usage: string;
  options?: ParseArgsOptionsConfig;
  allowPositionals?: boolean;
  /** Returns the exit code. A thrown error prints its message and exits 1. */
  run(input: CommandInput): Promise<number>;
}

/** Opens the database named by DATABASE_URL / DATA_DIR (default ./data), runs `fn`, closes it. */
export async function withDatabase<T>(io: CliIO, fn: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({
    databaseUrl: io.env.DATABASE_URL || undefined,
    dataDir: io.env.DATA_DIR || "./data",
  });
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

export const commands: Record<string, CliCommand> = {
  migrate: {
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
  },
  "create-admin": {
    summary: "Create an admin account, or make the account with this email an admin",
    usage: "create-admin --email E [--password P] [--name N]",
    options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
    async run({ values, io }) {
      const email = typeof values.email === "string" ? values.email.trim() : "";
      const password = typeof values.password === "string" ? values.password : null;
      const name = typeof values.name === "string" ? values.name : undefined;
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) {
        io.err("create-admin: --email must be an email address, like owner@example.com");
        io.err(`Usage: node server/cli.ts ${commands["create-admin"]!.usage}`);
        return EXIT_USAGE;
      }
      return withDatabase(io, async (database) => {
        await migrateToLatest(database);
        const result = await createOrPromoteAdmin({ db: database.db, dialect: database.dialect, email, password, name });
        if (!result.ok) {
          io.err(`create-admin: ${result.message}`);
          return EXIT_FAILURE;
        }
        if (result.created) {
          io.out(`Created admin account ${result.user.email}. Sign in at /login.`);
        } else {
          // A new password must not leave old sessions signed in with the old one.
          if (password !== null) await signOutEverywhere({ db: database.db, userId: result.user.id });
          io.out(
            `${result.user.email} is an admin now${password !== null ? "; its password was replaced and its sessions signed out" : ""}.`,
          );
        }
        return EXIT_OK;
      });
    },
  },
  help: {
    summary: "List the commands",
    usage: "help",
    async run({ io }) {
      io.out(usageText());
      return EXIT_OK;
    },
  },
};

export function usageText(): string {
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
  process.exitCode = await main(process.argv.slice(2));
}
