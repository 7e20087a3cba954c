import { mkdtemp, rm, statfs } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createDiskChecks, diskErrorOf } from "#app/server/storage/disk.server.ts";

const MB = 1024 * 1024;

describe("disk checks on a real folder", () => {
  let dataDir: string;
  let free: number;
  beforeAll(async () => {
    // A DATA_DIR not made yet: the checks look at the nearest folder that exists.
    dataDir = path.join(await mkdtemp(path.join(os.tmpdir(), "disk-checks-")), "data");
    const space = await statfs(path.dirname(dataDir));
    free = space.bavail * space.bsize;
  });
  afterAll(async () => {
    await rm(path.dirname(dataDir), { recursive: true, force: true });
  });

  test("a request that fits above the reserve: no trouble; one that would eat into it: 'full' with the figures", async () => {
    const checks = createDiskChecks({ dataDir, localMedia: true, reserveMb: 0, largestRequestBytes: MB });
    expect(await checks.troubleFor(MB)).toBeNull();
    const trouble = await checks.troubleFor(free + 100 * MB);
    expect(trouble).toMatchObject({ kind: "full", needBytes: free + 100 * MB, reserveBytes: 0 });
    expect(trouble?.kind === "full" && trouble.freeBytes).toBeGreaterThan(0);
  });

  test("the reserve counts: with more reserved than there is, even a small request is refused, and readiness says low", async () => {
    const checks = createDiskChecks({
      dataDir,
      localMedia: false,
      reserveMb: Math.ceil(free / MB) + 1,
      largestRequestBytes: MB,
    });
    expect((await checks.troubleFor(1))?.kind).toBe("full");
    const readiness = await checks.readiness();
    expect(readiness.disk.low).toBe(true);
    expect(readiness.dataDir).toBe("writable");
    expect(readiness.unwritable).toEqual([]);
  });

  test("readiness on a roomy disk: not low, writable", async () => {
    const readiness = await createDiskChecks({
      dataDir,
      localMedia: true,
      reserveMb: 0,
      largestRequestBytes: MB,
    }).readiness();
    expect(readiness).toMatchObject({ disk: { reserveBytes: 0, low: false }, dataDir: "writable", unwritable: [] });
  });
});

const error = (code: string) => Object.assign(new Error(code), { code, syscall: "write", path: "/d/tmp/uploads/x.upload" });

test("diskErrorOf: the disk's codes, not the network's or a plain error", () => {
  expect(diskErrorOf(error("ENOSPC"))).toEqual({
    code: "ENOSPC",
    syscall: "write",
    path: "/d/tmp/uploads/x.upload",
    message: "ENOSPC",
  });
  expect(diskErrorOf(error("EROFS"))?.code).toBe("EROFS");
  expect(diskErrorOf(error("ECONNRESET"))).toBeNull();
  expect(diskErrorOf(new Error("boom"))).toBeNull();
  expect(diskErrorOf("ENOSPC")).toBeNull();
});
