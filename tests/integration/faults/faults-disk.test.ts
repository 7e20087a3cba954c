/**
 * Disk faults against the real built server (issue 22, docs/decisions/044-disk-trouble-costs-photos.md):
 * a photo never costs the request it came with.
 *
 * - DATA_DIR on a small tmpfs filled to nearly full (SQLite and PostgreSQL): a request with photos
 *   is stored, each photo says it was not kept, /healthz and the dashboard say the disk is low; a
 *   disk that fills while a photo arrives costs that photo only and the log names ENOSPC.
 * - An upload folder the server cannot write, two ways: the server run as `nobody` with a
 *   root-owned tmp/uploads (EACCES, what an operator's mistake looks like), and a read-only tmpfs
 *   mounted on it (EROFS, which even root cannot write). `/root` is mode 700 here, so `nobody`
 *   cannot reach this Node binary: the test hard-links (or copies) it into a folder of its own;
 *   when `nobody` cannot reach the checkout either (a clone under /root), it runs the server from
 *   a read-only bind mount of the checkout; only when that fails too is the case skipped, saying why.
 * - Temp files a killed process left (an upload being received, a blob store put) are gone
 *   after a restart, at once.
 *
 * Mounting needs root (CI runs as root); elsewhere the suite is skipped with one line saying so.
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { chmodSync, chownSync, copyFileSync, linkSync, mkdirSync, mkdtempSync, realpathSync, rmdirSync, rmSync } from "node:fs";
import { open, readdir, rm, statfs } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { twoTone } from "#scripts/make-image-fixtures.ts";
import { createTestAccount, withSiteDatabase, type TestAccount } from "#tests/support/accounts.ts";
import { databaseTargets, schemaUrl, type DatabaseTarget } from "#tests/support/databases.ts";
import { LEAD_ENV, SITE_URL, SUCCESS, fetchUniqueFormToken, marker, submitLead, validFields } from "#tests/support/leads.ts";
import { answerText, leadPhotoFiles, multipartBody, postWithPhotos, tempUploads, type PhotoFile } from "#tests/support/job-photos.ts";
import { connect, get, request, root, startServer, type HttpResult, type RunAs, type ServerProcess } from "#tests/support/server.ts";
import { textOf } from "#tests/support/admin-site.ts";

const MB = 1024 * 1024;
const NOBODY = 65534;

/** Whether nobody can read the built server in `checkout` with the binary `node`. */
function readableBy(node: string, checkout: string) {
  return spawnSync(node, ["-e", `require("node:fs").accessSync(${JSON.stringify(path.join(checkout, "build", "server", "index.js"))})`], {
    uid: NOBODY,
    gid: NOBODY,
    cwd: checkout,
    stdio: "pipe",
  });
}

