/**
 * `cli import-firebase` as an operator runs it, against a local HTTP server that serves a
 * generated export of the old gallery and its images (ADR 035): one image answers 404, one is a
 * text file sent as image/jpeg, one is the same file as another under a new id, one id is listed
 * twice, one document has no imageFile. Then a second run imports nothing. SQLite and
 * PostgreSQL; once on S3 storage when TEST_S3_ENDPOINT is set; and once from a downloaded bucket
 * (--files).
 */
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { buffer } from "node:stream/consumers";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, test } from "vitest";
import { openDatabase, type Database, type OpenDatabaseOptions } from "#app/server/db/index.server.ts";
import { parseVariants, type PhotoRow } from "#app/server/repos/photos.server.ts";
import { removeStaleDrafts } from "#app/server/gallery/photos.server.ts";
import { type BlobStore } from "#app/server/storage/blob-store.server.ts";
import { createBlobStore } from "#app/server/storage/create-blob-store.server.ts";
import { createLogger } from "#app/server/logger.server.ts";
import { createGallery, IMPORTED_DRAFT_NOTE } from "#app/server/gallery/gallery.server.ts";
import { parseEnv } from "#app/server/env.server.ts";
import { makeExifJpeg } from "#scripts/make-image-fixtures.ts";
import { databaseTargets, type DatabaseTarget } from "#tests/support/databases.ts";
import { runCli, type CliRun } from "#tests/support/cli.ts";
import { testImageQueue } from "#tests/support/photos.ts";
import { S3_ENDPOINT, makeBucket } from "#tests/support/s3-bucket.ts";

/** Firebase names files `{Date.now()}{name}` and hands out addresses like this one. */
const object = (name: string) => `images/${name}`;
const downloadPath = (name: string) => `/v0/b/old-site.appspot.com/o/${encodeURIComponent(object(name))}`;

interface Fixture {
  files: Map<string, { body: Buffer; type: string }>;
  server: Server;
  base: string;
  /** The export as a list of documents: [{ id, imageFile }]. */
  list: { id: string; imageFile?: string }[];
}

const NAMES = {
  kitchen: "1617300000000kitchen-after.jpg",
  bath: "1617300000001master_bath-before.jpg",
  deck: "1617300000002new-deck.png",
  gone: "1617300000003gone.jpg",
  notes: "1617300000004notes.jpg",
  copy: "1617300000005kitchen-after-copy.jpg",
};

/** The fixture serves on 127.0.0.1, which the import refuses unless the operator allows it (ADR 046). */
const LOCAL = ["--allow-private-addresses"];

/** An address nobody answers: with --files the file must come from the folder. */
const offline = (name: string) => `https://firebasestorage.googleapis.invalid${downloadPath(name)}?alt=media&token=t`;

