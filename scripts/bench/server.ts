/**
 * Starts the real production server (`node server/main.ts`) as a child
 * process on a free port of 127.0.0.1, with a fresh data directory, and
 * waits for GET /healthz to answer 200.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { BenchSetupError, type SiteServer } from "#scripts/bench/types.ts";

export const BENCH_HOST = "127.0.0.1";

const STARTUP_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 20_000;

/**
 * Settings from the caller's shell that would change what is measured
 * (another database, a page cache setting…): the bench runs the server as
 * configured by default, plus what a section asks for.
 */
const SCRUBBED_ENV = ["DATABASE_URL", "PAGE_CACHE_SECONDS", "ENABLE_CRASH_ROUTE", "STORAGE", "SMTP_URL", "NODE_OPTIONS"];

/**
 * BENCH_PORT_BASE, when set, is the first of the ports the bench's servers take, one after the
 * other (for a machine where each user keeps to a range); otherwise the kernel picks free ones.
 */
let nextPort = Number(process.env.BENCH_PORT_BASE ?? "") || 0;

/** A port nobody listens on right now (the kernel picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, BENCH_HOST, () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error("no free port"))));
    });
  });
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.off("exit", onExit);
      resolve(false);
    }, ms);
    const onExit = () => {
      clearTimeout(timer);
      resolve(true);
    };
    child.once("exit", onExit);
  });
}

/** Keeps the last lines a child printed, for the error message if it dies. */
function tail(lines: string[], max = 40) {
  return (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) {
      if (line.trim() === "") continue;
      lines.push(line);
      if (lines.length > max) lines.shift();
    }
  };
}

export async function startSiteServer(options: {
  root: string;
  extraEnv?: Record<string, string>;
  /** Called with every line the server prints after it is up (warnings, errors). */
  onOutput?: (line: string) => void;
  /** Called with the pid as soon as the process exists, before it is up. */
  onSpawn?: (pid: number) => void;
}): Promise<SiteServer> {
  const extraEnv = options.extraEnv ?? {};
  const port = nextPort > 0 ? nextPort++ : await freePort();
  const url = `http://${BENCH_HOST}:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-data-"));

  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of SCRUBBED_ENV) delete env[name];
  Object.assign(env, {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: BENCH_HOST,
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    LOG_LEVEL: "warn",
    ...extraEnv,
  });

  const child = spawn(process.execPath, [path.join(options.root, "server/main.ts")], {
    cwd: options.root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (child.pid !== undefined) options.onSpawn?.(child.pid);
  const output: string[] = [];
  let up = false;
  const collect = tail(output);
  const forward = (chunk: Buffer) => {
    collect(chunk);
    if (!up || !options.onOutput) return;
    for (const line of chunk.toString("utf8").split("\n")) if (line.trim()) options.onOutput(line);
  };
  child.stdout?.on("data", forward);
  child.stderr?.on("data", forward);
  let spawnError: Error | undefined;
  child.once("error", (error) => (spawnError = error));

  // If the bench dies before stop() (a crash, process.exit), at least the data goes.
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  process.once("exit", removeDataDir);

  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
        process.kill(child.pid, "SIGTERM");
        if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
          process.kill(child.pid, "SIGKILL");
          await waitForExit(child, 5_000);
        }
      }
      removeDataDir();
      process.off("exit", removeDataDir);
    })();
    return stopped;
  };

  const describe = () => (output.length > 0 ? `\nIts last output:\n  ${output.join("\n  ")}` : "\nIt printed nothing.");
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (spawnError) {
      await stop();
      throw new BenchSetupError(`The server would not start: ${spawnError.message}`);
    }
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new BenchSetupError(
        `The server would not start: \`node server/main.ts\` exited with ${child.exitCode ?? child.signalCode} ` +
          `before /healthz answered.${describe()}`,
      );
    }
    if (Date.now() > deadline) {
      await stop();
      throw new BenchSetupError(
        `The server would not start: GET ${url}/healthz did not answer 200 within ${STARTUP_TIMEOUT_MS / 1000} s.${describe()}`,
      );
    }
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  up = true;

  if (child.pid === undefined) throw new BenchSetupError("The server would not start: no pid.");
  return { url, port, pid: child.pid, dataDir, extraEnv, stop };
}