/** Why tmpfs cannot be mounted here, or null when it can. */
function mountProblem(): string | null {
  if (process.platform !== "linux") return "tmpfs mounts need Linux";
  const dir = mkdtempSync(path.join(tmpdir(), "mount-probe-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", dir], { stdio: "pipe" });
    execFileSync("umount", [dir], { stdio: "pipe" });
    return null;
  } catch (error) {
    return `mounting a tmpfs is not permitted here (${String((error as Error).message).split("\n")[0]}); CI runs as root`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const cannotMount = mountProblem();
if (cannotMount) {
  console.warn(`Disk fault suite SKIPPED: ${cannotMount}`);
  test.skip(`disk fault suite SKIPPED: ${cannotMount}`, () => {});
}

function mountTmpfs(dir: string, options: string): void {
  execFileSync("mount", ["-t", "tmpfs", "-o", options, "tmpfs", dir], { stdio: "pipe" });
}

function unmount(dir: string): void {
  // Lazy: a file the killed or stopping server still had open must not fail the clean-up.
  spawnSync("umount", ["-l", dir], { stdio: "ignore" });
}

async function freeBytes(dir: string): Promise<number> {
  const space = await statfs(dir);
  return space.bavail * space.bsize;
}

/** Writes a file that leaves about `leaveBytes` free on the disk of `dir`. */
async function fillLeaving(dir: string, leaveBytes: number): Promise<string> {
  const file = path.join(dir, `filler-${randomUUID()}`);
  const handle = await open(file, "wx");
  try {
    const chunk = Buffer.alloc(MB, 0xa5);
    let left = (await freeBytes(dir)) - leaveBytes;
    while (left > 0) {
      const { bytesWritten } = await handle.write(chunk, 0, Math.min(chunk.length, left));
      left -= bytesWritten;
    }
  } finally {
    await handle.close();
  }
  return file;
}

/** Starts like a JPEG, so only the disk can refuse it before the pipeline would. */
function jpegLike(bytes: number): Buffer {
  const head = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
  return Buffer.concat([head, Buffer.alloc(bytes - head.length, 7)]);
}

const smallJpeg = (seed: number) =>
  twoTone(300 + seed, 200)
    .jpeg()
    .toBuffer();
const notSaved = (name: string) => `“${name}” could not be saved just now, so it was not kept. Please send it by replying to our email.`;

interface Health {
  status: string;
  disk?: { freeBytes: number; reserveBytes: number; low: boolean };
  dataDir?: string;
  unwritable?: string[];
}

async function health(server: ServerProcess): Promise<Health> {
  const res = await get(`${server.url}/healthz`);
  expect(res.status).toBe(200);
  return JSON.parse(res.text) as Health;
}

interface SiteTarget {
  dataDir: string;
  databaseUrl?: string;
  schema?: string;
}

/** The server's env and the test's view of its database, for a DATA_DIR the test chose. */
async function siteOn(target: DatabaseTarget, dataDir: string): Promise<{ env: Record<string, string>; site: SiteTarget }> {
  if (target.name === "sqlite") return { env: {}, site: { dataDir } };
  const fresh = await target.fresh();
  const url = new URL(schemaUrl(fresh.databaseUrl!, fresh.schema));
  return { env: { DATABASE_URL: url.href }, site: { dataDir, databaseUrl: fresh.databaseUrl, schema: fresh.schema } };
}

async function storedLead(site: SiteTarget, mark: string) {
  return withSiteDatabase(site, async ({ db }) => {
    const leads = await db.selectFrom("leads").select(["id", "from_name", "message"]).where("subject", "like", `%${mark}%`).execute();
    const photos = leads[0] ? await db.selectFrom("lead_photos").select("file_name").where("lead_id", "=", leads[0].id).execute() : [];
    return { leads, photos: photos.map((p) => p.file_name) };
  });
}

async function sendWithPhotos(server: ServerProcess, mark: string, files: PhotoFile[]): Promise<HttpResult> {
  const token = await fetchUniqueFormToken(server);
  return postWithPhotos(server, { ...validFields(mark), form_token: token }, files, { data: true });
}

/** The JSON log lines of the server with this message. */
function logLines(server: ServerProcess, msg: string): Record<string, unknown>[] {
  return (server.stdout() + server.stderr())
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.msg === msg);
}

/**
 * Sends a multipart request over a raw connection in two steps: up to `splitAt` bytes of the
 * body, then (after `between` ran) the rest. Resolves with the answer once the server closed.
 */
async function sendInTwoSteps(server: ServerProcess, body: Buffer, contentType: string, splitAt: number, between: () => Promise<void>) {
  const conn = await connect(server.port);
  const head = [
    "POST /contact.data HTTP/1.1",
    `Host: ${new URL(SITE_URL).host}`,
    `Origin: ${SITE_URL}`,
    `Content-Type: ${contentType}`,
    `Content-Length: ${body.length}`,
    "Connection: close",
    "",
    "",
  ].join("\r\n");
  await new Promise<void>((resolve, reject) =>
    conn.socket.write(Buffer.concat([Buffer.from(head), body.subarray(0, splitAt)]), (e) => (e ? reject(e) : resolve())),
  );
  await between();
  await new Promise<void>((resolve, reject) => conn.socket.write(body.subarray(splitAt), (e) => (e ? reject(e) : resolve())));
  await conn.closedPromise;
  return conn.firstResponse();
}

