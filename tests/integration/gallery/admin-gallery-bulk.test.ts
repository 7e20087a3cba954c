/**
 * The gallery service's volume work in process (ADR 041), on SQLite and PostgreSQL, and on local
 * and S3 storage (Ceph RGW, with TEST_S3_ENDPOINT): a bulk delete the store refuses half-way
 * leaves no photo half there (rows go first, the refused files are recorded and retried); a
 * rotation writes every file again under the next version, swaps the size and deletes the old
 * version, and a rotation whose storing fails leaves the photo as it was; the upload choices are
 * remembered per admin.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { migrateToLatest, openDatabase, type Database, type OpenDatabaseOptions } from "#app/server/db/index.server.ts";
import { type BlobStore } from "#app/server/storage/blob-store.server.ts";
import { createBlobStore } from "#app/server/storage/create-blob-store.server.ts";
import { createLogger } from "#app/server/logger.server.ts";
import { createGallery, type Gallery } from "#app/server/gallery/gallery.server.ts";
import { parseEnv } from "#app/server/env.server.ts";
import { createProject } from "#app/server/repos/projects.server.ts";
import { parseVariants, type PhotoRow } from "#app/server/repos/photos.server.ts";
import { databaseTargets } from "#tests/support/databases.ts";
import { createTestAccount } from "#tests/support/accounts.ts";
import { makeTestJpeg, testImageQueue } from "#tests/support/photos.ts";
import { S3_ENDPOINT, makeBucket } from "#tests/support/s3-bucket.ts";

type StorageName = "local" | "s3";
const storages: StorageName[] = S3_ENDPOINT ? ["local", "s3"] : ["local"];
if (!S3_ENDPOINT) {
  console.warn("S3 part of the gallery volume suite SKIPPED: set TEST_S3_ENDPOINT (scripts/ceph-rgw.sh env) to run it");
  test.skip("S3 gallery volume suite SKIPPED: set TEST_S3_ENDPOINT to run it", () => {});
}

/**
 * A real store that can be told to refuse: deleting one key (its prefix is deleted key by key, so
 * the other files of that photo do go), or storing any key under a prefix.
 */
function refusingStore(inner: BlobStore) {
  const refuse = { deleteKey: null as string | null, putPrefix: null as string | null };
  const store: BlobStore = {
    ...inner,
    kind: inner.kind,
    put(key, body, options) {
      if (refuse.putPrefix && key.startsWith(refuse.putPrefix)) return Promise.reject(new Error(`refused to store ${key}`));
      return inner.put(key, body, options);
    },
    get: (key, options) => inner.get(key, options),
    head: (key) => inner.head(key),
    delete: (key) => (key === refuse.deleteKey ? Promise.reject(new Error(`refused to delete ${key}`)) : inner.delete(key)),
    async deleteMany(keys) {
      for (const key of keys) await store.delete(key);
    },
    async deletePrefix(prefix) {
      let n = 0;
      const keys: string[] = [];
      for await (const key of inner.list(prefix)) keys.push(key);
      for (const key of keys) {
        await store.delete(key);
        n++;
      }
      return n;
    },
    list: (prefix) => inner.list(prefix),
    publicUrl: (key) => inner.publicUrl(key),
    close: () => inner.close(),
  };
  return { store, refuse };
}

async function keysUnder(store: BlobStore, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of store.list(prefix)) keys.push(key);
  return keys;
}

function bodyOf(bytes: Buffer): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new Uint8Array(bytes));
      controller.close();
    },
  });
}

const cases = storages.flatMap((storage) =>
  databaseTargets(`admin-gallery-bulk-${storage}`, `gallery volume suite (${storage})`).map((target) => ({
    target,
    storage,
    name: `${target.name} + ${storage}`,
  })),
);

