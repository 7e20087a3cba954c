/**
 * A photo upload as the contractor's phone sends it, measured on the server: its peak memory
 * while a 25 MB photo (a 24-megapixel JPEG of camera-like noise, the hardest case for the
 * encoders) is received, processed into every variant and stored, and how long that takes.
 *
 * The server's memory is read from /proc/<pid>/status: VmHWM (the high-water mark of its
 * resident set) before and after, and VmRSS sampled every 20 ms during the upload. The upload
 * goes through the real route (POST /admin/gallery/upload) with an admin session made in the
 * server's database, streamed from a file as a browser sends it.
 */
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { createTestAccount } from "#tests/support/accounts.ts";
import { makeTestJpeg } from "#tests/support/photos.ts";
import type { BenchContext, BenchSection, SiteServer } from "#scripts/bench/types.ts";

const MiB = 1024 * 1024;
const WIDTH = 6000;
const HEIGHT = 4000;
/** At this quality the noisy 24 MP JPEG is about 25 MB (24.6 MB measured). */
const QUALITY = 96;

async function memory(pid: number): Promise<{ rss: number; hwm: number }> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: field("VmRSS"), hwm: field("VmHWM") };
}

async function upload(server: SiteServer, cookie: string, file: string, size: number) {
  const started = performance.now();
  const response = await fetch(`${server.url}/admin/gallery/upload`, {
    method: "POST",
    headers: { Origin: server.url, Cookie: cookie, "Content-Length": String(size), "Content-Type": "image/jpeg" },
    body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>,
    duplex: "half",
    signal: AbortSignal.timeout(180_000),
  } as RequestInit);
  const text = await response.text();
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${text.slice(0, 200)}`);
  return { ms: performance.now() - started, photo: JSON.parse(text) as { photo: { webp: { width: number }[] } } };
}

export const uploadSection: BenchSection = {
  name: "upload",
  title: "Photo upload: server peak memory and time for a 25 MB phone photo",
  async run(ctx: BenchContext) {
    const dir = await mkdtemp(path.join(tmpdir(), "bench-upload-"));
    ctx.onCleanup(() => rm(dir, { recursive: true, force: true }));
    ctx.log(`making a ${WIDTH} × ${HEIGHT} JPEG of noise at quality ${QUALITY}`);
    const big = path.join(dir, "phone-photo.jpg");
    await writeFile(
      big,
      await sharp(randomBytes(WIDTH * HEIGHT * 3), { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
        .jpeg({ quality: QUALITY })
        .toBuffer(),
    );
    const small = path.join(dir, "warm-up.jpg");
    await writeFile(small, await makeTestJpeg({ width: 1600, height: 1200 }));
    const bigSize = (await stat(big)).size;

    const server = await ctx.startServer({ UPLOAD_MAX_MB: "30" });
    const admin = await createTestAccount({ dataDir: server.dataDir }, { role: "admin", name: "Bench Admin" });
    const cookie = `session=${admin.sessionId}`;

    ctx.log("warm-up upload (loads the image library)");
    await upload(server, cookie, small, (await stat(small)).size);
    const idle = await memory(server.pid);

    ctx.log(`uploading ${(bigSize / MiB).toFixed(1)} MB`);
    let peakSampled = idle.rss;
    const sampler = setInterval(() => {
      memory(server.pid).then(
        (m) => (peakSampled = Math.max(peakSampled, m.rss)),
        () => {},
      );
    }, 20);
    let result;
    try {
      result = await upload(server, cookie, big, bigSize);
    } finally {
      clearInterval(sampler);
    }
    const after = await memory(server.pid);

    // A decompression bomb: 48 KB on disk, 20000 × 20000 pixels (1.2 GB decoded). Refused from its header.
    const bomb = await readFile(path.join(ctx.root, "tests/fixtures/images/bomb-20000x20000.png"));
    const bombMs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const response = await fetch(`${server.url}/admin/gallery/upload`, {
        method: "POST",
        headers: { Origin: server.url, Cookie: cookie, "Content-Type": "image/png" },
        body: bomb,
      });
      await response.text();
      if (response.status !== 422) throw new Error(`the bomb got ${response.status}, expected 422`);
      bombMs.push(performance.now() - started);
    }
    bombMs.sort((a, b) => a - b);
    await server.stop();

    const mb = (bytes: number) => Math.round((bytes / MiB) * 10) / 10;
    const figures = {
      fileBytes: bigSize,
      pixels: WIDTH * HEIGHT,
      idleRssMb: mb(idle.rss),
      peakRssMb: mb(Math.max(after.hwm, peakSampled)),
      peakAboveIdleMb: mb(Math.max(after.hwm, peakSampled) - idle.rss),
      hwmBeforeMb: mb(idle.hwm),
      uploadAndProcessSeconds: Math.round(result.ms / 100) / 10,
      variants: result.photo.photo.webp.map((v) => v.width),
      bombBytes: bomb.length,
      bombRefusedMedianMs: Math.round((bombMs[2] ?? Number.NaN) * 10) / 10,
    };
    return {
      figures,
      tables: [
        {
          columns: ["file", "server RSS idle", "server peak RSS", "peak above idle", "upload + processing"],
          rows: [
            [
              `${mb(bigSize)} MB, ${WIDTH}×${HEIGHT}`,
              `${figures.idleRssMb} MB`,
              `${figures.peakRssMb} MB`,
              `${figures.peakAboveIdleMb} MB`,
              `${figures.uploadAndProcessSeconds} s`,
            ],
          ],
        },
        {
          title: "A decompression bomb (20000 × 20000 PNG) refused over HTTP, median of 5",
          columns: ["file", "status", "time to answer"],
          rows: [[`${Math.round(bomb.length / 1024)} KB`, 422, `${figures.bombRefusedMedianMs} ms`]],
        },
      ],
      notes: [
        "Peak = the larger of VmHWM after the upload and VmRSS sampled every 20 ms during it; idle = VmRSS after a warm-up upload.",
        "The upload is streamed to a temp file; the peak comes from decoding and encoding (ADR 011), one photo at a time.",
      ],
    };
  },
};
