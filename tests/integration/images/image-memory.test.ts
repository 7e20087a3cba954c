/**
 * Memory stays bounded while a photo is processed: a 12-megapixel phone photo (portrait, EXIF
 * orientation 6, so the widest variants are 1920 × 2560) raises the peak memory of the process
 * doing it by less than a budget. The pipeline runs in a child process of its own
 * (scripts/bench/process-photo.ts) after a small warm-up photo, and the budget is on its VmHWM
 * (high-water mark of the resident set) above the warmed-up process. A resource budget read
 * from /proc, not a timing. docs/decisions/011-image-pipeline.md, "Memory".
 *
 * Measured here (2 cores, glibc, sharp 0.35.5): 170-215 MB with the widest variants first, the
 * master last and one libvips thread; 220-300 MB with the earlier order (master, then 320 px up)
 * and two threads. The AV1 encoder alone takes about 130 MB for the 1920 × 2560 AVIF.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeExifJpeg } from "#scripts/make-image-fixtures.ts";
import type { ProcessPhotoReport } from "#scripts/bench/process-photo.ts";
import { makePhoneJpeg } from "#tests/support/phone-photo.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const BUDGET_MB = 240;

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "image-memory-test-"));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("memory while a photo is processed", () => {
  it(`a 12 MP phone photo raises the processing process's peak memory by less than ${BUDGET_MB} MB`, async () => {
    const photo = path.join(dir, "phone.jpg");
    await writeFile(photo, await makePhoneJpeg());
    const warmUp = path.join(dir, "warm-up.jpg");
    await writeFile(warmUp, await makeExifJpeg());

    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(ROOT, "scripts/bench/process-photo.ts"), photo, warmUp, "1"],
      {
        cwd: ROOT,
        timeout: 120_000,
      },
    );
    const report = JSON.parse(stdout) as ProcessPhotoReport;
    // It really made the whole set: the peak below is for all of it.
    expect([report.width, report.height]).toEqual([3000, 4000]);
    expect(report.variants.map((v) => `${v.format}-${v.width}`)).toEqual(
      [320, 480, 640, 960, 1280, 1920].flatMap((w) => [`avif-${w}`, `webp-${w}`]),
    );
    const growthMb = (report.firstRunHwmKb - report.warmHwmKb) / 1024;
    console.log(`12 MP photo: peak ${Math.round(report.firstRunHwmKb / 1024)} MB, ${Math.round(growthMb)} MB above the warmed-up process`);
    expect(growthMb).toBeLessThan(BUDGET_MB);
  }, 180_000);
});