/** Waits until the server has a temp file for an upload (the request's photo is being written). */
async function untilUploadWritten(dataDir: string): Promise<string[]> {
  for (;;) {
    const files = await tempUploads(dataDir);
    if (files.length > 0) return files;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The admin gallery's upload, as its page sends a photo. */
function adminUpload(server: ServerProcess, admin: TestAccount, photo: Buffer): Promise<HttpResult> {
  return request(`${server.url}/admin/gallery/upload?category=kitchen`, {
    method: "POST",
    headers: {
      host: new URL(SITE_URL).host,
      origin: SITE_URL,
      cookie: admin.cookie,
      "content-type": "image/jpeg",
      "content-length": String(photo.length),
    },
    body: photo,
  });
}

async function expectPhotoRefusedRequestStored(server: ServerProcess, site: SiteTarget, code: string) {
  const mark = marker("unwritable");
  const res = await sendWithPhotos(server, mark, [{ filename: "porch.jpg", data: await smallJpeg(6) }]);
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  expect(answerText(res)).toContain(SUCCESS);
  expect(answerText(res)).toContain(notSaved("porch.jpg"));
  expect(await health(server)).toMatchObject({ status: "ok", dataDir: "unwritable", unwritable: ["tmp/uploads"] });
  const [line] = logLines(server, "job photos not kept: the server cannot write the upload folder");
  expect(line).toMatchObject({ level: "error", code, path: path.join(site.dataDir, "tmp", "uploads") });
  return mark;
}

describe.skipIf(cannotMount !== null)("disk faults", () => {
  for (const target of databaseTargets("faults_disk", "disk faults suite")) {
    describe(`a nearly full disk (${target.name})`, () => {
      let dataDir: string;
      let server: ServerProcess;
      let site: SiteTarget;
      let admin: TestAccount;
      let filler: string | null = null;

      beforeAll(async () => {
        await target.setup();
        dataDir = mkdtempSync(path.join(tmpdir(), "faults-disk-"));
        mountTmpfs(dataDir, "size=96m");
        const on = await siteOn(target, dataDir);
        site = on.site;
        // The reserve and photo size are scaled to the 96 MB disk: low below 16 + 6 × 4 MB.
        server = await startServer({
          dataDir,
          env: { ...LEAD_ENV, ...on.env, UPLOAD_MAX_MB: "4", DISK_RESERVE_MB: "16" },
        });
        admin = await createTestAccount(site, { role: "admin", name: "Alex Admin" });
      });

      afterAll(async () => {
        await server?.stop();
        if (dataDir) {
          unmount(dataDir);
          rmSync(dataDir, { recursive: true, force: true });
        }
        await target.teardown();
      });

      test("with room, photos are kept and /healthz says the disk is fine", async () => {
        const mark = marker("room");
        const res = await sendWithPhotos(server, mark, [{ filename: "kitchen.jpg", data: await smallJpeg(1) }]);
        expect(res.status, res.text.slice(0, 300)).toBe(200);
        expect((await storedLead(site, mark)).photos).toEqual(["kitchen.jpg"]);
        expect(await health(server)).toMatchObject({
          status: "ok",
          disk: { low: false, reserveBytes: 16 * MB },
          dataDir: "writable",
          unwritable: [],
        });
      });

      test("nearly full: the request is stored and each photo says it was not kept; /healthz, the dashboard and the log say why", async () => {
        filler = await fillLeaving(dataDir, 10 * MB);
        const mark = marker("full");
        const res = await sendWithPhotos(server, mark, [
          { filename: "kitchen.jpg", data: await smallJpeg(2) },
          { filename: "sink.jpg", data: await smallJpeg(3) },
        ]);
        expect(res.status, res.text.slice(0, 300)).toBe(200);
        const text = answerText(res);
        expect(text).toContain(SUCCESS);
        expect(text).toContain(notSaved("kitchen.jpg"));
        expect(text).toContain(notSaved("sink.jpg"));
        const stored = await storedLead(site, mark);
        expect(stored.leads).toHaveLength(1);
        expect(stored.leads[0]!.message).toContain(mark);
        expect(stored.photos).toEqual([]);
        expect(await tempUploads(dataDir)).toEqual([]);

        // A request without photos is stored as ever.
        const plain = marker("plain");
        const noPhotos = await submitLead(server, validFields(plain));
        expect(noPhotos.status).toBe(200);
        expect((await storedLead(site, plain)).leads).toHaveLength(1);

        const state = await health(server);
        expect(state.disk?.low).toBe(true);
        expect(state.disk!.freeBytes).toBeLessThan(16 * MB);
        const dashboard = textOf((await get(`${server.url}/admin`, { cookie: admin.cookie })).text);
        expect(dashboard).toMatch(
          /The server's disk is almost full: \d+ MB free\. Photos sent with estimate requests are not being kept until space is freed/,
        );
        // Said first, before the set-up checklist and the requests: a live site is losing photos now.
        expect(dashboard.indexOf("Needs you now")).toBeGreaterThan(-1);
        expect(dashboard.indexOf("Needs you now")).toBeLessThan(dashboard.indexOf("Go-live checklist"));
        expect(dashboard.indexOf("almost full")).toBeLessThan(dashboard.indexOf("Go-live checklist"));

        // The admin's own upload is refused before a byte is written, saying why.
        const upload = await adminUpload(server, admin, await smallJpeg(8));
        expect(upload.status).toBe(507);
        expect((JSON.parse(upload.text) as { error: string }).error).toMatch(
          /^The server's disk is almost full \(\d+ MB free\), so this photo was not saved\. Free some space on the server/,
        );

        const [line, ...more] = logLines(server, "job photos not kept: too little free disk space");
        expect(more).toEqual([]);
        expect(line).toMatchObject({ level: "warn", photos: 2, reserveBytes: 16 * MB });
        expect(String(line!.path)).toContain(dataDir);
        expect((await get(`${server.url}/contact`)).status).toBe(200);
      });

      test("a disk that fills while a photo arrives costs that photo and the next, the request is stored, the log names ENOSPC", async () => {
        if (filler) await rm(filler);
        filler = null;
        const mark = marker("fills");
        const token = await fetchUniqueFormToken(server);
        const { body, contentType } = multipartBody({ ...validFields(mark), form_token: token }, [
          { filename: "big.jpg", data: jpegLike(3 * MB) },
          { filename: "after.jpg", data: await smallJpeg(4) },
        ]);
        const firstPhoto = body.indexOf("big.jpg");
        const res = await sendInTwoSteps(server, body, contentType, firstPhoto + 64 * 1024, async () => {
          await untilUploadWritten(dataDir);
          // Less room than the rest of the photo needs: the next write fails with ENOSPC.
          filler = await fillLeaving(dataDir, 2 * MB);
        });
        expect(res.status, res.text.slice(0, 300)).toBe(200);
        const text = answerText(res);
        expect(text).toContain(SUCCESS);
        expect(text).toContain(notSaved("big.jpg"));
        expect(text).toContain(notSaved("after.jpg"));
        const stored = await storedLead(site, mark);
        expect(stored.leads).toHaveLength(1);
        expect(stored.photos).toEqual([]);
        expect(await tempUploads(dataDir)).toEqual([]);
        const [line, ...more] = logLines(server, "job photos not kept: the disk refused a write");
        expect(more).toEqual([]);
        expect(line).toMatchObject({ level: "error", code: "ENOSPC", photos: 2 });
        expect(String(line!.path)).toContain(path.join(dataDir, "tmp", "uploads"));

        // Space freed: photos are kept again, on the same server.
        await rm(filler!);
        filler = null;
        const again = marker("again");
        expect((await sendWithPhotos(server, again, [{ filename: "after.jpg", data: await smallJpeg(5) }])).status).toBe(200);
        expect((await storedLead(site, again)).photos).toEqual(["after.jpg"]);
        expect((await health(server)).disk?.low).toBe(false);
      });
    });
  }

  describe("an upload folder the server cannot write", () => {
    const made: string[] = [];
    /** Read-only bind mounts of the checkout: unmounted (never removed recursively) before `made` goes. */
    const checkoutViews: string[] = [];
    afterAll(() => {
      for (const view of checkoutViews) {
        execFileSync("umount", [view], { stdio: "pipe" });
        rmdirSync(view);
      }
      for (const dir of made.toReversed()) {
        unmount(path.join(dir, "tmp", "uploads"));
        rmSync(dir, { recursive: true, force: true });
      }
    });

    test("mounted read-only (EROFS, even for root): the request is stored, the photo is not; readiness, the dashboard and the admin's upload say so", async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "faults-rofs-"));
      made.push(dataDir);
      mkdirSync(path.join(dataDir, "tmp", "uploads"), { recursive: true });
      mountTmpfs(path.join(dataDir, "tmp", "uploads"), "ro,size=1m");
      const server = await startServer({ dataDir, env: { ...LEAD_ENV } });
      try {
        const site = { dataDir };
        const mark = await expectPhotoRefusedRequestStored(server, site, "EROFS");
        const admin = await createTestAccount(site, { role: "admin", name: "Alex Admin" });
        const dashboard = textOf((await get(`${server.url}/admin`, { cookie: admin.cookie })).text);
        expect(dashboard).toContain(
          "The server cannot write to its tmp/uploads folder (DATA_DIR): photos sent with estimate requests are not kept.",
        );
        expect(dashboard.indexOf("cannot write to its tmp/uploads")).toBeLessThan(dashboard.indexOf("Go-live checklist"));
        const upload = await adminUpload(server, admin, await smallJpeg(7));
        expect(upload.status).toBe(503);
        expect((JSON.parse(upload.text) as { error: string }).error).toMatch(
          /^The server cannot write to its photo folders, so this photo was not saved\./,
        );
        await server.stop();
        expect((await storedLead(site, mark)).leads).toHaveLength(1);
      } finally {
        await server.stop();
      }
    });

    /** A Node binary `nobody` can run, or why there is none (with the checkout unreadable to it). */
    function nodeForNobody(): { runAs: RunAs } | { problem: string } {
      const dir = mkdtempSync(path.join(tmpdir(), "nobody-node-"));
      made.push(dir);
      chmodSync(dir, 0o755);
      const target = path.join(dir, "node");
      try {
        linkSync(realpathSync(process.execPath), target);
      } catch {
        copyFileSync(realpathSync(process.execPath), target);
      }
      chmodSync(target, 0o755);
      const probe = readableBy(target, root);
      if (!probe.error && probe.status === 0) return { runAs: { uid: NOBODY, gid: NOBODY, execPath: target } };
      // The checkout sits under a folder nobody cannot enter (a clone under /root): nobody reaches
      // it through a read-only bind mount in a folder of its own, which root can make. Read-only,
      // so that no clean-up can ever delete the checkout through it.
      const view = path.join(dir, "checkout");
      mkdirSync(view);
      try {
        execFileSync("mount", ["--bind", root, view], { stdio: "pipe" });
        checkoutViews.push(view);
        execFileSync("mount", ["-o", "remount,bind,ro", view], { stdio: "pipe" });
      } catch (error) {
        return {
          problem: `nobody cannot read the checkout at ${root}, and it could not be bind-mounted: ${(error as Error).message}`,
        };
      }
      const again = readableBy(target, view);
      if (again.error || again.status !== 0)
        return {
          problem: `nobody cannot read the checkout at ${root}, even bind-mounted: ${again.error?.message ?? again.stderr.toString().split("\n")[0]}`,
        };
      return { runAs: { uid: NOBODY, gid: NOBODY, execPath: target, root: view } };
    }

    test("owned by root while the server runs as nobody (EACCES): the request is stored, the photo is not, readiness says unwritable", async (context) => {
      const node = nodeForNobody();
      if ("problem" in node) {
        console.warn(`unwritable-as-nobody case SKIPPED: ${node.problem}`);
        context.skip();
        return;
      }
      const dataDir = mkdtempSync(path.join(tmpdir(), "faults-eacces-"));
      made.push(dataDir);
      chownSync(dataDir, NOBODY, NOBODY);
      // The folder an operator made as root (a backup restore, a CLI run with sudo): mode 755, root's.
      mkdirSync(path.join(dataDir, "tmp", "uploads"), { recursive: true, mode: 0o755 });
      const server = await startServer({ dataDir, env: { ...LEAD_ENV }, runAs: node.runAs });
      try {
        const mark = await expectPhotoRefusedRequestStored(server, { dataDir }, "EACCES");
        await server.stop();
        expect((await storedLead({ dataDir }, mark)).leads).toHaveLength(1);
      } finally {
        await server.stop();
      }
    });
  });

  test("temp files a killed process left (an upload being received, a blob store put) are removed when the server starts again", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "faults-leftovers-"));
    try {
      const first = await startServer({ dataDir, env: { ...LEAD_ENV, UPLOAD_MAX_MB: "4" } });
      const token = await fetchUniqueFormToken(first);
      const { body, contentType } = multipartBody({ ...validFields(marker("killed")), form_token: token }, [
        { filename: "big.jpg", data: jpegLike(3 * MB) },
      ]);
      // The photo is half received when the server is killed: its temp file stays behind.
      const answered = sendInTwoSteps(first, body, contentType, body.indexOf("big.jpg") + 64 * 1024, async () => {
        await untilUploadWritten(dataDir);
        await first.stop("SIGKILL");
      }).catch(() => null);

      // A local store put killed half-way (as the server's own would be) leaves its hidden file.
      const photoDir = path.join(dataDir, "media", "photos", randomUUID());
      const putter = spawn(
        process.execPath,
        [
          "--input-type=module",
          "-e",
          `import { PassThrough } from "node:stream";
           import { readdirSync } from "node:fs";
           import { createLocalBlobStore } from ${JSON.stringify(path.join(root, "app/server/storage/local-store.server.ts"))};
           const store = createLocalBlobStore({ root: ${JSON.stringify(path.join(dataDir, "media"))} });
           const body = new PassThrough();
           body.write(Buffer.alloc(65536, 1));
           void store.put(${JSON.stringify(`photos/${path.basename(photoDir)}/display-800.avif`)}, body);
           const timer = setInterval(() => {
             try { if (readdirSync(${JSON.stringify(photoDir)}).some((n) => n.endsWith(".tmp"))) { process.stdout.write("writing\\n"); clearInterval(timer); } } catch {}
           }, 10);
           setInterval(() => {}, 1000);`,
        ],
        { stdio: ["ignore", "pipe", "inherit"] },
      );
      const putterExited = new Promise((resolve) => putter.once("exit", resolve));
      await new Promise<void>((resolve) => putter.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("writing") && resolve()));
      putter.kill("SIGKILL");
      await putterExited;
      await answered;

      const leftUpload = await tempUploads(dataDir);
      expect(leftUpload).toHaveLength(1);
      expect((await readdir(photoDir)).filter((n) => n.endsWith(".tmp"))).toHaveLength(1);

      const second = await startServer({ dataDir, env: { ...LEAD_ENV } });
      try {
        await second.waitForStdout("temp files left by a stopped process removed");
        const [line] = logLines(second, "temp files left by a stopped process removed");
        expect(line).toMatchObject({ uploads: 1, media: 1 });
        expect(await tempUploads(dataDir)).toEqual([]);
        // The photo folder held only the half-written file: it goes too.
        await expect(readdir(photoDir)).rejects.toMatchObject({ code: "ENOENT" });
        expect(await leadPhotoFiles(dataDir)).toEqual([]);
        expect((await get(`${second.url}/healthz`)).status).toBe(200);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
