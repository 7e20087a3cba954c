/**
 * Builds and production start (scripts/site-build.ts, server/build-dir.ts):
 * - the real checkout: after `npm run build`, the start-up check (`scripts/ensure-build.ts`)
 *   does not build again (at most one real build here, and none when the build is current);
 * - in a temporary root with a fake build command: a build is named by its inputs' contents
 *   (touching every file's time does not rebuild, changing a byte does); three starts at once
 *   build once; old builds are pruned except one a live server uses;
 * - a production server started from a copy of the checkout keeps answering its page and its
 *   hashed assets with 200 while builds are made and switched next to it, and serves a newer
 *   build's assets too (instances on different builds behind one proxy).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ensureBuild, inputsHash, isUpToDate, KEEP_BUILDS } from "#scripts/site-build.ts";
import { get, root, serverEnv } from "#tests/support/server.ts";

const node = process.execPath;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A build command that takes `delayMs`, logs its pid to `logFile`, and writes SITE_BUILD_DIR:
 * a copy of `from` when given (its assets replaced by one new hashed asset), else a minimal
 * server entry.
 */
const FAKE_BUILD = `
import { appendFileSync, cpSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
const [logFile, delayMs, from] = process.argv.slice(2);
const out = process.env.SITE_BUILD_DIR;
appendFileSync(logFile, process.pid + "\\n");
await new Promise((resolve) => setTimeout(resolve, Number(delayMs)));
if (from) {
  // Like a real rebuild after a change: other hashed asset names than the build before.
  cpSync(from, out, { recursive: true, filter: (source) => !/\\.in-use|\\.build-stamp|[\\\\/]assets[\\\\/]/.test(source) });
  mkdirSync(path.join(out, "client", "assets"), { recursive: true });
  writeFileSync(path.join(out, "client", "assets", "newer-" + process.pid + ".js"), "console.log(1);\\n");
} else {
  mkdirSync(path.join(out, "server"), { recursive: true });
  writeFileSync(path.join(out, "server", "index.js"), "export {};\\n");
}
`;

function makeRoot(): { dir: string; fake: string; log: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "site-build-"));
  mkdirSync(path.join(dir, "app", "routes"), { recursive: true });
  writeFileSync(path.join(dir, "app", "root.tsx"), "export default 1;\n");
  writeFileSync(path.join(dir, "app", "routes", "home.tsx"), "export default 2;\n");
  writeFileSync(path.join(dir, "package-lock.json"), "{}\n");
  const fake = path.join(dir, "fake-build.mjs");
  writeFileSync(fake, FAKE_BUILD);
  return { dir, fake, log: path.join(dir, "builds.log") };
}

const builds = (log: string) => (existsSync(log) ? readFileSync(log, "utf8").trim().split("\n").filter(Boolean).length : 0);
const quiet = () => {};

describe("the build the real checkout serves", () => {
  test("after `npm run build` the start-up check does not build again", () => {
    const build = spawnSync(node, [path.join(root, "scripts/build.ts")], {
      cwd: root,
      encoding: "utf8",
      timeout: 180_000,
    });
    expect(build.status, build.stderr).toBe(0);
    expect(isUpToDate(root)).toBe(true);
    expect(readFileSync(path.join(root, "build", ".build-stamp"), "utf8").trim()).toBe(inputsHash(root));
    const started = Date.now();
    const check = spawnSync(node, [path.join(root, "scripts/ensure-build.ts")], { cwd: root, encoding: "utf8" });
    expect(check.status, check.stderr).toBe(0);
    expect(check.stdout).not.toMatch(/build/i);
    expect(Date.now() - started).toBeLessThan(5_000);
  }, 200_000);
});

describe("site-build with a fake build command", () => {
  let tmp: { dir: string; fake: string; log: string };
  beforeAll(() => {
    tmp = makeRoot();
  });
  afterAll(() => rmSync(tmp.dir, { recursive: true, force: true }));

  test("a build is named by its inputs' contents, not their times", async () => {
    const command = [node, tmp.fake, tmp.log, "0"];
    expect(await ensureBuild({ root: tmp.dir, command, log: quiet })).toMatchObject({ built: true });
    expect(realpathSync(path.join(tmp.dir, "build"))).toContain(`${path.sep}.builds${path.sep}`);
    expect(await ensureBuild({ root: tmp.dir, command, log: quiet })).toMatchObject({ built: false });
    // A checkout or a copy that touches every file: same contents, no build.
    const future = new Date(Date.now() + 3_600_000);
    for (const file of ["app/root.tsx", "app/routes/home.tsx", "package-lock.json"]) utimesSync(path.join(tmp.dir, file), future, future);
    expect(await ensureBuild({ root: tmp.dir, command, log: quiet })).toMatchObject({ built: false });
    writeFileSync(path.join(tmp.dir, "app", "routes", "home.tsx"), "export default 3;\n");
    expect(await ensureBuild({ root: tmp.dir, command, log: quiet })).toMatchObject({ built: true });
    expect(builds(tmp.log)).toBe(2);
  });

  test("three starts at once build once; the others wait and find it built", async () => {
    writeFileSync(path.join(tmp.dir, "app", "root.tsx"), "export default 'changed';\n");
    rmSync(tmp.log, { force: true });
    const script = `import { ensureBuild } from ${JSON.stringify(path.join(root, "scripts/site-build.ts"))};
      await ensureBuild({ root: ${JSON.stringify(tmp.dir)}, command: ${JSON.stringify([node, tmp.fake, tmp.log, "800"])} });`;
    const runs = await Promise.all(
      [1, 2, 3].map(
        () =>
          new Promise<{ code: number | null; out: string }>((resolve) => {
            const child = spawn(node, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "pipe"] });
            let out = "";
            child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
            child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
            child.once("exit", (code) => resolve({ code, out }));
          }),
      ),
    );
    for (const run of runs) expect(run.code, run.out).toBe(0);
    expect(builds(tmp.log)).toBe(1);
    expect(runs.filter((run) => run.out.includes("Waiting for another build")).length).toBe(2);
    expect(isUpToDate(tmp.dir)).toBe(true);
    expect(existsSync(path.join(tmp.dir, ".builds", "lock"))).toBe(false);
  });

  test(`old builds are pruned to ${KEEP_BUILDS}, except one a live server uses`, async () => {
    const served = realpathSync(path.join(tmp.dir, "build"));
    // This test process plays the server (server/build-dir.ts leaves the pid the same way).
    mkdirSync(path.join(served, ".in-use"), { recursive: true });
    writeFileSync(path.join(served, ".in-use", String(process.pid)), "");
    const command = [node, tmp.fake, tmp.log, "0"];
    for (let i = 0; i < KEEP_BUILDS + 2; i++) {
      await sleep(20);
      await ensureBuild({ root: tmp.dir, command, log: quiet, force: true });
    }
    const left = readdirSync(path.join(tmp.dir, ".builds")).filter((name) => name !== "lock");
    expect(left).toHaveLength(KEEP_BUILDS + 1);
    expect(existsSync(served)).toBe(true);
  });
});

