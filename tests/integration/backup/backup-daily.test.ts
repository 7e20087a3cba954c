/**
 * The daily backup (BACKUP_DIR, BACKUP_KEEP) on SQLite and (with TEST_POSTGRES_URL and pg_dump)
 * PostgreSQL: two instances checking at once back up once per Houston day, the folder keeps
 * the newest BACKUP_KEEP, and a failure is an error in the log that the next check retries.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { migrateToLatest, openDatabase, type Database } from "#app/server/db/index.server.ts";
import { findExecutable } from "#app/server/db/snapshot.server.ts";
import { getLastBackup, listSnapshots, type BackupSource } from "#app/server/backup/backup.server.ts";
import { runDailyBackup } from "#app/server/backup/daily.server.ts";
import { createLogger } from "#app/server/logger.server.ts";
import { databaseTargets } from "#tests/support/databases.ts";
import { createSiteClock } from "#app/server/time.server.ts";

/** The site clock at its default zone (SITE_TIMEZONE unset), as the server under test runs. */
const clock = createSiteClock("America/Chicago");

const hasPgDump = Boolean(findExecutable("pg_dump"));
const targets = databaseTargets("backup-daily", "daily backup suite").filter((target) => {
  if (target.name !== "postgres" || hasPgDump) return true;
  console.warn("PostgreSQL daily backup SKIPPED: pg_dump is not on PATH (install the PostgreSQL client tools)");
  return false;
});
if (process.env.TEST_POSTGRES_URL && !hasPgDump) {
  test.skip("PostgreSQL daily backup SKIPPED: pg_dump is not on PATH (install the PostgreSQL client tools)", () => {});
}

let tempRoot = "";
beforeAll(async () => {
  tempRoot = await mkdtemp(path.join(os.tmpdir(), "backup-daily-"));
});
afterAll(async () => {
  if (tempRoot) await rm(tempRoot, { recursive: true, force: true });
});

/** 18:00 UTC on 2026-11-<day>: noon in Houston, the same calendar day there. */
const noonOn = (day: number, hour = 18) => new Date(Date.UTC(2026, 10, day, hour, 0, 0));

describe.each(targets)("daily backup on $name", (target) => {
  const opened: Database[] = [];
  let sources: [BackupSource, BackupSource];
  const lines: string[] = [];
  const logger = createLogger({ level: "info", write: (line) => lines.push(line) });

  beforeAll(async () => {
    await target.setup();
    const options = await target.fresh();
    // Two handles, as two app instances have: each claims through its own connection.
    const first = await openDatabase(options);
    opened.push(first);
    await migrateToLatest(first);
    const second = await openDatabase(options);
    opened.push(second);
    const dataDir = await mkdtemp(path.join(tempRoot, "data-"));
    await mkdir(path.join(dataDir, "media/photos/a/v1"), { recursive: true });
    await writeFile(path.join(dataDir, "media/photos/a/v1/master-10.jpg"), "jpeg bytes");
    const source = (database: Database): BackupSource => ({
      database,
      dataDir,
      databaseUrl: options.databaseUrl,
      storage: "local",
    });
    sources = [source(first), source(second)];
  });

  afterAll(async () => {
    for (const database of opened) await database.close();
    await target.teardown();
  });

  test("two instances checking at once back up once a day, and the folder keeps the newest BACKUP_KEEP", async () => {
    const dir = path.join(tempRoot, `daily-${target.name}`);
    const check = (source: BackupSource, when: Date) => runDailyBackup({ source, dir, keep: 2, logger, clock, now: () => when });

    const firstDay = await Promise.all([check(sources[0], noonOn(20)), check(sources[1], noonOn(20))]);
    expect(firstDay.toSorted()).toEqual(["backed-up", "not-due"]);
    expect(await listSnapshots(dir)).toEqual(["backup-2026-11-20T180000Z"]);

    // Later the same Houston day (03:00 UTC next day is 21:00 or 22:00 in Houston): not again.
    const sameDay = await Promise.all([check(sources[0], noonOn(21, 3)), check(sources[1], noonOn(21, 3))]);
    expect(sameDay).toEqual(["not-due", "not-due"]);

    for (const day of [21, 22, 23]) {
      const outcomes = await Promise.all([check(sources[1], noonOn(day)), check(sources[0], noonOn(day))]);
      expect(outcomes.toSorted()).toEqual(["backed-up", "not-due"]);
    }
    expect(await listSnapshots(dir)).toEqual(["backup-2026-11-22T180000Z", "backup-2026-11-23T180000Z"]);

    const last = await getLastBackup({ database: sources[0].database });
    expect(last).toMatchObject({ by: "daily", name: "backup-2026-11-23T180000Z", at: noonOn(23).toISOString() });
    const written = lines
      .map((line) => JSON.parse(line) as { msg: string; removed?: string[] })
      .filter((entry) => entry.msg === "daily backup written");
    expect(written).toHaveLength(4);
    expect(written.at(-1)!.removed).toEqual(["backup-2026-11-21T180000Z"]);
  });

  test("a failed backup is logged as an error, and the next check that day tries again", async () => {
    const blocked = path.join(tempRoot, `not-a-folder-${target.name}`);
    await writeFile(blocked, "a file where the backup folder should be");
    lines.length = 0;
    const failed = await runDailyBackup({
      source: sources[0],
      dir: blocked,
      keep: 2,
      logger,
      clock,
      now: () => noonOn(25),
    });
    expect(failed).toBe("failed");
    const errors = lines.map((line) => JSON.parse(line) as { level: string; msg: string }).filter((entry) => entry.level === "error");
    expect(errors.map((entry) => entry.msg)).toEqual(["daily backup failed; the next hourly check tries again"]);

    await rm(blocked);
    const retried = await runDailyBackup({
      source: sources[1],
      dir: blocked,
      keep: 2,
      logger,
      clock,
      now: () => noonOn(25, 19),
    });
    expect(retried).toBe("backed-up");
    expect(await listSnapshots(blocked)).toEqual(["backup-2026-11-25T190000Z"]);
  });
});
