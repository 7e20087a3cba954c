/**
 * The first start, as a newcomer runs it (ADR 058): `npm start`'s own command in a copy of the
 * checkout with no build, so it builds (the real Vite build) and then serves a fresh DATA_DIR.
 * What it prints: no line a newcomer could take for an error ("externalized", "warning"), one
 * line for the build instead of Vite's list of files, and the one-time setup link as the last
 * block, between two rules.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { root, serverEnv } from "#tests/support/server.ts";

/** What a clone holds that the build and the server read (node_modules is linked, not copied). */
const CHECKOUT_PARTS = [
  "app",
  "public",
  "server",
  "scripts",
  "package.json",
  "package-lock.json",
  "tsconfig.json",
  "vite.config.ts",
  "react-router.config.ts",
];
const SETUP_LINE = /^Create the first admin account: (\S+) \(valid for 1 hour\)$/;

let copy: string;
let child: ChildProcess;
let output = "";

beforeAll(async () => {
  copy = mkdtempSync(path.join(tmpdir(), "first-start-"));
  for (const part of CHECKOUT_PARTS) cpSync(path.join(root, part), path.join(copy, part), { recursive: true });
  symlinkSync(path.join(root, "node_modules"), path.join(copy, "node_modules"), "dir");
  // Exactly what `npm start` runs, with this Node first on the PATH (as npm puts its own).
  const start = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: { start: string } }).scripts.start;
  child = spawn("sh", ["-c", start], {
    cwd: copy,
    env: serverEnv({
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: path.join(copy, "data"),
      PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}`,
    }),
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group: the shell, the build and the server are stopped together.
    detached: true,
  });
  // One stream, as a terminal shows it: stdout and stderr in the order they were written.
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const linked = new Promise<void>((resolve) => {
    const check = () => {
      if (SETUP_LINE.test(lines().at(-2) ?? "") && lines().at(-1) !== undefined) resolve();
    };
    child.stdout!.on("data", check);
  });
  await Promise.race([linked, exited]);
  if (child.exitCode !== null) throw new Error(`npm start stopped:\n${output}`);
}, 240_000);

afterAll(async () => {
  if (child?.pid && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    process.kill(-child.pid, "SIGTERM");
    await exited;
  }
  if (copy) rmSync(copy, { recursive: true, force: true });
});

/** The output's lines, without the last one's newline, blank lines kept. */
function lines(): string[] {
  return output.replace(/\n$/, "").split("\n");
}

describe("the first start (build included) on a fresh copy", () => {
  test("no line reads like a problem: nothing 'externalized', no 'warning'", () => {
    expect(output).toContain("Building the site...");
    expect(lines().filter((line) => /externalized|warning/i.test(line))).toEqual([]);
  });

  test("the build says one line, not its list of files", () => {
    const all = lines();
    const building = all.indexOf("Building the site...");
    const firstLog = all.findIndex((line) => line.startsWith("{"));
    expect(all.slice(building, firstLog)).toEqual([
      expect.stringMatching(/^Building the site\.\.\.$/),
      expect.stringMatching(/^Site built in \d+ s /),
    ]);
    expect(all.filter((line) => line.includes(".builds/"))).toEqual([]);
  });

  test("the setup link is the last block, between two rules", () => {
    const last = lines().slice(-4);
    expect(last[0]).toBe("");
    expect(last[1]).toMatch(/^=+$/);
    expect(last[2]).toMatch(SETUP_LINE);
    expect(last[3]).toBe(last[1]);
    expect(last[1]!.length).toBe(last[2]!.length);
  });
});
