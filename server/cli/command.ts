/** What every CLI command is and shares: exit codes, its input and output, the database, the settings. */
import type { ParseArgsOptionsConfig } from "node:util";
import { PATIENT_BUSY_WAIT_MS, openDatabase } from "#app/server/db/index.server.ts";
import type { Database } from "#app/server/db/index.server.ts";
import { EnvError, parseEnv } from "#app/server/env.server.ts";

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
    // Beside a running server nobody waits on a page: wait for its writes rather than give up.
    busyWaitMs: PATIENT_BUSY_WAIT_MS,
  });
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

/** The validated configuration, or null after printing what is wrong. */
export function configFrom(io: CliIO, command: string): ReturnType<typeof parseEnv> | null {
  try {
    return parseEnv(io.env);
  } catch (error) {
    if (error instanceof EnvError) {
      io.err(`${command}: ${error.message}`);
      return null;
    }
    throw error;
  }
}

/** A string option, trimmed; "" when it was not given. */
export function textOption(values: CommandInput["values"], name: string): string {
  const value = values[name];
  return typeof value === "string" ? value.trim() : "";
}

/** Says what is missing and how the command is used; the usage error's exit code. */
export function usageError(io: CliIO, command: CliCommand, message: string): number {
  io.err(message);
  io.err(usageLine(command));
  return EXIT_USAGE;
}

/** `Usage: node server/cli.ts …` for a command. */
export function usageLine(command: CliCommand): string {
  return `Usage: node server/cli.ts ${command.usage}`;
}
