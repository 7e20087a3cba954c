/**
 * `npm start` builds the site first when there is no build yet or when a
 * source file is newer than the last build, so a fresh clone needs no step
 * between `npm ci` and `npm start`.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const stamp = path.join(root, "build", ".build-stamp");
const inputs = ["app", "public", "server/app.ts", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const builtAt = existsSync(stamp) && existsSync(path.join(root, "build/server/index.js")) ? statSync(stamp).mtimeMs : 0;
const changedAt = Math.max(...inputs.map((input) => newestMtime(path.join(root, input))));

if (builtAt === 0 || changedAt > builtAt) {
  console.log(builtAt === 0 ? "Building the site (first start)..." : "Sources changed since the last build: rebuilding...");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    console.error("The build failed; see the messages above.");
    process.exit(result.status ?? 1);
  }
  writeFileSync(stamp, new Date().toISOString() + "\n");
}
