/**
 * The build this process serves. `build` is a link switched to each new build in one step
 * (scripts/site-build.ts), so the host resolves it once at start and keeps its own folder:
 * its pages and the hashed assets they name stay together through a rebuild next to it. The
 * process also leaves its pid in the folder's `.in-use/`, so pruning old builds skips a folder
 * a live server still serves.
 */
import { existsSync, mkdirSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export const IN_USE_DIR = ".in-use";

interface ServedBuild {
  /** The real folder (`.builds/<id>`, or `build` itself when it is a plain folder). */
  dir: string;
  /** Says this process no longer serves it. */
  release(): void;
}

/** The build `build` points at now, or null when there is none. */
export function openServedBuild(root: string): ServedBuild | null {
  const link = path.join(root, "build");
  if (!existsSync(path.join(link, "server", "index.js"))) return null;
  const dir = realpathSync(link);
  const mark = path.join(dir, IN_USE_DIR, String(process.pid));
  try {
    mkdirSync(path.dirname(mark), { recursive: true });
    writeFileSync(mark, "");
  } catch {
    // A read-only build: pruning is then the operator's business.
  }
  const release = () => rmSync(mark, { force: true });
  process.once("exit", release);
  return { dir, release };
}
