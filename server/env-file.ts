/**
 * `.env` in the working directory, read with Node's own `process.loadEnvFile` when the file
 * exists. Node never overwrites a variable the real environment already has (even an empty
 * one), so the process manager's or the shell's settings always win over the file.
 *
 * The server reads it through server/startup-env.ts, its first import (before NODE_ENV is settled
 * and React loads); the CLI calls `loadEnvFile()` before it runs a command.
 */
import { existsSync } from "node:fs";
import path from "node:path";

/** Loads `<dir>/.env` when it exists; returns its path, or null when there is none. Throws a readable error. */
export function loadEnvFile(dir: string = process.cwd()): string | null {
  const file = path.resolve(dir, ".env");
  if (!existsSync(file)) return null;
  try {
    process.loadEnvFile(file);
  } catch (error) {
    const reason = (error as { code?: string }).code ?? (error instanceof Error ? error.message : String(error));
    throw new Error(`Cannot read the settings in ${file}: ${reason}`, { cause: error });
  }
  return file;
}
