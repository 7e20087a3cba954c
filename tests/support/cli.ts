/**
 * Runs the operator CLI (`node server/cli.ts …`) in a child process, as an operator does, with
 * none of the developer's own settings (the server's variables are removed, like serverEnv).
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { root, serverEnv } from "#tests/support/server.ts";

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], env: Record<string, string> = {}, options: { timeoutMs?: number } = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ["--no-warnings", path.join(root, "server/cli.ts"), ...args],
      { cwd: root, env: serverEnv(env), timeout: options.timeoutMs ?? 60_000 },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== "number") return reject(error);
        resolve({ code: typeof error?.code === "number" ? error.code : 0, stdout, stderr });
      },
    );
  });
}
