/**
 * Photos of the job sent with an estimate request, through the real server, on SQLite and
 * PostgreSQL: what is kept and what is refused (each with a sentence naming the file) while
 * the request itself is always stored; bad text stores nothing and leaves no file; the photos
 * are served to admins only, upright and without metadata, never under /media; deleting the
 * request deletes their files; files no row points at are removed after the grace period.
 * docs/decisions/025-job-photos.md
 */
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES_DIR, makeExifJpeg, twoTone } from "#scripts/make-image-fixtures.ts";
import { removeOrphanLeadPhotos } from "#app/server/leads/job-photos.server.ts";
import { createTestAccount, type TestAccount } from "#tests/support/accounts.ts";
import { openTestStorage } from "#tests/support/photos.ts";
import { databaseTargets } from "#tests/support/databases.ts";
import { setUpAdminSite, tearDownAdminSite, type AdminSite } from "#tests/support/admin-site.ts";
import { LEAD_ENV, SITE_URL, fetchUniqueFormToken, marker, validFields } from "#tests/support/leads.ts";
import { answerText, leadPhotoFiles, multipartBody, postWithPhotos, tempUploads, type PhotoFile } from "#tests/support/job-photos.ts";
import { request } from "#tests/support/server.ts";

const UPLOAD_MAX_MB = 1;

async function smallJpeg(seed: number): Promise<Buffer> {
  return twoTone(200 + seed, 150)
    .jpeg()
    .toBuffer();
}

/** Starts like a JPEG, so only its size can refuse it. */
function overTheLimit(): Buffer {
  const head = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
  return Buffer.concat([head, Buffer.alloc(UPLOAD_MAX_MB * 1024 * 1024 + 10_000, 7)]);
}