describe("a production server while builds switch next to it", () => {
  let copy: string;
  let server: ChildProcess;
  let url: string;

  beforeAll(async () => {
    // The server's runtime parts and the current build, in a root of its own, so builds can
    // switch there without touching the checkout other tests use.
    copy = mkdtempSync(path.join(tmpdir(), "site-serve-"));
    for (const part of ["server", "app", "package.json"]) cpSync(path.join(root, part), path.join(copy, part), { recursive: true });
    symlinkSync(path.join(root, "node_modules"), path.join(copy, "node_modules"), "dir");
    const first = path.join(copy, ".builds", "first");
    cpSync(realpathSync(path.join(root, "build")), first, {
      recursive: true,
      filter: (source) => !source.includes(".in-use"),
    });
    symlinkSync(path.relative(copy, first), path.join(copy, "build"), "dir");

    const dataDir = path.join(copy, "data");
    server = spawn(node, [path.join(copy, "server/main.ts")], {
      cwd: copy,
      env: serverEnv({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    server.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
    server.stderr!.on("data", (chunk: Buffer) => (out += chunk.toString()));
    const until = Date.now() + 30_000;
    while (!/"msg":"listening"/.test(out)) {
      if (Date.now() > until || server.exitCode !== null) throw new Error(`server did not start:\n${out}`);
      await sleep(25);
    }
    url = String(/"url":"([^"]+)"/.exec(out.slice(out.indexOf('"msg":"listening"')))?.[1]);
  }, 60_000);

  afterAll(async () => {
    if (server?.pid && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      process.kill(server.pid, "SIGTERM");
      await exited;
    }
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  test("its page and hashed assets answer 200 through three rebuilds; a newer build's assets too", async () => {
    const page = await get(`${url}/`);
    expect(page.status).toBe(200);
    // Public pages name no script file (ADR 026); the admin area's pages load the build's
    // hashed modules: take those of the build the server started with.
    const assets = readdirSync(path.join(copy, ".builds", "first", "client", "assets"))
      .filter((name) => name.endsWith(".js"))
      .slice(0, 5)
      .map((name) => `/assets/${name}`);
    expect(assets.length).toBeGreaterThan(0);
    const log = path.join(copy, "builds.log");
    const fake = path.join(copy, "fake-build.mjs");
    writeFileSync(fake, FAKE_BUILD);

    let failures: string[] = [];
    const state = { rebuilding: true };
    const hammer = (async () => {
      while (state.rebuilding) {
        for (const target of ["/", ...assets]) {
          const res = await get(`${url}${target}`);
          if (res.status !== 200) failures.push(`${target}: ${res.status}`);
        }
      }
    })();
    for (let i = 0; i < 3; i++) {
      await ensureBuild({
        root: copy,
        force: true,
        log: quiet,
        command: [node, fake, log, "200", realpathSync(path.join(copy, "build"))],
      });
    }
    state.rebuilding = false;
    await hammer;
    expect(failures).toEqual([]);
    expect(builds(log)).toBe(3);

    // The server still serves its own build (the one it started with)...
    failures = [];
    for (const target of assets) if ((await get(`${url}${target}`)).status !== 200) failures.push(target);
    expect(failures).toEqual([]);
    expect(existsSync(path.join(copy, ".builds", "first"))).toBe(true);
    // ...and the newest build's assets, which a page from an instance on that build names.
    const newest = readdirSync(path.join(realpathSync(path.join(copy, "build")), "client", "assets")).find((name) =>
      name.startsWith("newer-"),
    );
    expect(newest).toBeDefined();
    expect((await get(`${url}/assets/${newest}`)).status).toBe(200);
    expect((await get(`${url}/assets/missing-123.js`)).status).toBe(404);
  }, 60_000);
});
