/**
 * Photo uploads through the real server, on SQLite and PostgreSQL: what an admin's phone sends
 * (a JPEG with GPS and orientation 6, PNG, HEIC, an animated GIF) is stored rotated and without
 * metadata and served from /media; what is not a usable photo is refused with a clear 4xx and
 * nothing is stored; only admins may upload. docs/decisions/012-gallery.md
 */
import { readdirSync } from "node:fs";
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES_DIR, makeExifJpeg, twoTone } from "#scripts/make-image-fixtures.ts";
import { createTestAccount } from "#tests/support/accounts.ts";
import { databaseTargets } from "#tests/support/databases.ts";
import { setUpAdminSite, tearDownAdminSite, statusLine, type AdminSite } from "#tests/support/admin-site.ts";
import { connect, request, type HttpResult } from "#tests/support/server.ts";
import type { AdminPhoto } from "#app/schemas/photo-view.ts";

const UPLOAD_MAX_MB = 2;

function upload(
  site: AdminSite,
  body: Buffer,
  options: { cookie?: string; query?: string; headers?: Record<string, string> } = {},
): Promise<HttpResult> {
  const cookie = options.cookie ?? site.admin.cookie;
  return request(`${site.server.url}/admin/gallery/upload${options.query ?? ""}`, {
    method: "POST",
    headers: {
      origin: site.server.url,
      "content-type": "image/jpeg",
      "content-length": String(body.length),
      ...(cookie ? { cookie } : {}),
      ...options.headers,
    },
    body,
    timeoutMs: 60_000,
  });
}

function json<T>(res: HttpResult): T {
  return JSON.parse(res.text) as T;
}

