/**
 * Building the site so that running servers never notice (docs/decisions/001-process-host-and-server-bundle.md):
 *
 * - A build is named by a SHA-256 of its inputs' contents (not their times), so a fresh clone
 *   with a build copied in, or a checkout that touched every file, is still up to date.
 * - Each build goes into a new folder, `.builds/<hash>-<time>/`, with the hash in its
 *   `.build-stamp`; then `build` is switched to it in one step (a symlink renamed over the old
 *   one). A server resolves `build` once at start and keeps using its own folder, so a rebuild
 *   never empties or changes files another process serves. The newest KEEP_BUILDS folders stay.
 * - One build at a time: a lock file `.builds/lock` holds the builder's pid; another `npm start`
 *   waits for it, then finds the build up to date instead of building again. A lock whose
 *   process is gone is taken over.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { IN_USE_DIR } from "#server/build-dir.ts";
import { builtLine, collectBuildOutput } from "#scripts/build-output.ts";

/** What a build is made from: a change to any of these makes a new build. */
const BUILD_INPUTS = [
  "app",
  "public",
  "server/app.ts",
  "server/virtual.d.ts",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "package-lock.json",
];
const STAMP_FILE = ".build-stamp";
const BUILDS_DIR = ".builds";
/** Build folders kept (the current one included), for servers still running an older one. */
export const KEEP_BUILDS = 3;
const LOCK_WAIT_MS = 15 * 60_000;

interface BuildOptions {
  root: string;
  /** The build command; it gets SITE_BUILD_DIR (the folder to write) in its environment. */
  command?: string[];
  log?: (line: string) => void;
  /** Build even when `build` is up to date. */
  force?: boolean;
  /**
   * "full" (`npm run build`): the build's own output as it comes. "summary" (`npm start`): one
   * line for a build that worked, the build's own lines only where they matter (build-output.ts).
   */
  output?: "full" | "summary";
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A hash of every input file's path and bytes, in a stable order. */
export function inputsHash(root: string, inputs: string[] = BUILD_INPUTS): string {
  const hash = createHash("sha256");
  const visit = (relative: string) => {
    const full = path.join(root, relative);
    let stats;
    try {
      stats = lstatSync(full);
    } catch {
      return;
    }
    if (stats.isDirectory()) {
      for (const entry of readdirSync(full).toSorted()) visit(path.posix.join(relative, entry));
    } else if (stats.isFile()) {
      hash.update(`${relative}\0${stats.size}\0`);
      hash.update(readFileSync(full));
    }
  };
  for (const input of inputs) visit(input);
  return hash.digest("hex").slice(0, 16);
}

/** The hash the current `build` was made from, or null (no build, or an unfinished one). */
function currentBuildHash(root: string): string | null {
  const build = path.join(root, "build");
  if (!existsSync(path.join(build, "server", "index.js"))) return null;
  try {
    return readFileSync(path.join(build, STAMP_FILE), "utf8").trim() || null;
  } catch {
    return null;
  }
}

export function isUpToDate(root: string, hash = inputsHash(root)): boolean {
  return currentBuildHash(root) === hash;
}

function defaultCommand(root: string): string[] {
  const bin = path.join(root, "node_modules/@react-router/dev/bin.cjs");
  if (!existsSync(bin)) {
    throw new BuildError(
      "The site has no build for these sources, and the build tools are not installed (a production " +
        "install, `npm ci --omit=dev`). Build where they are (`npm ci && npm run build`) and copy `build` " +
        "and `.builds/` here, or run `npm ci` and `npm run build` here.",
    );
  }
  return [process.execPath, bin, "build"];
}

export class BuildError extends Error {}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes `.builds/lock` (waiting while a live process holds it); returns the release. */
async function lock(root: string, log: (line: string) => void): Promise<() => void> {
  const file = path.join(root, BUILDS_DIR, "lock");
  mkdirSync(path.dirname(file), { recursive: true });
  const until = Date.now() + LOCK_WAIT_MS;
  let told = false;
  for (;;) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let holder = Number.NaN;
    try {
      holder = Number(readFileSync(file, "utf8"));
    } catch {
      continue; // released meanwhile
    }
    if (Number.isInteger(holder) && holder > 0 && !isAlive(holder)) {
      // Its builder died: take the lock over (only one of several waiters wins the rename).
      try {
        renameSync(file, `${file}.stale-${process.pid}`);
        rmSync(`${file}.stale-${process.pid}`, { force: true });
      } catch {
        // someone else took it over first
      }
      continue;
    }
    if (Date.now() > until) throw new BuildError(`Another build (pid ${holder}) has held ${file} for too long.`);
    if (!told) log(`Waiting for another build (pid ${Number.isNaN(holder) ? "?" : holder}) to finish...`);
    told = true;
    await sleep(200);
  }
}