const PDF = Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n${"x".repeat(500)}\n%%EOF\n`);

for (const target of databaseTargets("lead_photos", "lead photos suite")) {
  describe(`photos of the job (${target.name})`, () => {
    let site: AdminSite;
    let customer: TestAccount;

    beforeAll(async () => {
      site = await setUpAdminSite(target, {
        ...LEAD_ENV,
        UPLOAD_MAX_MB: String(UPLOAD_MAX_MB),
        MAX_IMAGE_MEGAPIXELS: "50",
      });
      customer = await createTestAccount(site.target);
    }, 60_000);

    afterAll(() => tearDownAdminSite(target, site));

    async function send(mark: string, files: PhotoFile[], fields: Record<string, string> = {}) {
      const token = await fetchUniqueFormToken(site.server);
      return postWithPhotos(site.server, { ...validFields(mark), form_token: token, ...fields }, files, { data: true });
    }

    async function leadOf(mark: string) {
      return site.db(({ db }) => db.selectFrom("leads").selectAll().where("subject", "like", `%${mark}%`).execute());
    }

    async function photosOf(leadId: string) {
      return site.db(({ db }) => db.selectFrom("lead_photos").selectAll().where("lead_id", "=", leadId).orderBy("position").execute());
    }

    let kept: { leadId: string; photoIds: string[] } | null = null;

    it("keeps the good photos, refuses each bad one with a sentence naming it, and stores the request", async () => {
      const mark = marker("photos");
      const res = await send(mark, [
        { filename: "kitchen.jpg", data: await makeExifJpeg() },
        { filename: "quote.jpg", data: PDF },
        {
          filename: "huge.png",
          data: await readFile(path.join(FIXTURES_DIR, "bomb-20000x20000.png")),
          type: "image/png",
        },
        { filename: "empty.jpg", data: Buffer.alloc(0) },
        { filename: "too-big.jpg", data: overTheLimit() },
        {
          filename: "IMG_0042.HEIC",
          data: await readFile(path.join(FIXTURES_DIR, "photo-exif-gps.heic")),
          type: "image/heic",
        },
      ]);
      expect(res.status, res.text.slice(0, 300)).toBe(200);
      const text = answerText(res);
      expect(text).toContain("Message sent successfully");
      expect(text).toContain("“quote.jpg” was not kept: it is not a photo we can read.");
      expect(text).toContain("“huge.png” was not kept. This image is 20000 × 20000 pixels");
      expect(text).toContain("“empty.jpg” was not kept: the file is empty (0 bytes).");
      expect(text).toContain("“too-big.jpg” was not kept: it is larger than 1 MB");

      const [lead, ...others] = await leadOf(mark);
      expect(others).toHaveLength(0);
      const photos = await photosOf(lead!.id);
      expect(photos.map((p) => [p.position, p.file_name, p.source_type])).toEqual([
        [0, "kitchen.jpg", "jpeg"],
        [1, "IMG_0042.HEIC", "heic"],
      ]);
      // Upright: the JPEG is 600 × 400 stored with orientation 6.
      expect([photos[0]!.width, photos[0]!.height]).toEqual([400, 600]);
      // A large JPEG and a thumbnail each, under the private prefix; no temp file left.
      const files = await leadPhotoFiles(site.server.dataDir);
      expect(files.toSorted()).toEqual(
        photos
          .flatMap((p) => [p.master_key, (JSON.parse(p.variants) as { key: string }[])[0]!.key])
          .map((k) => k.slice("lead-photos/".length))
          .toSorted(),
      );
      expect(files).toHaveLength(4);
      expect(await tempUploads(site.server.dataDir)).toEqual([]);
      kept = { leadId: lead!.id, photoIds: photos.map((p) => p.id) };

      // The notification says how many photos came and links to the request's admin page.
      const job = await site.db(({ db }) =>
        db
          .selectFrom("email_jobs")
          .select("payload")
          .where("lead_id", "=", lead!.id)
          .where("kind", "=", "lead-notification")
          .executeTakeFirstOrThrow(),
      );
      const payload = JSON.parse(job.payload) as { text: string; html: string };
      expect(payload.text).toContain(
        `Photos: 2 (on the request's page)\nOpen the request: http://www.remodel.test/admin/leads/${lead!.id}\n`,
      );
      expect(payload.html).not.toContain("data:image");
    });

    it("keeps six photos and refuses the seventh, naming it", async () => {
      const mark = marker("seven");
      const files = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(async (n) => ({ filename: `room-${n}.jpg`, data: await smallJpeg(n) })));
      const res = await send(mark, files);
      expect(res.status).toBe(200);
      expect(answerText(res)).toContain("“room-7.jpg” was not kept: a request can carry 6 photos.");
      const [lead] = await leadOf(mark);
      expect((await photosOf(lead!.id)).map((p) => p.file_name)).toEqual(files.slice(0, 6).map((f) => f.filename));
    });

    it("bad text fields: 400 with the field errors, nothing stored, no photo file left behind", async () => {
      const before = await leadPhotoFiles(site.server.dataDir);
      const mark = marker("bad");
      const res = await send(mark, [{ filename: "kitchen.jpg", data: await smallJpeg(1) }], { email: "not-an-email" });
      expect(res.status).toBe(400);
      expect(answerText(res)).toContain("Please check the highlighted fields");
      expect(await leadOf(mark)).toHaveLength(0);
      expect(await leadPhotoFiles(site.server.dataDir)).toEqual(before);
      expect(await tempUploads(site.server.dataDir)).toEqual([]);
    });

    it("a body larger than six photos and the form is refused with 413 and a sentence", async () => {
      const { contentType } = multipartBody({}, []);
      const res = await request(`${site.server.url}/contact`, {
        method: "POST",
        headers: {
          origin: "http://www.remodel.test",
          host: "www.remodel.test",
          "content-type": contentType,
          "content-length": String(7 * UPLOAD_MAX_MB * 1024 * 1024),
        },
        body: Buffer.alloc(100),
      });
      expect(res.status).toBe(413);
      expect(res.text).toContain("you can send up to 6 photos of up to 1 MB each");
    });

    it("photos go to admins only, upright and without metadata, never under /media", async () => {
      expect(kept).not.toBeNull();
      const { leadId, photoIds } = kept!;
      const [jpegId, heicId] = photoIds as [string, string];
      const url = (photoId: string, size: string, lead = leadId) => `/admin/leads/${lead}/photos/${photoId}/${size}`;

      const page = await site.get(`/admin/leads/${leadId}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('alt="Photo 1 of 2 from Maria Gonzalez"');
      expect(page.text).toContain(`href="${url(heicId, "large")}"`);

      for (const photoId of photoIds) {
        for (const size of ["thumb", "large"]) {
          const res = await site.get(url(photoId, size));
          expect(res.status, url(photoId, size)).toBe(200);
          expect(res.headers["content-type"]).toBe(size === "large" ? "image/jpeg" : "image/webp");
          expect(res.headers["cache-control"]).toBe("private, no-store");
          expect(res.headers["x-content-type-options"]).toBe("nosniff");
          const meta = await sharp(res.body).metadata();
          expect(meta.exif, url(photoId, size)).toBeUndefined();
          expect(meta.xmp).toBeUndefined();
          expect(res.body.toString("latin1")).not.toContain("FixturePhone");
          if (photoId === jpegId) expect(meta.width!).toBeLessThan(meta.height!);
        }
      }

      // Nobody else: anonymous is sent to sign in, a customer is refused, a guess finds nothing.
      const anonymous = await site.get(url(jpegId, "large"), "");
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.location).toMatch(/^\/login/);
      const asCustomer = await site.get(url(jpegId, "large"), customer.cookie);
      expect(asCustomer.status).toBe(403);
      expect(asCustomer.headers["content-type"]).not.toMatch(/^image\//);
      for (const guess of [url(randomUUID(), "large"), url(jpegId, "original"), url(jpegId, "large", randomUUID()), url("1", "thumb")]) {
        const res = await site.get(guess);
        expect(res.status, guess).toBe(404);
        expect(res.headers["content-type"]).not.toMatch(/^image\//);
      }
      const row = (await photosOf(leadId))[0]!;
      for (const media of [`/media/${row.master_key}`, `/media/lead-photos/${jpegId}/large-400.jpg`]) {
        expect((await site.get(media, "")).status, media).toBe(404);
        expect((await site.get(media)).status, media).toBe(404);
      }
      expect((await site.get("/sitemap.xml", "")).text).not.toContain("lead-photos");
    });

    it("deleting the request deletes its photos' rows and files", async () => {
      const mark = marker("delete");
      await send(mark, [
        { filename: "a.jpg", data: await smallJpeg(1) },
        { filename: "b.jpg", data: await smallJpeg(2) },
      ]);
      const [lead] = await leadOf(mark);
      const photos = await photosOf(lead!.id);
      expect(photos).toHaveLength(2);
      const ownFiles = (files: string[]) => files.filter((f) => photos.some((p) => f.startsWith(`${p.id}/`)));
      expect(ownFiles(await leadPhotoFiles(site.server.dataDir))).toHaveLength(4);
      const others = (await leadPhotoFiles(site.server.dataDir)).length - 4;

      // As a browser on the site's public address (PUBLIC_URL) sends it.
      const res = await site.post(
        `/admin/leads/${lead!.id}`,
        { intent: "delete", confirm: "yes" },
        { headers: { origin: SITE_URL, host: new URL(SITE_URL).host } },
      );
      expect(res.status).toBe(302);
      expect(await photosOf(lead!.id)).toHaveLength(0);
      expect(ownFiles(await leadPhotoFiles(site.server.dataDir))).toEqual([]);
      expect(await leadPhotoFiles(site.server.dataDir)).toHaveLength(others);
      expect((await site.get(`/admin/leads/${lead!.id}/photos/${photos[0]!.id}/large`)).status).toBe(404);
    });

    it("housekeeping removes files no row points at once the grace period is over, and only those", async () => {
      const store = await openTestStorage(site.server.dataDir);
      try {
        const orphan = randomUUID();
        await store.put(`lead-photos/${orphan}/large-10.jpg`, await smallJpeg(3));
        const before = await leadPhotoFiles(site.server.dataDir);
        const young = await site.db(({ db }) => removeOrphanLeadPhotos({ db, blobStore: store }));
        expect(young).toBe(0);
        const removed = await site.db(({ db }) => removeOrphanLeadPhotos({ db, blobStore: store, now: Date.now() + 7 * 3600 * 1000 }));
        expect(removed).toBe(1);
        expect(await leadPhotoFiles(site.server.dataDir)).toEqual(before.filter((f) => !f.startsWith(orphan)));
        // The kept request's photos are still there.
        expect((await site.get(`/admin/leads/${kept!.leadId}/photos/${kept!.photoIds[0]}/thumb`)).status).toBe(200);
      } finally {
        await store.close();
      }
    });
  });
}
