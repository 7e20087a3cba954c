/**
 * An estimate request with photos of the job, end to end through HTTP: the time from the first
 * byte of the post to the answer, for a request carrying two 12-megapixel phone photos (JPEG,
 * EXIF orientation 6, camera-like noise), posted as the form's multipart body. The server
 * streams them to disk, converts each (upright, no metadata, a large JPEG and a thumbnail),
 * writes their private files and stores the lead with their rows before it answers.
 * Median of a few runs after a warm-up; the server's peak memory is sampled alongside.
 */
import { readFile } from "node:fs/promises";
import { makePhoneJpeg } from "#tests/support/phone-photo.ts";
import { postEstimateWithPhotos, type BenchPhoto } from "#scripts/bench/estimate-post.ts";
import type { BenchContext, BenchSection, SiteServer } from "#scripts/bench/types.ts";

const RUNS = 5;
const MiB = 1024 * 1024;

const seconds = (ms: number) => Math.round(ms / 10) / 100;
const mb = (bytes: number) => Math.round((bytes / MiB) * 10) / 10;

async function rss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) * 1024;
}

function postLead(server: SiteServer, photos: BenchPhoto[], n: number): Promise<number> {
  return postEstimateWithPhotos(server, { mark: `bench${n}`, photos, timeoutMs: 180_000, expect: "stored" });
}

export const leadPhotosSection: BenchSection = {
  name: "lead-photos",
  title: "Estimate request with two 12 MP photos: time to store it, end to end over HTTP",
  async run(ctx: BenchContext) {
    ctx.log("making two 4000 × 3000 phone JPEGs");
    const photos = [
      { filename: "IMG_0001.jpg", data: await makePhoneJpeg({ seed: 1 }) },
      { filename: "IMG_0002.jpg", data: await makePhoneJpeg({ seed: 2 }) },
    ];
    const server = await ctx.startServer({ FORM_MIN_SECONDS: "0", LEAD_RATE_LIMIT: "100000", UPLOAD_MAX_MB: "30" });
    ctx.log("warm-up request (loads the image library)");
    await postLead(server, photos, 0);
    const idle = await rss(server.pid);
    let peak = idle;
    const sampler = setInterval(() => {
      rss(server.pid).then(
        (value) => (peak = Math.max(peak, value)),
        () => {},
      );
    }, 20);
    const times: number[] = [];
    try {
      for (let i = 1; i <= RUNS; i++) {
        ctx.log(`request ${i} of ${RUNS}`);
        times.push(await postLead(server, photos, i));
      }
    } finally {
      clearInterval(sampler);
    }
    await server.stop();
    const sorted = times.toSorted((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    const figures = {
      photoBytes: photos.map((p) => p.data.length),
      runs: times.map(seconds),
      medianSeconds: seconds(median),
      minSeconds: seconds(sorted[0]!),
      maxSeconds: seconds(sorted.at(-1)!),
      idleRssMb: mb(idle),
      peakRssMb: mb(peak),
    };
    return {
      figures,
      tables: [
        {
          columns: ["photos", "median", "min", "max", "server RSS idle", "peak RSS"],
          rows: [
            [
              `2 × 12 MP (${photos.map((p) => `${mb(p.data.length)} MB`).join(", ")})`,
              `${figures.medianSeconds} s`,
              `${figures.minSeconds} s`,
              `${figures.maxSeconds} s`,
              `${figures.idleRssMb} MB`,
              `${figures.peakRssMb} MB`,
            ],
          ],
        },
      ],
      notes: [
        `Median of ${RUNS} requests after a warm-up, each timed from sending the post to the end of the answer (POST /contact.data).`,
        "Includes streaming both photos to disk, converting them one at a time (large JPEG ≤ 2048 px and a 320 px thumbnail), writing their files and the lead's transaction.",
      ],
    };
  },
};