async function countPhotos(site: AdminSite): Promise<number> {
  return site.db(async ({ db }) =>
    Number(
      (
        await db
          .selectFrom("photos")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  );
}

/** The server's "upload refused" warning lines so far. */
function refusalLines(site: AdminSite): string[] {
  return site.server
    .stderr()
    .split("\n")
    .filter((line) => line.includes('"upload refused"'));
}

async function storedFiles(site: AdminSite): Promise<string[]> {
  const dir = path.join(site.server.dataDir, "media", "photos");
  try {
    return (await readdir(dir, { recursive: true })).filter((name) => /\.(jpg|avif|webp)$/.test(name));
  } catch {
    return [];
  }
}

async function getMedia(site: AdminSite, url: string, headers: Record<string, string> = {}): Promise<HttpResult> {
  return request(`${site.server.url}${url}`, { headers });
}

for (const target of databaseTargets("gallery_upload", "gallery upload suite")) {
  describe(`photo uploads (${target.name})`, () => {
    let site: AdminSite;

    beforeAll(async () => {
      site = await setUpAdminSite(target, { UPLOAD_MAX_MB: String(UPLOAD_MAX_MB), MAX_IMAGE_MEGAPIXELS: "50" });
    }, 60_000);

    afterAll(() => tearDownAdminSite(target, site));

    it("a phone JPEG with GPS and orientation 6 becomes an upright draft, and no served file has the GPS", async () => {
      const res = await upload(site, await makeExifJpeg(), { query: "?category=kitchen" });
      expect(res.status).toBe(201);
      const { photo } = json<{ photo: AdminPhoto }>(res);
      expect(photo).toMatchObject({ status: "draft", category: "kitchen", sourceType: "jpeg", alt: "", caption: "" });
      // The fixture is 600 × 400 stored with orientation 6: upright it is 400 × 600.
      expect([photo.originalWidth, photo.originalHeight]).toEqual([400, 600]);
      expect([photo.width, photo.height]).toEqual([400, 600]);
      // Never upscaled: a 400 px wide photo gets the 320 px width only.
      expect(photo.webp.map((s) => s.width)).toEqual([320]);
      expect(photo.avif.map((s) => s.width)).toEqual([320]);
      expect(photo.placeholder).toMatch(/^data:image\/webp;base64,/);

      const urls = [photo.master.url, ...photo.avif.map((s) => s.url), ...photo.webp.map((s) => s.url)];
      expect(urls.every((u) => u.startsWith(`/media/photos/${photo.id}/v1/`))).toBe(true);
      for (const url of urls) {
        const media = await getMedia(site, url);
        expect(media.status, url).toBe(200);
        expect(media.headers["content-type"]).toBe(
          url.endsWith(".jpg") ? "image/jpeg" : url.endsWith(".avif") ? "image/avif" : "image/webp",
        );
        expect(media.headers["x-content-type-options"]).toBe("nosniff");
        expect(media.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
        const bytes = media.body.toString("latin1");
        expect(bytes).not.toContain("FixturePhone");
        expect(bytes).not.toContain("fixture-author");
        const meta = await sharp(media.body).metadata();
        expect(meta.exif, url).toBeUndefined();
        expect(meta.xmp, url).toBeUndefined();
        expect(meta.orientation ?? 1).toBe(1);
        expect(meta.width).toBeLessThan(meta.height!);
      }
      // The stored pixels have red on top; orientation 6 means "turn 90° clockwise to view", which puts red on the right.
      const master = await getMedia(site, photo.master.url);
      const { data, info } = await sharp(master.body).raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3);
      const left = at(10, Math.floor(info.height / 2));
      const right = at(info.width - 10, Math.floor(info.height / 2));
      expect(right[0]).toBeGreaterThan(150); // red
      expect(left[2]).toBeGreaterThan(150); // blue
    });

    it("serves /media with an ETag (304 on revalidation) and byte ranges", async () => {
      const res = await upload(site, await twoTone(800, 600).png().toBuffer());
      expect(res.status).toBe(201);
      const { photo } = json<{ photo: AdminPhoto }>(res);
      const first = await getMedia(site, photo.master.url);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^(W\/)?"/);
      expect((await getMedia(site, photo.master.url, { "if-none-match": etag })).status).toBe(304);
      const part = await getMedia(site, photo.master.url, { range: "bytes=0-9" });
      expect(part.status).toBe(206);
      expect(part.body.length).toBe(10);
      expect(part.headers["content-range"]).toBe(`bytes 0-9/${first.body.length}`);
      expect((await getMedia(site, photo.master.url, { range: `bytes=${first.body.length + 5}-` })).status).toBe(416);
      expect((await getMedia(site, `/media/photos/${photo.id}/v1/master-9999.jpg`)).status).toBe(404);
      expect((await getMedia(site, "/media/../site.db")).status).toBe(404);
      expect((await getMedia(site, "/media/secret.json")).status).toBe(404);
    });

    it("visitors who leave before a photo arrives leave no file open on the server", async () => {
      const { photo } = json<{ photo: AdminPhoto }>(await upload(site, await twoTone(800, 600).png().toBuffer()));
      const openFiles = () => readdirSync(`/proc/${site.server.pid}/fd`).length;
      const before = openFiles();
      // Each asks for a photo and hangs up at once: the server opens the file, then finds
      // nobody to send it to.
      for (let i = 0; i < 40; i++) {
        const conn = await connect(site.server.port);
        await conn.write(`GET ${photo.master.url} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
        conn.destroy();
      }
      await expect.poll(openFiles, { timeout: 5000 }).toBeLessThanOrEqual(before + 2);
      expect((await getMedia(site, photo.master.url)).status).toBe(200);
    });

    it("accepts PNG, HEIC and an animated GIF (its first frame)", async () => {
      const png = await twoTone(700, 500, { alpha: true }).png().toBuffer();
      const heic = await readFile(path.join(FIXTURES_DIR, "photo.heic"));
      const frames = 3;
      // Three 120 × 90 frames, stacked as one tall raw image and cut into pages.
      const animatedGif = await sharp(twoToneRaw(120, 90 * frames), {
        raw: { width: 120, height: 90 * frames, channels: 3, pageHeight: 90 },
      })
        .gif({ loop: 0, delay: [100, 100, 100] })
        .toBuffer();
      expect((await sharp(animatedGif, { pages: -1 }).metadata()).pages).toBe(frames);

      for (const [name, bytes, type] of [
        ["png", png, "png"],
        ["heic", heic, "heic"],
        ["gif", animatedGif, "gif"],
      ] as const) {
        const res = await upload(site, bytes, { headers: { "content-type": "application/octet-stream" } });
        expect(res.status, `${name}: ${res.text}`).toBe(201);
        const { photo } = json<{ photo: AdminPhoto }>(res);
        expect(photo.sourceType).toBe(type);
        const served = await getMedia(site, photo.webp[0]!.url);
        expect(served.status).toBe(200);
        expect((await sharp(served.body).metadata()).format).toBe("webp");
      }
    });

    it("refuses what is not a usable photo with a clear 4xx and stores nothing", async () => {
      const before = await countPhotos(site);
      const filesBefore = (await storedFiles(site)).length;
      const pdf = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n" + "x".repeat(2000));
      const jpeg = await makeExifJpeg();
      const truncated = jpeg.subarray(0, Math.floor(jpeg.length * 0.6));
      const bomb = await readFile(path.join(FIXTURES_DIR, "bomb-20000x20000.png"));

      const cases: [string, Buffer, number, RegExp][] = [
        ["a PDF named .jpg", pdf, 415, /not a photo we can read.*JPEG, PNG, WebP, AVIF, GIF or HEIC/],
        ["an SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 415, /not a photo we can read/],
        ["a 0-byte file", Buffer.alloc(0), 400, /empty/],
        ["a truncated JPEG", truncated, 422, /damaged or incomplete/],
        ["a 20000 × 20000 PNG bomb (48 KB)", bomb, 422, /400 megapixels.*50 megapixels/],
      ];
      for (const [name, body, status, message] of cases) {
        const refusedBefore = refusalLines(site).length;
        const res = await upload(site, body, { headers: { "x-file-name": "photo.jpg", "content-type": "image/jpeg" } });
        expect(res.status, name).toBe(status);
        expect(json<{ error: string }>(res).error, name).toMatch(message);
        // One warning line per refusal, with its status.
        const lines = refusalLines(site).slice(refusedBefore);
        expect(lines, name).toHaveLength(1);
        expect(lines[0], name).toMatch(new RegExp(`"level":"warn".*"status":${status}|"status":${status}.*"level":"warn"`));
      }
      expect(await countPhotos(site)).toBe(before);
      expect((await storedFiles(site)).length).toBe(filesBefore);
      const tmp = await readdir(path.join(site.server.dataDir, "tmp", "uploads")).catch(() => []);
      expect(tmp).toEqual([]);
    });

    it(`refuses a file over UPLOAD_MAX_MB (${UPLOAD_MAX_MB} MB) with 413 and a sentence`, async () => {
      // As a browser would: the head announces the size, the body starts to flow, and the
      // server answers at once and closes (so a client's write may fail: read the answer raw).
      const head = await makeExifJpeg();
      const size = head.length + UPLOAD_MAX_MB * 1024 * 1024;
      const conn = await connect(site.server.port);
      await conn.write(
        `POST /admin/gallery/upload HTTP/1.1\r\nHost: 127.0.0.1:${site.server.port}\r\nOrigin: ${site.server.url}\r\n` +
          `Cookie: ${site.admin.cookie}\r\nContent-Type: image/jpeg\r\nContent-Length: ${size}\r\n\r\n`,
      );
      conn.socket.write(head);
      await conn.waitFor("\r\n\r\n");
      await conn.closedPromise;
      const res = conn.firstResponse();
      expect(res.status).toBe(413);
      expect(res.headers.connection).toBe("close");
      expect(site.server.stderr()).toMatch(/"request refused".*"status":413/);
      expect(json<{ error: string }>(res).error).toMatch(/larger than 2 MB, the largest photo we accept/);
      expect((await site.get("/healthz", "")).status).toBe(200);
    });

    it("refuses anonymous and customer uploads, and uploads from another site; nothing is stored", async () => {
      const before = await countPhotos(site);
      const jpeg = await makeExifJpeg();
      const anonymous = await upload(site, jpeg, { cookie: "" });
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.location).toMatch(/^\/login\?redirectTo=/);
      const customer = await createTestAccount(site.target, { role: "customer" });
      expect((await upload(site, jpeg, { cookie: customer.cookie })).status).toBe(403);
      const foreign = await upload(site, jpeg, { headers: { origin: "https://evil.example" } });
      expect(foreign.status).toBe(403);
      expect(await countPhotos(site)).toBe(before);
      expect((await site.get("/admin/gallery/upload")).status).toBe(405);
    });

    it("publishing needs a description for people who can't see the photo; then it is published with its details", async () => {
      const res = await upload(site, await makeExifJpeg(), { query: "?category=bathroom" });
      const { photo } = json<{ photo: AdminPhoto }>(res);
      const noAlt = await site.post("/admin/gallery", {
        intent: "publish",
        photoId: photo.id,
        caption: "New shower",
        alt: "  ",
        category: "bathroom",
      });
      expect(noAlt.status).toBe(400);
      expect(noAlt.text).toContain("Please describe the photo for people who can&#x27;t see it.");
      const badCategory = await site.post("/admin/gallery", {
        intent: "publish",
        photoId: photo.id,
        caption: "",
        alt: "A shower",
        category: "garage",
      });
      expect(badCategory.status).toBe(400);
      const ok = await site.post("/admin/gallery", {
        intent: "publish",
        photoId: photo.id,
        caption: "New walk-in shower",
        alt: "Walk-in shower with grey tile",
        category: "bathroom",
      });
      expect(ok.status).toBe(302);
      expect(ok.headers.location).toBe(`/admin/gallery?done=published&photo=${photo.id}`);
      const page = await site.get(ok.headers.location as string);
      expect(statusLine(page.text)).toContain("Image uploaded successfully");
      const row = await site.db(({ db }) => db.selectFrom("photos").selectAll().where("id", "=", photo.id).executeTakeFirstOrThrow());
      expect(row).toMatchObject({
        status: "published",
        caption: "New walk-in shower",
        alt: "Walk-in shower with grey tile",
        category: "bathroom",
      });
    });

    it("deleting a photo removes every one of its files", async () => {
      const { photo } = json<{ photo: AdminPhoto }>(await upload(site, await twoTone(1400, 1000).jpeg().toBuffer()));
      const files = (await storedFiles(site)).filter((f) => f.includes(photo.id));
      expect(files.length).toBe(1 + 2 * 5); // master + AVIF and WebP at 320, 480, 640, 960, 1280
      const res = await site.post("/admin/gallery", { intent: "delete", photoId: photo.id, confirm: "yes" });
      expect(res.status).toBe(302);
      expect((await storedFiles(site)).filter((f) => f.includes(photo.id))).toEqual([]);
      expect((await getMedia(site, photo.master.url)).status).toBe(404);
      expect((await site.post("/admin/gallery", { intent: "delete", photoId: photo.id })).status).toBe(404);
    });
  });
}

function twoToneRaw(width: number, height: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const red = Math.floor(y / 90) % 2 === 0;
      pixels[i] = red ? 200 : 30;
      pixels[i + 1] = 40;
      pixels[i + 2] = red ? 30 : 200;
    }
  }
  return pixels;
}
