/**
 * The image pipeline on its own (docs/decisions/011-image-pipeline.md): how long a 12-megapixel
 * phone photo takes to become its master, its AVIF and WebP variants at every width
 * (VARIANT_WIDTHS) and its placeholder (median, min and max of 5 runs), and the peak memory of
 * the process doing it. The HEIC's median has a budget of 3 s (issue 16; ADR 037).
 *
 * The photo is a generated 4000 × 3000 JPEG with a phone's EXIF orientation 6 and the texture
 * and noise of a real photo (tests/support/phone-photo.ts); the same photo as HEIC too, when
 * `heif-enc` (Debian's libheif-examples) is installed to make it, turned upright by an `irot`
 * box as an iPhone does. Each runs in a child process
 * (scripts/bench/process-photo.ts) that first processes a small photo of the same type, so the
 * libraries are loaded; its VmHWM (/proc/<pid>/status) then gives the pipeline's own peak.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { heifEncAvailable, makeExifJpeg, withHeifTransform } from "#scripts/make-image-fixtures.ts";
import { makePhoneJpeg } from "#tests/support/phone-photo.ts";
import { VARIANT_WIDTHS } from "#app/server/images/pipeline.server.ts";
import type { ProcessPhotoReport } from "#scripts/bench/process-photo.ts";
import type { BenchContext, BenchSection, Budget, Table } from "#scripts/bench/types.ts";

const RUNS = 5;
/** A 12 MP HEIC into master, every variant and placeholder: the median at most this (issue 16). */
const HEIC_BUDGET_SECONDS = 3;
const run = promisify(execFile);

async function processInChild(ctx: BenchContext, photo: string, warmUp: string): Promise<ProcessPhotoReport> {
  const script = path.join(ctx.root, "scripts/bench/process-photo.ts");
  const { stdout } = await run(process.execPath, [script, photo, warmUp, String(RUNS)], {
    cwd: ctx.root,
    timeout: 300_000,
  });
  return JSON.parse(stdout) as ProcessPhotoReport;
}

const mb = (kb: number) => Math.round(kb / 102.4) / 10;
const s = (ms: number) => Math.round(ms / 10) / 100;

function summary(report: ProcessPhotoReport) {
  const sorted = report.runsMs.toSorted((a, b) => a - b);
  return {
    medianSeconds: s(sorted[Math.floor(sorted.length / 2)] ?? Number.NaN),
    minSeconds: s(sorted[0] ?? Number.NaN),
    maxSeconds: s(sorted.at(-1) ?? Number.NaN),
    runsSeconds: report.runsMs.map(s),
    warmRssMb: mb(report.warmRssKb),
    peakRssMb: mb(report.firstRunHwmKb),
    peakGrowthMb: mb(report.firstRunHwmKb - report.warmHwmKb),
    peakAfterAllRunsMb: mb(report.lastRunHwmKb),
    upright: `${report.width}×${report.height}`,
    masterKb: Math.round(report.master.bytes / 1024),
    variantsKb: Object.fromEntries(report.variants.map((v) => [`${v.format}-${v.width}`, Math.round(v.bytes / 1024)])),
  };
}

export const imagesSection: BenchSection = {
  name: "images",
  title: `Image pipeline: a 12 MP phone photo into all its variants, time and peak memory (budget ${HEIC_BUDGET_SECONDS} s for the HEIC)`,
  async run(ctx: BenchContext) {
    const loadBefore = os.loadavg()[0] ?? 0;
    const dir = await mkdtemp(path.join(tmpdir(), "bench-images-"));
    ctx.onCleanup(() => rm(dir, { recursive: true, force: true }));

    ctx.log("making a 4000 × 3000 photo-like JPEG with EXIF orientation 6");
    const jpeg = path.join(dir, "phone.jpg");
    const jpegBytes = await makePhoneJpeg();
    await writeFile(jpeg, jpegBytes);
    const warmJpeg = path.join(dir, "warm.jpg");
    await writeFile(warmJpeg, await makeExifJpeg());

    const inputs: { label: string; file: string; bytes: number; warmUp: string }[] = [
      { label: "JPEG", file: jpeg, bytes: jpegBytes.length, warmUp: warmJpeg },
    ];
    const notes: string[] = [];
    if (heifEncAvailable()) {
      ctx.log("encoding the same photo as HEIC with heif-enc");
      const heic = path.join(dir, "phone.heic");
      await run("heif-enc", ["-q", "50", "-o", heic, jpeg], { timeout: 300_000 });
      // As an iPhone stores it: the sensor's 4000 × 3000 with a quarter turn in the container.
      await writeFile(heic, withHeifTransform(await readFile(heic), { irot: 3 }));
      inputs.push({
        label: "HEIC",
        file: heic,
        bytes: (await stat(heic)).size,
        warmUp: path.join(ctx.root, "tests/fixtures/images/photo.heic"),
      });
    } else {
      notes.push("HEIC skipped: heif-enc (Debian libheif-examples) is not installed, and nothing else here encodes HEVC.");
    }

    const results: Record<string, ReturnType<typeof summary> & { fileBytes: number }> = {};
    for (const input of inputs) {
      ctx.log(`processing the ${input.label} ${RUNS} times in a child process`);
      results[input.label] = {
        fileBytes: input.bytes,
        ...summary(await processInChild(ctx, input.file, input.warmUp)),
      };
    }
    const loadAfter = os.loadavg()[0] ?? 0;

    const time: Table = {
      title: `Master + AVIF and WebP at ${VARIANT_WIDTHS.join(", ")} px + placeholder, ${RUNS} runs in one process`,
      columns: ["photo", "file", "upright", "median", "min", "max", "process peak RSS", "peak above warmed-up"],
      rows: Object.entries(results).map(([label, r]) => [
        label,
        `${(r.fileBytes / 1024 / 1024).toFixed(1)} MB`,
        r.upright,
        `${r.medianSeconds} s`,
        `${r.minSeconds} s`,
        `${r.maxSeconds} s`,
        `${r.peakRssMb} MB`,
        `${r.peakGrowthMb} MB`,
      ]),
    };
    const sizes: Table = {
      title: "Output sizes (KB)",
      columns: ["photo", "master", ...Object.keys(Object.values(results)[0]?.variantsKb ?? {})],
      rows: Object.entries(results).map(([label, r]) => [label, r.masterKb, ...Object.values(r.variantsKb)]),
    };
    const heic = results.HEIC;
    const budgets: Budget[] = heic
      ? [
          {
            label: `12 MP HEIC → master + ${VARIANT_WIDTHS.length * 2} variants + placeholder (median of ${RUNS})`,
            value: heic.medianSeconds,
            limit: HEIC_BUDGET_SECONDS,
            unit: "s",
          },
        ]
      : [];
    if (!heic) notes.push(`HEIC budget (${HEIC_BUDGET_SECONDS} s) not measured: no HEIC was made.`);
    return {
      figures: { ...results, loadAverageBefore: loadBefore, loadAverageAfter: loadAfter },
      budgets,
      tables: [time, sizes],
      notes: [
        ...notes,
        "Peak RSS: VmHWM of the child process after the photo's first run; 'above warmed-up' subtracts its VmHWM after a small photo of the same type (libraries loaded).",
        `1-minute load average: ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after, on ${os.availableParallelism()} cores.`,
      ],
    };
  },
};
