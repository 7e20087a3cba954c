/**
 * `npm run cli -- backup` and `restore` as an operator runs them, against a real server that keeps
 * taking estimate requests (and a gallery that keeps getting photos) while the backup runs:
 * - SQLite in the server's temp DATA_DIR always;
 * - PostgreSQL when TEST_POSTGRES_URL is set and pg_dump/pg_restore are on PATH: the site in a
 *   new schema `t_<random>` (search_path in the URL), restored into a new database, both dropped
 *   afterwards.
 * Every request acknowledged before the backup began must come back, every photo row with its
 * files; restore refuses a target that has data, and a tampered file fails its checksum.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { appendFile, cp, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type Database } from "#app/server/db/index.server.ts";
import { findExecutable } from "#app/server/db/snapshot.server.ts";
import { getBackupFacts } from "#app/server/repos/backup-facts.server.ts";
import type { BackupManifest } from "#app/server/backup/backup.server.ts";
import type { BlobStore } from "#app/server/storage/blob-store.server.ts";
import { openTestStorage, seedPhoto } from "#tests/support/photos.ts";
import { runCli } from "#tests/support/cli.ts";
import { schemaUrl } from "#tests/support/databases.ts";
import { LEAD_ENV, SUCCESS, fetchUniqueFormToken, marker, submitLead, validFields } from "#tests/support/leads.ts";
import { postWithPhotos } from "#tests/support/job-photos.ts";
import { twoTone } from "#scripts/make-image-fixtures.ts";
import { get, startServer, type ServerProcess } from "#tests/support/server.ts";

const POSTGRES_URL = process.env.TEST_POSTGRES_URL;

interface RestoreTarget {
  /** The CLI's environment for `restore` (DATA_DIR, and DATABASE_URL on PostgreSQL). */
  env: Record<string, string>;
  dataDir: string;
  open(): Promise<Database>;
  /** Tables in the restored database (0: nothing was restored). */
  tables(): Promise<number>;
}

interface Target {
  name: "sqlite" | "postgres";
  /** The site's server environment (DATABASE_URL on PostgreSQL). */
  setup(): Promise<Record<string, string>>;
  openLive(dataDir: string): Promise<Database>;
  freshRestoreTarget(): Promise<RestoreTarget>;
  teardown(): Promise<void>;
}

let tempRoot = "";

function sqliteTarget(): Target {
  return {
    name: "sqlite",
    setup: async () => ({}),
    openLive: (dataDir) => openDatabase({ dataDir }),
    async freshRestoreTarget() {
      // A folder that does not exist yet, as on a new machine.
      const dataDir = path.join(await mkdtemp(path.join(tempRoot, "restore-")), "data");
      return {
        env: { DATA_DIR: dataDir },
        dataDir,
        open: () => openDatabase({ dataDir }),
        tables: async () => (existsSync(path.join(dataDir, "site.db")) ? 1 : 0),
      };
    },
    teardown: async () => {},
  };
}

function postgresTarget(url: string): Target {
  const admin = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  const schema = `t_${randomBytes(6).toString("hex")}`;
  const databases: string[] = [];
  let connected = false;
  return {
    name: "postgres",
    async setup() {
      await admin.connect();
      connected = true;
      await admin.query(`create schema ${schema}`);
      return { DATABASE_URL: schemaUrl(url, schema) };
    },
    openLive: (dataDir) => openDatabase({ databaseUrl: url, dataDir, schema }),
    async freshRestoreTarget() {
      const name = `restore_${randomBytes(5).toString("hex")}`;
      await admin.query(`create database ${name}`);
      databases.push(name);
      const databaseUrl = new URL(url);
      databaseUrl.pathname = `/${name}`;
      const dataDir = path.join(await mkdtemp(path.join(tempRoot, "restore-pg-")), "data");
      return {
        env: { DATABASE_URL: schemaUrl(databaseUrl.href, schema), DATA_DIR: dataDir },
        dataDir,
        open: () => openDatabase({ databaseUrl: databaseUrl.href, dataDir, schema }),
        async tables() {
          const client = new Client({ connectionString: databaseUrl.href });
          await client.connect();
          try {
            const { rows } = await client.query<{ n: number }>(
              "select count(*)::int as n from information_schema.tables where table_schema = $1",
              [schema],
            );
            return rows[0]!.n;
          } finally {
            await client.end();
          }
        },
      };
    },
    async teardown() {
      if (!connected) return;
      for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    },
  };
}

