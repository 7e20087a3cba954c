/**
 * The server's first import: reads `.env` (see env-file.ts) before NODE_ENV is settled by
 * node-env.ts and before any module reads the environment. A file that cannot be read stops the
 * start with a message naming it.
 */
import { loadEnvFile } from "#server/env-file.ts";

function loadOrExit(): string | null {
  try {
    return loadEnvFile();
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

/** The `.env` file the server read at start-up, or null when there was none. */
export const envFile: string | null = loadOrExit();
