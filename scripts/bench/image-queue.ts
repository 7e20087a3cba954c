/**
 * Heavy photos and everyone else (issue 22, ADR 045), end to end over HTTP: three anonymous
 * requests, each with six 49-megapixel PNGs (150 KB each on the wire, 4 s of decoding a
 * request), are posted at once; half a second later a homeowner posts one 12 MP phone photo
 * from another address. Measured per round: how long the homeowner's request takes to answer
 * (and how much longer than the same request alone: its wait behind the heavy ones), how long
 * until each heavy request's lead is in the database (polled every 10 ms), and how long until
 * the heavy requests are answered. Twice: the heavy requests from three addresses, then from one.
 *
 *   node scripts/bench.ts --only=image-queue
 *
 * The section reads only HTTP and the SQLite file, so the same file measures an older build
 * (copied into its checkout) for a before/after comparison.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import sharp from "sharp";
import { makePhoneJpeg } from "#tests/support/phone-photo.ts";
import { postEstimateWithPhotos, type BenchPhoto } from "#scripts/bench/estimate-post.ts";
import type { BenchContext, BenchSection, SiteServer } from "#scripts/bench/types.ts";

const ROUNDS = 3;
const HEAVY_REQUESTS = 3;
const HEAVY_PHOTOS = 6;
const HEAVY_SIDE = 7000;
const HOMEOWNER_DELAY_MS = 500;

const seconds = (ms: number) => Math.round(ms / 10) / 100;

type Photo = BenchPhoto & { type: string };

/** Posts the form with photos from `address` (X-Forwarded-For, TRUST_PROXY=1); resolves with the time to the end of the answer. */
function post(server: SiteServer, mark: string, photos: Photo[], address: string): Promise<number> {
  return postEstimateWithPhotos(server, { mark, photos, headers: { "X-Forwarded-For": address }, timeoutMs: 300_000 });
}

function percentile(values: number[], p: number): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p + 0.5))]!;
}

interface Round {
  homeownerMs: number;
  /** From sending to the lead's row, per heavy request. */
  storedMs: number[];
  answeredMs: number[];
}

async function round(
  server: SiteServer,
  db: BetterSqlite3.Database,
  heavy: Photo[],
  phone: Photo[],
  addresses: string[],
  n: number,
): Promise<Round> {
  const marks = addresses.map((_, i) => `heavy${n}x${i}${randomBytes(3).toString("hex")}`);
  const storedMs: number[] = [];
  const started = performance.now();
  const seen = new Set<string>();
  const poll = setInterval(() => {
    for (const mark of marks) {
      if (seen.has(mark)) continue;
      if (db.prepare("select 1 from leads where subject like ?").get(`%${mark}%`)) {
        seen.add(mark);
        storedMs.push(performance.now() - started);
      }
    }
  }, 10);
  try {
    const heavyDone = Promise.all(marks.map((mark, i) => post(server, mark, heavy, addresses[i]!)));
    await new Promise((resolve) => setTimeout(resolve, HOMEOWNER_DELAY_MS));
    const homeownerMs = await post(server, `home${n}${randomBytes(3).toString("hex")}`, phone, "198.51.100.7");
    const answeredMs = await heavyDone;
    return { homeownerMs, storedMs, answeredMs };
  } finally {
    clearInterval(poll);
  }
}