const targets: Target[] = [sqliteTarget()];
const pgTools = Boolean(findExecutable("pg_dump") && findExecutable("pg_restore"));
if (POSTGRES_URL && pgTools) {
  targets.push(postgresTarget(POSTGRES_URL));
} else {
  const reason = POSTGRES_URL
    ? "pg_dump and pg_restore are not on PATH (install the PostgreSQL client tools)"
    : "set TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/test to run it";
  console.warn(`PostgreSQL backup suite SKIPPED: ${reason}`);
  test.skip(`PostgreSQL backup suite SKIPPED: ${reason}`, () => {});
}

beforeAll(async () => {
  tempRoot = await mkdtemp(path.join(os.tmpdir(), "backup-test-"));
});
afterAll(async () => {
  if (tempRoot) await rm(tempRoot, { recursive: true, force: true });
});

/** Every file the photo rows of this database point at, and their rows' ids. */
async function photoKeysOf(database: Database): Promise<string[]> {
  return (await getBackupFacts({ db: database.db })).photoKeys;
}

describe.each(targets)("backup and restore on $name", (target) => {
  let server: ServerProcess;
  let live: Database;
  let storage: BlobStore;
  let siteEnv: Record<string, string>;
  let snapshot = "";
  const seeded: string[] = [];

  beforeAll(async () => {
    siteEnv = { ...LEAD_ENV, ...(await target.setup()) };
    server = await startServer({ env: siteEnv });
    live = await target.openLive(server.dataDir);
    storage = await openTestStorage(server.dataDir);
    for (let i = 0; i < 3; i++) {
      const photo = await seedPhoto(
        { database: live, storage, dataDir: server.dataDir },
        { caption: `Seeded ${i}`, width: 480, height: 360, hue: 40 * i },
      );
      seeded.push(photo.id);
    }
    // A request with photos of the job: their private files must come back too.
    const res = await postWithPhotos(
      server,
      { ...validFields(marker("photos")), form_token: await fetchUniqueFormToken(server) },
      [{ filename: "porch.jpg", data: await twoTone(400, 300).jpeg().toBuffer() }],
      { data: true },
    );
    expect(res.status).toBe(200);
  });

  afterAll(async () => {
    await server?.stop();
    await storage?.close();
    await live?.close();
    await target.teardown();
  });

  test("a backup taken during a burst of estimate requests and photo uploads restores every request acknowledged before it began, with every photo's files", async () => {
    // In the order the site answered: the first `ackedBeforeBackup` were answered before the backup began.
    const acked: string[] = [];
    const refused: number[] = [];
    // An object, so the loops see the change made after their await.
    const run = { stop: false };
    const poster = async (worker: number) => {
      while (!run.stop) {
        const mark = marker(`w${worker}`);
        const res = await submitLead(server, validFields(mark));
        if (res.status === 200 && res.text.includes(SUCCESS)) acked.push(mark);
        else refused.push(res.status);
      }
    };
    let photosDuring = 0;
    const uploader = async () => {
      while (!run.stop) {
        await seedPhoto(
          { database: live, storage, dataDir: server.dataDir },
          { caption: `During ${photosDuring}`, width: 320, height: 240 },
        );
        photosDuring++;
      }
    };
    const workers = [poster(1), poster(2), poster(3), uploader()];
    try {
      while (acked.length < 15) await new Promise((resolve) => setTimeout(resolve, 20));
      // A count, not a clock: an answer in the same millisecond as the start would fall on neither side.
      const ackedBeforeBackup = acked.length;
      const backup = await runCli(["backup", "--to", path.join(tempRoot, `backups-${target.name}`)], {
        ...siteEnv,
        DATA_DIR: server.dataDir,
      });
      run.stop = true;
      await Promise.all(workers);
      expect(backup, backup.stderr).toMatchObject({ code: 0 });
      expect(refused, "requests the site refused during the backup").toEqual([]);
      expect(acked.length - ackedBeforeBackup, "requests answered while the backup ran").toBeGreaterThan(0);

      const folder = /^Backup written to (.+)$/m.exec(backup.stdout)?.[1];
      expect(folder, backup.stdout).toMatch(/[/\\]backup-\d{4}-\d{2}-\d{2}T\d{6}Z$/);
      snapshot = folder!;
      // Only the finished snapshot is in the folder: no half-written one left beside it.
      expect(await readdir(path.join(tempRoot, `backups-${target.name}`))).toEqual([path.basename(snapshot)]);
      const manifest = JSON.parse(await readFile(path.join(snapshot, "manifest.json"), "utf8")) as BackupManifest;
      expect(manifest.database.kind).toBe(target.name);
      expect(manifest.migration).toMatch(/^\d{4}_/);
      expect(manifest.files.every((file) => /^[0-9a-f]{64}$/.test(file.sha256))).toBe(true);

      const restoreTarget = await target.freshRestoreTarget();
      const restore = await runCli(["restore", "--from", snapshot], restoreTarget.env);
      expect(restore, restore.stderr).toMatchObject({ code: 0 });
      expect(restore.stdout).toContain(`${manifest.counts.leads} estimate requests, ${manifest.counts.photos} photos`);
      if (target.name === "sqlite") expect(restore.stdout).toContain("SQLite integrity check: ok");

      const restored = await restoreTarget.open();
      try {
        const subjects = new Set((await restored.db.selectFrom("leads").select("subject").execute()).map((row) => row.subject));
        const before = acked.slice(0, ackedBeforeBackup);
        expect(before.length).toBeGreaterThanOrEqual(15);
        const lost = before.filter((mark) => !subjects.has(`Kitchen remodel ${mark}`));
        expect(lost, "requests acknowledged before the backup began but missing from it").toEqual([]);

        const ids = (await restored.db.selectFrom("photos").select("id").execute()).map((row) => row.id);
        expect(ids).toEqual(expect.arrayContaining(seeded));
        const keys = await photoKeysOf(restored);
        expect(keys.length).toBeGreaterThanOrEqual(seeded.length * 2);
        const missing = keys.filter((key) => !existsSync(path.join(restoreTarget.dataDir, "media", ...key.split("/"))));
        expect(missing, "files the restored photo rows name but the restore lacks").toEqual([]);
        const leadPhotos = await restored.db.selectFrom("lead_photos").select(["master_key", "variants"]).execute();
        expect(leadPhotos).toHaveLength(1);
        const leadPhotoKeys = leadPhotos.flatMap((row) => [
          row.master_key,
          ...(JSON.parse(row.variants) as { key: string }[]).map((v) => v.key),
        ]);
        const missingLeadPhotos = leadPhotoKeys.filter((key) => !existsSync(path.join(restoreTarget.dataDir, "media", ...key.split("/"))));
        expect(missingLeadPhotos, "job photo files the restore lacks").toEqual([]);
      } finally {
        await restored.close();
      }

      // The restored site serves the seeded photos' files.
      const { DATA_DIR: restoredDataDir, ...restoredEnv } = restoreTarget.env;
      const again = await startServer({ env: { ...LEAD_ENV, ...restoredEnv }, dataDir: restoredDataDir });
      try {
        const photo = await live.db.selectFrom("photos").select("master_key").where("id", "=", seeded[0]!).executeTakeFirstOrThrow();
        expect((await get(`${again.url}/media/${photo.master_key}`)).status).toBe(200);
      } finally {
        await again.stop();
      }
    } finally {
      run.stop = true;
      await Promise.allSettled(workers);
    }
  });

  test("restore refuses a target that already has a database, and changes nothing", async () => {
    expect(snapshot).not.toBe("");
    const env =
      target.name === "sqlite"
        ? { DATA_DIR: server.dataDir }
        : { ...siteEnv, DATA_DIR: path.join(await mkdtemp(path.join(tempRoot, "empty-")), "data") };
    const before = await live.db
      .selectFrom("leads")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const refused = await runCli(["restore", "--from", snapshot], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(target.name === "sqlite" ? /already has a database \(site\.db\)/ : /already holds \d+ tables/);
    expect(refused.stderr).toContain("nothing was changed");
    const after = await live.db
      .selectFrom("leads")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBeGreaterThanOrEqual(Number(before.n));
    expect((await get(`${server.url}/healthz`)).status).toBe(200);
  });

  test("a tampered file fails its checksum, and nothing is restored", async () => {
    expect(snapshot).not.toBe("");
    const manifest = JSON.parse(await readFile(path.join(snapshot, "manifest.json"), "utf8")) as BackupManifest;
    const mediaFile = manifest.files.find((file) => file.path.startsWith("media/"))!;
    for (const tampered of [mediaFile.path, manifest.database.file]) {
      const copy = path.join(await mkdtemp(path.join(tempRoot, "tampered-")), path.basename(snapshot));
      await cp(snapshot, copy, { recursive: true });
      await appendFile(path.join(copy, ...tampered.split("/")), "x");
      const restoreTarget = await target.freshRestoreTarget();
      const run = await runCli(["restore", "--from", copy], restoreTarget.env);
      expect(run.code, run.stdout).toBe(1);
      expect(run.stderr).toContain(`${tampered} does not match its checksum in manifest.json`);
      expect(run.stderr).toContain("Nothing was restored.");
      expect(await restoreTarget.tables()).toBe(0);
      expect(existsSync(path.join(restoreTarget.dataDir, "media"))).toBe(false);
    }
  });

  test("a folder without a manifest (a half-written backup) is refused", async () => {
    const partial = await mkdtemp(path.join(tempRoot, "partial-"));
    await writeFile(path.join(partial, "site.db"), "not a database");
    const restoreTarget = await target.freshRestoreTarget();
    const run = await runCli(["restore", "--from", partial], restoreTarget.env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("is not a complete backup: it has no manifest.json");
  });
});

test("on PostgreSQL without pg_dump on PATH, backup says what to do and exits 1", async () => {
  const run = await runCli(["backup", "--to", path.join(tempRoot, "none")], {
    DATABASE_URL: "postgres://nobody@127.0.0.1:1/nowhere",
    DATA_DIR: tempRoot,
    PATH: path.join(tempRoot, "empty-path"),
  });
  expect(run.code).toBe(1);
  expect(run.stderr).toContain("pg_dump was not found on PATH, so the PostgreSQL database cannot be backed up");
  expect(existsSync(path.join(tempRoot, "none"))).toBe(false);
});

test("backup without --to is a usage error, and a missing SQLite database is not created", async () => {
  const usage = await runCli(["backup"], { DATA_DIR: tempRoot });
  expect(usage.code).toBe(2);
  expect(usage.stderr).toContain("--to DIR");
  const dataDir = path.join(tempRoot, "no-site");
  const missing = await runCli(["backup", "--to", path.join(tempRoot, "b2")], { DATA_DIR: dataDir });
  expect(missing.code).toBe(1);
  expect(missing.stderr).toContain("there is no database at");
  expect(existsSync(dataDir)).toBe(false);
});
