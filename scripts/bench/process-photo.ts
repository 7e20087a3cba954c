/**
 * Runs the real image pipeline on one file in a process of its own, so that its peak memory is
 * the pipeline's and nobody else's. Used by the `images` bench section and by the pipeline's
 * memory test (tests/integration/images/image-memory.test.ts):
 *
 *   node scripts/bench/process-photo.ts <photo> <warm-up photo> [runs]
 *
 * The warm-up photo (small, same type) is processed first, so that loading sharp, libvips, the
 * encoders and, for HEIC, the WebAssembly decoder is not counted as the photo's. Then the photo
 * is processed `runs` times (default 1), one after another. Prints one JSON line on stdout:
 * the process's resident memory after the warm-up, its high-water mark (VmHWM from
 * /proc/self/status) after the warm-up, after the first run and after all runs, each run's
 * milliseconds, and the first run's outputs.
 */
import { readFileSync } from "node:fs";
import { processImage } from "#app/server/images/pipeline.server.ts";

function memoryKb(): { rss: number; hwm: number } {
  const status = readFileSync("/proc/self/status", "utf8");
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN);
  return { rss: field("VmRSS"), hwm: field("VmHWM") };
}

export interface ProcessPhotoReport {
  warmRssKb: number;
  warmHwmKb: number;
  firstRunHwmKb: number;
  lastRunHwmKb: number;
  runsMs: number[];
  sourceType: string;
  width: number;
  height: number;
  master: { width: number; height: number; bytes: number };
  variants: { format: string; width: number; height: number; bytes: number }[];
  placeholderChars: number;
}

async function main(): Promise<void> {
  const [photo, warmUp, runsArg] = process.argv.slice(2);
  if (!photo || !warmUp) {
    console.error("Usage: node scripts/bench/process-photo.ts <photo> <warm-up photo> [runs]");
    process.exit(2);
  }
  const runs = Number(runsArg ?? "1");
  await processImage(warmUp);
  const warm = memoryKb();
  const runsMs: number[] = [];
  let first: Awaited<ReturnType<typeof processImage>> | undefined;
  let firstRunHwmKb = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const result = await processImage(photo);
    runsMs.push(performance.now() - started);
    if (!first) {
      first = result;
      firstRunHwmKb = memoryKb().hwm;
    }
  }
  if (!first) throw new Error("no run");
  const report: ProcessPhotoReport = {
    warmRssKb: warm.rss,
    warmHwmKb: warm.hwm,
    firstRunHwmKb,
    lastRunHwmKb: memoryKb().hwm,
    runsMs,
    sourceType: first.sourceType,
    width: first.width,
    height: first.height,
    master: { width: first.master.width, height: first.master.height, bytes: first.master.buffer.length },
    variants: first.variants.map((v) => ({
      format: v.format,
      width: v.width,
      height: v.height,
      bytes: v.buffer.length,
    })),
    placeholderChars: first.placeholder.length,
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

if (import.meta.main) await main();