async function startFixture(): Promise<Fixture> {
  const kitchen = await makeExifJpeg();
  const files = new Map<string, { body: Buffer; type: string }>([
    [NAMES.kitchen, { body: kitchen, type: "image/jpeg" }],
    [
      NAMES.bath,
      {
        body: await sharp({ create: { width: 640, height: 480, channels: 3, background: "#3366aa" } })
          .jpeg()
          .toBuffer(),
        type: "image/jpeg",
      },
    ],
    [
      NAMES.deck,
      {
        body: await sharp({ create: { width: 500, height: 500, channels: 3, background: "#aa6633" } })
          .png()
          .toBuffer(),
        type: "image/png",
      },
    ],
    [NAMES.notes, { body: Buffer.from("Remember to call the tile supplier on Monday.\n".repeat(20)), type: "image/jpeg" }],
    [NAMES.copy, { body: kitchen, type: "image/jpeg" }],
  ]);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    // The first photo moved: its old address redirects, as a CDN might.
    if (url.pathname.startsWith("/moved/")) {
      const moved = decodeURIComponent(url.pathname.slice("/moved/".length)).replace(/^images\//, "");
      res.writeHead(302, { Location: `${downloadPath(moved)}?alt=media&token=abc` }).end();
      return;
    }
    // Bigger than UPLOAD_MAX_MB=1: announced by Content-Length, or only found out while reading.
    if (url.pathname === "/big" || url.pathname === "/big-chunked") {
      const body = Buffer.concat([files.get(NAMES.kitchen)!.body, Buffer.alloc(1_200_000)]);
      res.writeHead(
        200,
        url.pathname === "/big" ? { "Content-Type": "image/jpeg", "Content-Length": body.length } : { "Content-Type": "image/jpeg" },
      );
      res.end(body);
      return;
    }
    if (url.pathname === "/loop") {
      res.writeHead(302, { Location: "/loop" }).end();
      return;
    }
    if (url.pathname === "/to-ftp") {
      res.writeHead(301, { Location: "ftp://old-site.example/images/deck.png" }).end();
      return;
    }
    const prefix = "/v0/b/old-site.appspot.com/o/";
    const name = url.pathname.startsWith(prefix) ? decodeURIComponent(url.pathname.slice(prefix.length)).replace(/^images\//, "") : "";
    const file = files.get(name);
    if (!file || url.searchParams.get("alt") !== "media") {
      res.writeHead(404, { "Content-Type": "application/json" }).end('{"error":{"code":404,"message":"Not Found."}}');
      return;
    }
    res.writeHead(200, { "Content-Type": file.type, "Content-Length": file.body.length });
    res.end(req.method === "HEAD" ? undefined : file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const address = (name: string) => `${base}${downloadPath(name)}?alt=media&token=${randomBytes(4).toString("hex")}`;
  const list = [
    { id: "kitchenDoc", imageFile: `${base}/moved/${encodeURIComponent(object(NAMES.kitchen))}` },
    { id: "bathDoc", imageFile: address(NAMES.bath) },
    { id: "deckDoc", imageFile: address(NAMES.deck) },
    { id: "goneDoc", imageFile: address(NAMES.gone) },
    { id: "notesDoc", imageFile: address(NAMES.notes) },
    { id: "copyDoc", imageFile: address(NAMES.copy) },
    { id: "bathDoc", imageFile: address(NAMES.bath) },
    { id: "emptyDoc" },
  ];
  return { files, server, base, list };
}

/** The same documents as gcloud's export turned into JSON. */
function asGcloud(list: Fixture["list"]) {
  return {
    documents: list.map((doc) => ({
      name: `projects/old-site/databases/(default)/documents/images/${doc.id}`,
      fields: doc.imageFile ? { imageFile: { stringValue: doc.imageFile } } : {},
    })),
  };
}

function lineOf(run: CliRun, id: string): string {
  return run.stdout
    .split("\n")
    .filter((line) => line.includes(` ${id}:`))
    .join("\n");
}

function cliEnv(options: OpenDatabaseOptions, extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = { DATA_DIR: options.dataDir, ...extra };
  if (options.databaseUrl) {
    const url = new URL(options.databaseUrl);
    if (options.schema) url.searchParams.set("options", `-c search_path=${options.schema}`);
    env.DATABASE_URL = url.href;
  }
  return env;
}

async function drafts(database: Database): Promise<PhotoRow[]> {
  return database.db.selectFrom("photos").selectAll().orderBy("caption").execute();
}

let fixture: Fixture;
let tempRoot = "";
beforeAll(async () => {
  fixture = await startFixture();
  tempRoot = await mkdtemp(path.join(os.tmpdir(), "import-firebase-"));
});
afterAll(async () => {
  await new Promise((resolve) => fixture?.server.close(resolve));
  if (tempRoot) await rm(tempRoot, { recursive: true, force: true });
});

async function writeExport(name: string, data: unknown): Promise<string> {
  const file = path.join(tempRoot, name);
  await writeFile(file, JSON.stringify(data, null, 2));
  return file;
}

/** The whole story on one database and store: dry run, import, what it made, second run. */
async function checkImport(options: OpenDatabaseOptions, storageEnv: Record<string, string>, exportData: unknown, label: string) {
  const env = cliEnv(options, storageEnv);
  const exportFile = await writeExport(`${label}.json`, exportData);

  const dry = await runCli(["import-firebase", "--export", exportFile, "--dry-run", ...LOCAL], env);
  expect(dry.code, dry.stdout + dry.stderr).toBe(1);
  expect(lineOf(dry, "kitchenDoc")).toContain('would import "Kitchen after"');
  expect(lineOf(dry, "goneDoc")).toContain("✗ goneDoc: HTTP 404");
  expect(dry.stdout).toContain("Dry run: would import 5, skip 1; 2 would fail (of 8). Nothing was written.");

  const first = await runCli(["import-firebase", "--export", exportFile, ...LOCAL], env, { timeoutMs: 120_000 });
  expect(first.code, first.stdout + first.stderr).toBe(1);
  expect(lineOf(first, "kitchenDoc")).toMatch(/^✓ kitchenDoc: imported as a draft, caption "Kitchen after"/);
  expect(lineOf(first, "bathDoc")).toContain('✓ bathDoc: imported as a draft, caption "Master bath before"');
  expect(lineOf(first, "bathDoc")).toContain("– bathDoc: skipped, listed twice in the export (entry 2 is the one imported)");
  expect(lineOf(first, "deckDoc")).toContain('✓ deckDoc: imported as a draft, caption "New deck"');
  expect(lineOf(first, "goneDoc")).toBe("✗ goneDoc: HTTP 404 Not Found");
  expect(lineOf(first, "notesDoc")).toBe(
    "✗ notesDoc: not an image: the file is not a JPEG, PNG, WebP, AVIF, GIF or HEIC picture (it was sent as image/jpeg)",
  );
  expect(lineOf(first, "copyDoc")).toMatch(
    /^– copyDoc: skipped, the same file as (another document in this export \(imported once\)|document kitchenDoc, imported before)$/,
  );
  expect(lineOf(first, "emptyDoc")).toBe("✗ emptyDoc: the document has no imageFile (the photo's download address)");
  expect(first.stdout).toContain("Imported 3, skipped 2, failed 3 (of 8).");

  const database = await openDatabase(options);
  const blobStore: BlobStore = await createBlobStore({
    env: { STORAGE: "local", ...storageEnv } as never,
    dataDir: options.dataDir,
  });
  try {
    const photos = await drafts(database);
    expect(photos.map((p) => [p.caption, p.status, p.category, p.uploaded_by])).toEqual([
      ["Kitchen after", "draft", "repair", null],
      ["Master bath before", "draft", "repair", null],
      ["New deck", "draft", "repair", null],
    ]);
    // The upload pipeline made them: upright (the EXIF said turn 90°), every variant stored.
    const kitchen = photos[0]!;
    expect([kitchen.width, kitchen.height]).toEqual([400, 600]);
    for (const photo of photos) {
      const keys = [photo.master_key, ...parseVariants(photo).map((v) => v.key)];
      expect(parseVariants(photo).length).toBeGreaterThanOrEqual(2);
      for (const key of keys) expect(await blobStore.head(key), key).not.toBeNull();
    }
    const master = await blobStore.get(kitchen.master_key);
    const masterBytes = await buffer(master!.body);
    const meta = await sharp(masterBytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();

    const imports = await database.db.selectFrom("photo_imports").selectAll().orderBy("source_id").execute();
    expect(imports.map((row) => row.source_id)).toEqual(["bathDoc", "copyDoc", "deckDoc", "kitchenDoc"]);
    const photoOf = Object.fromEntries(imports.map((row) => [row.source_id, row.photo_id]));
    expect(photoOf.copyDoc).toBe(kitchen.id);
    expect(photoOf.kitchenDoc).toBe(kitchen.id);

    const second = await runCli(["import-firebase", "--export", exportFile, ...LOCAL], env, { timeoutMs: 120_000 });
    expect(second.code, second.stdout + second.stderr).toBe(1);
    for (const id of ["kitchenDoc", "deckDoc", "copyDoc"]) expect(lineOf(second, id)).toBe(`– ${id}: skipped, already imported`);
    expect(second.stdout).toContain("Imported 0, skipped 5, failed 3 (of 8).");
    expect(second.stdout).not.toContain("✓");
    expect(await drafts(database)).toHaveLength(3);

    // Imported drafts wait for the admin: the hourly clean-up of abandoned uploads leaves them.
    const logger = createLogger({ level: "silent" });
    const removed = await removeStaleDrafts({
      deps: { db: database.db, dialect: database.dialect, blobStore, logger },
      maxAgeMs: 1000,
      now: new Date(Date.now() + 7 * 24 * 3600 * 1000),
    });
    expect(removed).toBe(0);
    expect(await drafts(database)).toHaveLength(3);
    // …and the admin page says so instead of counting down.
    const gallery = createGallery({
      config: parseEnv({ DATA_DIR: options.dataDir, ...storageEnv }),
      database,
      blobStore,
      images: testImageQueue(),
      logger,
      publicPages: { invalidate: async () => {} },
    });
    const view = await gallery.adminView({
      adminId: "test",
      query: { show: "drafts", page: 1, projectId: null, service: null },
    });
    expect(view.photos.map((draft) => draft.age?.removal)).toEqual([IMPORTED_DRAFT_NOTE, IMPORTED_DRAFT_NOTE, IMPORTED_DRAFT_NOTE]);
  } finally {
    await blobStore.close();
    await database.close();
  }
}

for (const target of databaseTargets("import-firebase", "import-firebase suite") as DatabaseTarget[]) {
  describe(`import-firebase on ${target.name}`, () => {
    beforeAll(() => target.setup());
    afterAll(() => target.teardown());

    it("imports each photo once as a draft, reports each failure in a line, and a second run imports nothing", async () => {
      const options = await target.fresh();
      // The list shape on SQLite, gcloud's documents on PostgreSQL: both read the same.
      await checkImport(options, {}, target.name === "sqlite" ? fixture.list : asGcloud(fixture.list), target.name);
    }, 180_000);
  });
}

describe("import-firebase: a downloaded bucket (--files), limits and refusals", () => {
  it("reads DIR/images/<name>, without the network, and says which file is missing", async () => {
    const dataDir = path.join(tempRoot, "files-data");
    const bucket = path.join(tempRoot, "bucket");
    await mkdir(path.join(bucket, "images"), { recursive: true });
    await writeFile(path.join(bucket, "images", NAMES.bath), fixture.files.get(NAMES.bath)!.body);
    await writeFile(path.join(bucket, NAMES.deck), fixture.files.get(NAMES.deck)!.body);
    const exportFile = await writeExport("files.json", {
      images: {
        bathDoc: { imageFile: offline(NAMES.bath) },
        deckDoc: { imageFile: offline(NAMES.deck) },
        goneDoc: { imageFile: offline(NAMES.gone) },
      },
    });
    const run = await runCli(
      ["import-firebase", "--export", exportFile, "--files", bucket, "--category", "bathroom"],
      { DATA_DIR: dataDir },
      { timeoutMs: 120_000 },
    );
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(lineOf(run, "bathDoc")).toContain('✓ bathDoc: imported as a draft, caption "Master bath before"');
    expect(lineOf(run, "deckDoc")).toContain('✓ deckDoc: imported as a draft, caption "New deck"');
    expect(lineOf(run, "goneDoc")).toBe(
      `✗ goneDoc: file not found (looked for ${path.join(bucket, "images", NAMES.gone)} and ${path.join(bucket, NAMES.gone)})`,
    );
    const database = await openDatabase({ dataDir });
    try {
      expect((await drafts(database)).map((p) => [p.caption, p.category])).toEqual([
        ["Master bath before", "bathroom"],
        ["New deck", "bathroom"],
      ]);
    } finally {
      await database.close();
    }
  }, 120_000);

  it("refuses files over UPLOAD_MAX_MB, endless redirects and addresses other than http(s), each in its line", async () => {
    const exportFile = await writeExport("limits.json", [
      { id: "big", imageFile: `${fixture.base}/big` },
      { id: "bigChunked", imageFile: `${fixture.base}/big-chunked` },
      { id: "loop", imageFile: `${fixture.base}/loop` },
      { id: "toFtp", imageFile: `${fixture.base}/to-ftp` },
      { id: "file", imageFile: "file:///etc/passwd" },
      { id: "notUrl", imageFile: "kitchen.jpg" },
    ]);
    const run = await runCli(["import-firebase", "--export", exportFile, ...LOCAL], {
      DATA_DIR: path.join(tempRoot, "limits"),
      UPLOAD_MAX_MB: "1",
    });
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(lineOf(run, "big")).toBe("✗ big: too large: the file is over 1 MB (UPLOAD_MAX_MB)");
    expect(lineOf(run, "bigChunked")).toBe("✗ bigChunked: too large: the file is over 1 MB (UPLOAD_MAX_MB)");
    expect(lineOf(run, "loop")).toBe("✗ loop: too many redirects (more than 5)");
    expect(lineOf(run, "toFtp")).toBe("✗ toFtp: only http and https addresses are fetched, not ftp");
    expect(lineOf(run, "file")).toBe("✗ file: only http and https addresses are fetched, not file");
    expect(lineOf(run, "notUrl")).toBe('✗ notUrl: imageFile is not a web address: "kitchen.jpg"');
    expect(run.stdout).toContain("Imported 0, skipped 0, failed 6 (of 6).");
  });

  it("refuses an export of an unknown shape, or a missing file, with a sentence and exit code 2", async () => {
    const dataDir = path.join(tempRoot, "refusals");
    const odd = await writeExport("odd.json", { photos: ["a.jpg", "b.jpg"] });
    const refused = await runCli(["import-firebase", "--export", odd], { DATA_DIR: dataDir });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("This file is not an export of the images collection in a shape we know.");
    const missing = await runCli(["import-firebase", "--export", path.join(tempRoot, "nope.json")], {
      DATA_DIR: dataDir,
    });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("there is no such file");
    const noExport = await runCli(["import-firebase"], { DATA_DIR: dataDir });
    expect(noExport.code).toBe(2);
    expect(noExport.stderr).toContain("--export FILE");
  });
});

if (!S3_ENDPOINT) {
  console.warn("import-firebase on S3 SKIPPED: set TEST_S3_ENDPOINT=http://127.0.0.1:7480 to run it");
  test.skip("import-firebase on S3 SKIPPED: set TEST_S3_ENDPOINT to run it", () => {});
} else {
  describe("import-firebase with STORAGE=s3", () => {
    const s3 = makeBucket("import");
    const s3Env = { ...s3.env, S3_REGION: "us-east-1" };
    beforeAll(() => s3.create());
    afterAll(() => s3.remove());

    it("stores the drafts' files in the bucket", async () => {
      await checkImport({ dataDir: path.join(tempRoot, "s3-data") }, s3Env, fixture.list, "s3");
    }, 180_000);
  });
}