interface RunOptions {
  env: NodeJS.ProcessEnv;
  cwd: string;
  log: (line: string) => void;
  /** Set for a summary: the folder the build writes, whose file list is held back. */
  summaryOf?: string;
}

function run(command: string[], options: RunOptions): Promise<number> {
  const { env, cwd, log, summaryOf } = options;
  return new Promise((resolve, reject) => {
    const [file, ...args] = command;
    const started = Date.now();
    const child = spawn(file!, args, { cwd, env, stdio: summaryOf ? ["ignore", "pipe", "pipe"] : "inherit" });
    const output = summaryOf ? collectBuildOutput({ buildDir: path.relative(cwd, summaryOf), show: log }) : null;
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => output?.push(chunk));
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => output?.push(chunk));
    child.once("error", reject);
    child.once("close", (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      if (output) {
        const lines = output.allLines();
        if (status === 0) log(builtLine(Date.now() - started));
        else log(["The build's full output:", ...lines].join("\n"));
      }
      resolve(status);
    });
  });
}

/** Points `build` at `target` (a folder under .builds) in one rename. */
function switchTo(root: string, target: string) {
  const link = path.join(root, "build");
  let stats;
  try {
    stats = lstatSync(link);
  } catch {
    stats = null;
  }
  if (stats?.isDirectory()) {
    // A build made before builds had their own folders: keep it as one of them.
    renameSync(link, path.join(root, BUILDS_DIR, `0-previous-${Date.now()}`));
  }
  const next = path.join(root, `build.next-${process.pid}`);
  rmSync(next, { force: true });
  symlinkSync(path.relative(root, target), next, "dir");
  renameSync(next, link);
}

/** Removes build folders beyond the newest KEEP_BUILDS (never the current one). */
function prune(root: string, current: string) {
  const dir = path.join(root, BUILDS_DIR);
  const builds = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(dir, entry.name))
    .map((full) => ({ full, time: lstatSync(full).mtimeMs }))
    .toSorted((a, b) => b.time - a.time);
  const keep = new Set([current, ...builds.slice(0, KEEP_BUILDS).map((b) => b.full)]);
  for (const build of builds) {
    if (!keep.has(build.full) && !isServed(build.full)) rmSync(build.full, { recursive: true, force: true });
  }
}

/** Whether a live server left its pid in the build's `.in-use/` (server/build-dir.ts). */
function isServed(dir: string): boolean {
  try {
    return readdirSync(path.join(dir, IN_USE_DIR)).some((name) => isAlive(Number(name)));
  } catch {
    return false;
  }
}

/**
 * Builds unless `build` is already made from these sources (or `force`). Returns whether it
 * built. Throws BuildError with a sentence for the operator.
 */
export async function ensureBuild(options: BuildOptions): Promise<{ built: boolean; hash: string }> {
  const { root, force = false, output = "full" } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const hash = inputsHash(root);
  if (!force && isUpToDate(root, hash)) return { built: false, hash };

  const release = await lock(root, log);
  try {
    // Another process may have built while we waited for the lock.
    if (!force && isUpToDate(root, hash)) return { built: false, hash };
    const command = options.command ?? defaultCommand(root);
    const outDir = path.join(root, BUILDS_DIR, `${hash}-${Date.now()}`);
    log(currentBuildHash(root) === null ? "Building the site..." : "Sources changed since the last build: rebuilding...");
    const env = { ...process.env, NODE_ENV: "production", SITE_BUILD_DIR: outDir };
    const status = await run(command, { env, cwd: root, log, ...(output === "summary" ? { summaryOf: outDir } : {}) });
    if (status !== 0 || !existsSync(path.join(outDir, "server", "index.js"))) {
      rmSync(outDir, { recursive: true, force: true });
      throw new BuildError("The build failed; see the messages above.");
    }
    writeFileSync(path.join(outDir, STAMP_FILE), `${hash}\n`);
    switchTo(root, outDir);
    prune(root, outDir);
    return { built: true, hash };
  } finally {
    release();
  }
}
