import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  isOwnerGone,
  removeLeftoverStoreTemps,
  removeLeftoverUploads,
  TEMP_OWNER,
  uploadTempName,
} from "#app/server/storage/temp-files.server.ts";

const host = TEMP_OWNER.slice(0, 8);
const pidHex = (pid: number) => pid.toString(16).padStart(8, "0");

/** A real process: alive until `stop`, then its pid is one no process has. */
async function otherProcess() {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  await new Promise((resolve) => child.once("spawn", resolve));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return {
    pid: child.pid!,
    stop: async () => {
      child.kill("SIGKILL");
      await exited;
    },
  };
}

describe("isOwnerGone", () => {
  test("this process under its own tag is alive; the same pid under another tag is a stopped process", () => {
    expect(isOwnerGone(TEMP_OWNER)).toBe(false);
    const otherTag = TEMP_OWNER.endsWith("00000000") ? "11111111" : "00000000";
    expect(isOwnerGone(`${host}${pidHex(process.pid)}${otherTag}`)).toBe(true);
  });

  test("another pid on this host is gone only once that process has exited", async () => {
    const other = await otherProcess();
    const owner = `${host}${pidHex(other.pid)}12345678`;
    expect(isOwnerGone(owner)).toBe(false);
    await other.stop();
    expect(isOwnerGone(owner)).toBe(true);
  });

  test("another host's files, pid 0 and malformed tags are never judged gone", () => {
    const otherHost = host === "00000000" ? "11111111" : "00000000";
    expect(isOwnerGone(`${otherHost}${pidHex(999_999)}12345678`, undefined, () => false)).toBe(false);
    expect(isOwnerGone(`${host}0000000012345678`, undefined, () => false)).toBe(false);
    expect(isOwnerGone("not-a-tag")).toBe(false);
  });
});

async function old(file: string) {
  const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
  await utimes(file, twoHoursAgo, twoHoursAgo);
}

describe("removing temp files left behind", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "temp-files-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test("uploads: a stopped process's go at once; this process's, untagged and foreign young ones stay; any old one goes", async () => {
    const stopped = await otherProcess();
    await stopped.stop();
    const names = {
      stopped: `${host}${pidHex(stopped.pid)}abcdef01-0b5c2f1e.upload`,
      ours: uploadTempName("0b5c2f1e"),
      untagged: "7d3c6a52-6a43-4bfb-a5c0-1c7e3b1e8a10.upload",
      untaggedOld: "1f0f7e0e-2c1b-4c55-9a51-6d6e2f3a4b5c.upload",
      ownOld: uploadTempName("old"),
    };
    for (const name of Object.values(names)) await writeFile(path.join(dir, name), "x");
    await old(path.join(dir, names.untaggedOld));
    await old(path.join(dir, names.ownOld));
    expect(await removeLeftoverUploads(dir)).toBe(3);
    expect((await readdir(dir)).toSorted()).toEqual([names.ours, names.untagged].toSorted());
  });

  test("the local store's hidden files: a stopped process's go with the folder they leave empty; objects stay", async () => {
    const stopped = await otherProcess();
    await stopped.stop();
    const lone = path.join(dir, "lead-photos", "2f0c8d7e-1111-4222-8333-944455556666");
    const shared = path.join(dir, "photos", "3a1b2c3d-1111-4222-8333-944455556666");
    await mkdir(lone, { recursive: true });
    await mkdir(shared, { recursive: true });
    const dead = `${host}${pidHex(stopped.pid)}abcdef01`;
    await writeFile(path.join(lone, `.large-2048.jpg.${dead}0123456789abcdef.tmp`), "x");
    await writeFile(path.join(shared, `.display-800.avif.${dead}0123456789abcdef.tmp`), "x");
    await writeFile(path.join(shared, `.display-400.avif.${TEMP_OWNER}0123456789abcdef.tmp`), "x");
    await writeFile(path.join(shared, "master-1600.jpg"), "object");
    expect(await removeLeftoverStoreTemps(dir)).toBe(2);
    expect(await readdir(path.join(dir, "lead-photos"))).toEqual([]);
    expect((await readdir(shared)).toSorted()).toEqual([`.display-400.avif.${TEMP_OWNER}0123456789abcdef.tmp`, "master-1600.jpg"]);
  });
});
