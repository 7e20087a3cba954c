/**
 * Crash safety of requests with photos of the job, on SQLite and PostgreSQL: a burst of posts,
 * each with two photos, goes to the real server, which is killed with SIGKILL part-way through.
 * A new server on the same data must have every acknowledged request with both its photos' rows
 * and files. Files a killed request wrote before its commit belong to no row: housekeeping
 * removes them after the grace period, and nothing a row points at.
 */
import { access } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { twoTone } from "#scripts/make-image-fixtures.ts";
import { openDatabase, type OpenDatabaseOptions } from "#app/server/db/index.server.ts";
import { removeOrphanLeadPhotos } from "#app/server/leads/job-photos.server.ts";
import { openTestStorage } from "#tests/support/photos.ts";
import { databaseTargets, schemaUrl } from "#tests/support/databases.ts";
import { LEAD_ENV, fetchFormToken, marker, validFields } from "#tests/support/leads.ts";
import { leadPhotoFiles, postWithPhotos, type PhotoFile } from "#tests/support/job-photos.ts";
import { get, startServer, stopAllServers, type ServerProcess } from "#tests/support/server.ts";
import { sendUntilKilled } from "#tests/support/crash.ts";

const TOTAL = 16;
const CONCURRENCY = 4;
const WAVE_MS = 300;
const KILL_AFTER_ACKS = 6;

afterAll(async () => {
  await stopAllServers();
});

async function burstAndKill(server: ServerProcess, photos: PhotoFile[]) {
  const token = await fetchFormToken(server);
  const marks = Array.from({ length: TOTAL }, (_, i) => marker(`pcrash${i}`));
  const send = (mark: string) => postWithPhotos(server, { ...validFields(mark), form_token: token }, photos, { data: true });
  return sendUntilKilled(server, marks, send, {
    concurrency: CONCURRENCY,
    waveMs: WAVE_MS,
    killAfterAcks: KILL_AFTER_ACKS,
  });
}

describe("crash safety with photos", () => {
  for (const target of databaseTargets("lead_photos_crash", "lead photos crash test")) {
    test(`${target.name}: SIGKILL during a burst of posts with photos keeps every acknowledged lead and its photos' files`, async () => {
      await target.setup();
      try {
        const options: OpenDatabaseOptions = await target.fresh();
        const env: Record<string, string> = { ...LEAD_ENV };
        if (options.databaseUrl) {
          const url = new URL(schemaUrl(options.databaseUrl, options.schema));
          env.DATABASE_URL = url.href;
        }
        const dataDir = options.dataDir!;
        const photos = [
          { filename: "one.jpg", data: await twoTone(1600, 1200).jpeg().toBuffer() },
          { filename: "two.png", data: await twoTone(1200, 900).png().toBuffer(), type: "image/png" },
        ];

        const first = await startServer({ env, dataDir });
        const burst = await burstAndKill(first, photos);
        expect((await first.exited).signal).toBe("SIGKILL");
        expect(burst.killed).toBe(true);
        expect(burst.refused).toEqual([]);
        expect(burst.acked.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);

        const second = await startServer({ env, dataDir });
        expect((await get(`${second.url}/healthz`)).status).toBe(200);
        const database = await openDatabase(options);
        const store = await openTestStorage(dataDir);
        try {
          const { db } = database;
          for (const mark of burst.acked) {
            const leads = await db.selectFrom("leads").select("id").where("subject", "like", `%${mark}%`).execute();
            expect(leads, mark).toHaveLength(1);
            const rows = await db.selectFrom("lead_photos").selectAll().where("lead_id", "=", leads[0]!.id).execute();
            expect(rows.map((r) => r.file_name).toSorted(), mark).toEqual(["one.jpg", "two.png"]);
            for (const row of rows) {
              const keys = [row.master_key, ...(JSON.parse(row.variants) as { key: string }[]).map((v) => v.key)];
              for (const key of keys) await access(path.join(dataDir, "media", key));
            }
          }
          // Files no row points at (a request killed between its writes and its commit) go after
          // the grace period; every file left then belongs to a stored photo.
          await removeOrphanLeadPhotos({ db, blobStore: store, dataDir, now: Date.now() + 7 * 3600 * 1000 });
          const ids = new Set((await db.selectFrom("lead_photos").select("id").execute()).map((r) => r.id));
          const files = await leadPhotoFiles(dataDir);
          expect(files.filter((f) => !ids.has(f.split("/")[0]!))).toEqual([]);
          expect(files).toHaveLength(ids.size * 2);
        } finally {
          await store.close();
          await database.close();
          await second.stop();
        }
      } finally {
        await target.teardown();
      }
    }, 120_000);
  }
});