describe.each(cases)("gallery volume work on $name", ({ target, storage }) => {
  let options: OpenDatabaseOptions;
  let database: Database;
  let inner: BlobStore;
  let refusing: ReturnType<typeof refusingStore>;
  let gallery: Gallery;
  let adminId: string;
  let otherAdminId: string;
  let dataDir: string;
  const bucket = storage === "s3" ? makeBucket("volume") : null;
  const invalidations: number[] = [];

  beforeAll(async () => {
    await target.setup();
    options = await target.fresh();
    database = await openDatabase(options);
    await migrateToLatest(database);
    dataDir = await mkdtemp(path.join(os.tmpdir(), "gallery-volume-"));
    const env = bucket ? { ...bucket.env, S3_REGION: "us-east-1", S3_FORCE_PATH_STYLE: "true" } : { STORAGE: "local" };
    await bucket?.create();
    const config = parseEnv({ DATA_DIR: dataDir, ...env });
    inner = await createBlobStore({ env: config.env, dataDir });
    refusing = refusingStore(inner);
    gallery = createGallery({
      config,
      database,
      blobStore: refusing.store,
      images: testImageQueue(),
      logger: createLogger({ level: "silent" }),
      publicPages: { invalidate: async () => void invalidations.push(Date.now()) },
    });
    adminId = (await createTestAccount(options as { dataDir: string }, { role: "admin" })).user.id;
    otherAdminId = (await createTestAccount(options as { dataDir: string }, { role: "admin" })).user.id;
  });

  afterAll(async () => {
    await bucket?.remove();
    await inner?.close();
    await database?.close();
    await target.teardown();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function upload(width = 600, height = 400, uploadedBy = adminId): Promise<PhotoRow> {
    const result = await gallery.upload({
      body: bodyOf(await makeTestJpeg({ width, height })),
      category: "kitchen",
      uploadedBy,
    });
    if (!result.ok) throw new Error(result.error);
    return (await database.db.selectFrom("photos").selectAll().where("id", "=", result.photo.id).executeTakeFirstOrThrow()) as PhotoRow;
  }
  const rowOf = (id: string) => database.db.selectFrom("photos").selectAll().where("id", "=", id).executeTakeFirst();
  const pending = () => database.db.selectFrom("blob_deletions").selectAll().orderBy("prefix").execute();

  test("a bulk delete the store refuses half-way leaves no photo half there, and the refused files are removed later", async () => {
    const photos = [await upload(), await upload(), await upload()];
    const [first, second, third] = photos as [PhotoRow, PhotoRow, PhotoRow];
    await database.db.updateTable("photos").set({ alt: "A kitchen" }).execute();
    expect((await gallery.bulk({ action: "publish", photoIds: photos.map((p) => p.id), adminId })).ok).toBe(true);
    const secondKeys = await keysUnder(inner, `photos/${second.id}/`);
    expect(secondKeys.length).toBeGreaterThan(2);
    // The store refuses one file of the second photo (its other files are deleted).
    refusing.refuse.deleteKey = secondKeys[1]!;

    const result = await gallery.bulk({
      action: "delete",
      photoIds: photos.map((p) => p.id),
      confirmed: true,
      adminId,
    });
    expect(result).toMatchObject({ ok: true, done: "bulk-deleted", counts: { n: 3, k: 1, gone: 0 } });
    // Every row is gone, so no page shows any of them; their files are gone or recorded.
    for (const photo of photos) expect(await rowOf(photo.id)).toBeUndefined();
    expect((await gallery.page({ category: null, page: 1 })).photos).toEqual([]);
    expect(await keysUnder(inner, `photos/${first.id}/`)).toEqual([]);
    expect(await keysUnder(inner, `photos/${third.id}/`)).toEqual([]);
    // Some of the second photo's files went before the store refused: had its row stayed, it would
    // be half there (broken pictures). Its row is gone, and what is left is recorded.
    const left = await keysUnder(inner, `photos/${second.id}/`);
    expect(left).toContain(secondKeys[1]);
    expect(left).not.toContain(secondKeys[0]);
    const [record, ...others] = await pending();
    expect(others, JSON.stringify(others)).toEqual([]);
    expect(record).toMatchObject({ prefix: `photos/${second.id}/`, reason: "photo-deleted", attempts: 1 });
    expect(record?.last_error).toContain("refused to delete");

    // Still refused: counted again, kept.
    expect(await gallery.retryFileDeletions()).toBe(0);
    expect((await pending())[0]?.attempts).toBe(2);
    // The store works again: housekeeping's retry finishes the job.
    refusing.refuse.deleteKey = null;
    expect(await gallery.retryFileDeletions()).toBe(1);
    expect(await keysUnder(inner, `photos/${second.id}/`)).toEqual([]);
    expect(await pending()).toEqual([]);
  });

  test("rotating writes every file again under the next version, swaps the size and deletes the old version", async () => {
    const photo = await upload(600, 400);
    const oldKeys = await keysUnder(inner, `photos/${photo.id}/`);
    expect(oldKeys.every((key) => key.startsWith(`photos/${photo.id}/v1/`))).toBe(true);
    const before = invalidations.length;

    expect(await gallery.rotate({ photoId: photo.id, direction: "left" })).toMatchObject({ ok: true, done: "rotated" });
    expect(invalidations.length).toBeGreaterThan(before);
    const turned = (await rowOf(photo.id)) as PhotoRow;
    expect(turned).toMatchObject({ version: 2, width: 400, height: 600, master_width: 400, master_height: 600 });
    const newKeys = await keysUnder(inner, `photos/${photo.id}/`);
    // The widths follow the new shape (ADR 037): 600 px wide had 320 and 480, 400 px wide has 320.
    expect(oldKeys.length).toBe(1 + 2 * 2);
    expect(newKeys.length).toBe(1 + 2 * 1);
    expect(newKeys.every((key) => key.startsWith(`photos/${photo.id}/v2/`))).toBe(true);
    expect(newKeys.toSorted()).toEqual([turned.master_key, ...parseVariants(turned).map((v) => v.key)].toSorted());
    for (const key of oldKeys) expect(await inner.head(key), key).toBeNull();
    const master = await inner.get(turned.master_key);
    const meta = await sharp(await buffer(master!.body)).metadata();
    expect([meta.width, meta.height]).toEqual([400, 600]);
    expect(parseVariants(turned).every((v) => v.height > v.width)).toBe(true);
    expect(await pending()).toEqual([]);

    // Storing the next version fails: the photo stays at version 2, and no file of version 3 is left.
    refusing.refuse.putPrefix = `photos/${photo.id}/v3/master`;
    const failed = await gallery.rotate({ photoId: photo.id, direction: "right" });
    expect(failed).toMatchObject({ ok: false, status: 503 });
    refusing.refuse.putPrefix = null;
    expect(await rowOf(photo.id)).toEqual(turned);
    expect(await keysUnder(inner, `photos/${photo.id}/v3/`)).toEqual([]);
    expect((await keysUnder(inner, `photos/${photo.id}/`)).toSorted()).toEqual(newKeys.toSorted());

    // Right brings it back to its first shape, as version 3.
    expect((await gallery.rotate({ photoId: photo.id, direction: "right" })).ok).toBe(true);
    expect(await rowOf(photo.id)).toMatchObject({ version: 3, width: 600, height: 400 });
    expect(await keysUnder(inner, `photos/${photo.id}/v2/`)).toEqual([]);
    expect(await gallery.rotate({ photoId: photo.id, direction: "up" })).toMatchObject({ ok: false, status: 400 });
    expect(await gallery.rotate({ photoId: "00000000-0000-4000-8000-000000000000", direction: "left" })).toMatchObject({
      ok: false,
      status: 404,
    });
  });

  test("the service and project for uploads are remembered per admin; ?project= preselects", async () => {
    const query = { show: "all" as const, page: 1, projectId: null, service: null };
    // An admin who has not uploaded yet.
    const newAdminId = (await createTestAccount(options as { dataDir: string }, { role: "admin" })).user.id;
    const job = await createProject({
      db: database.db,
      fields: {
        title: "Memorial kitchen",
        service: "kitchen",
        place: "Memorial",
        finishedOn: "2026-03",
        description: "A kitchen.",
      },
    });
    // Nothing chosen yet: Repair and no project.
    expect((await gallery.adminView({ adminId: newAdminId, query })).upload).toEqual({
      service: "repair",
      projectId: null,
    });
    // An upload into the project: it joins it as a draft, and both choices are kept for next time.
    const result = await gallery.upload({
      body: bodyOf(await makeTestJpeg({ width: 300, height: 200 })),
      category: "bathroom",
      projectId: job.id,
      uploadedBy: newAdminId,
    });
    expect(result.ok).toBe(true);
    const id = result.ok ? result.photo.id : "";
    expect(await rowOf(id)).toMatchObject({ status: "draft", project_id: job.id, category: "bathroom" });
    expect((await gallery.adminView({ adminId: newAdminId, query })).upload).toEqual({
      service: "bathroom",
      projectId: job.id,
    });
    // Another admin's choices are their own.
    expect((await gallery.adminView({ adminId: otherAdminId, query })).upload).toEqual({
      service: "repair",
      projectId: null,
    });
    // Chosen in the selects without uploading (the page posts it as it changes).
    await gallery.rememberUploadChoice({ adminId: otherAdminId, service: "fences", projectId: "" });
    expect((await gallery.adminView({ adminId: otherAdminId, query })).upload).toEqual({
      service: "fences",
      projectId: null,
    });
    // /admin/gallery?project=<id> preselects that project.
    expect((await gallery.adminView({ adminId: otherAdminId, query: { ...query, projectId: job.id } })).upload).toEqual({
      service: "fences",
      projectId: job.id,
    });
    // A remembered project that was deleted since is not offered.
    await database.db.updateTable("photos").set({ project_id: null, project_position: null }).execute();
    await database.db.deleteFrom("projects").where("id", "=", job.id).execute();
    expect((await gallery.adminView({ adminId: newAdminId, query })).upload).toEqual({
      service: "bathroom",
      projectId: null,
    });
  });
});