export const imageQueueSection: BenchSection = {
  name: "image-queue",
  title: "Heavy photos and everyone else: a homeowner's one photo behind three requests of six 49 MP PNGs",
  async run(ctx: BenchContext) {
    ctx.log("making a 7000 × 7000 PNG and a 12 MP phone JPEG");
    const png = await sharp({ create: { width: HEAVY_SIDE, height: HEAVY_SIDE, channels: 3, background: "#8899aa" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const heavy = Array.from({ length: HEAVY_PHOTOS }, (_, i) => ({
      filename: `big-${i + 1}.png`,
      data: png,
      type: "image/png",
    }));
    const phone = [{ filename: "kitchen.jpg", data: await makePhoneJpeg({ seed: 7 }), type: "image/jpeg" }];
    const server = await ctx.startServer({
      FORM_MIN_SECONDS: "0",
      LEAD_RATE_LIMIT: "100000",
      TRUST_PROXY: "1",
      IMAGE_CONCURRENCY: "1",
    });
    const db = new BetterSqlite3(path.join(server.dataDir, "site.db"), { readonly: true });
    try {
      ctx.log("warm-up, then the homeowner's request alone");
      await post(server, "warmup", phone, "198.51.100.1");
      const alone: number[] = [];
      for (let i = 0; i < ROUNDS; i++) alone.push(await post(server, `alone${i}`, phone, "198.51.100.1"));
      const aloneMedian = percentile(alone, 0.5);

      const scenarios = [
        { name: "three addresses", addresses: ["203.0.113.1", "203.0.113.2", "203.0.113.3"] },
        { name: "one address", addresses: Array.from({ length: HEAVY_REQUESTS }, () => "203.0.113.9") },
      ];
      const results: Record<string, unknown> = {};
      const rows: (string | number)[][] = [];
      for (const scenario of scenarios) {
        const rounds: Round[] = [];
        for (let i = 0; i < ROUNDS; i++) {
          ctx.log(`${scenario.name}: round ${i + 1} of ${ROUNDS}`);
          rounds.push(await round(server, db, heavy, phone, scenario.addresses, i));
        }
        const home = rounds.map((r) => r.homeownerMs);
        const waits = home.map((ms) => Math.max(0, ms - aloneMedian));
        const stored = rounds.flatMap((r) => r.storedMs);
        const answered = rounds.flatMap((r) => r.answeredMs);
        const figures = {
          homeownerP50Seconds: seconds(percentile(home, 0.5)),
          homeownerMaxSeconds: seconds(Math.max(...home)),
          waitP50Seconds: seconds(percentile(waits, 0.5)),
          waitMaxSeconds: seconds(Math.max(...waits)),
          heavyStoredP50Seconds: seconds(percentile(stored, 0.5)),
          heavyStoredMaxSeconds: seconds(Math.max(...stored)),
          heavyAnsweredP50Seconds: seconds(percentile(answered, 0.5)),
          heavyAnsweredMaxSeconds: seconds(Math.max(...answered)),
        };
        results[scenario.name] = figures;
        rows.push([
          scenario.name,
          `${figures.homeownerP50Seconds} / ${figures.homeownerMaxSeconds} s`,
          `${figures.waitP50Seconds} / ${figures.waitMaxSeconds} s`,
          `${figures.heavyStoredP50Seconds} / ${figures.heavyStoredMaxSeconds} s`,
          `${figures.heavyAnsweredP50Seconds} / ${figures.heavyAnsweredMaxSeconds} s`,
        ]);
      }
      return {
        figures: { rounds: ROUNDS, homeownerAloneSeconds: seconds(aloneMedian), heavyPngBytes: png.length, ...results },
        tables: [
          {
            columns: [
              "heavy requests from",
              "homeowner answered p50 / max",
              "its wait p50 / max",
              "heavy lead stored p50 / max",
              "heavy answered p50 / max",
            ],
            rows,
          },
        ],
        notes: [
          `The homeowner's request alone (one 12 MP JPEG, ${seconds(aloneMedian)} s median of ${ROUNDS}); its wait is its time behind the heavy requests minus that.`,
          `${ROUNDS} rounds per row; each heavy PNG is ${Math.round(png.length / 1024)} KB; IMAGE_CONCURRENCY=1, the other image settings at their defaults.`,
          "Stored: from sending a heavy request to its lead's row (polled every 10 ms).",
        ],
      };
    } finally {
      db.close();
      await server.stop();
    }
  },
};
