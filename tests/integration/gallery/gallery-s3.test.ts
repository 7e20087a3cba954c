/**
 * The gallery with STORAGE=s3 against a real S3 server (Ceph RGW in CI, scripts/ceph-rgw.sh):
 * an upload's files land in the bucket with their content type and immutable caching, /media
 * serves them from the bucket, deleting removes them all, and with PUBLIC_MEDIA_URL the pages
 * point at the bucket (or CDN) directly and the CSP allows it. docs/decisions/012-gallery.md
 */
import { HeadObjectCommand, PutBucketPolicyCommand } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, test } from "vitest";
import { makeExifJpeg } from "#scripts/make-image-fixtures.ts";
import type { AdminPhoto } from "#app/schemas/photo-view.ts";
import { serverOwnSqlite } from "#tests/support/databases.ts";
import { startAdminSite, type AdminSite } from "#tests/support/admin-site.ts";
import { request } from "#tests/support/server.ts";
import { S3_ENDPOINT, makeBucket } from "#tests/support/s3-bucket.ts";

async function upload(site: AdminSite, body: Buffer): Promise<AdminPhoto> {
  const res = await request(`${site.server.url}/admin/gallery/upload`, {
    method: "POST",
    headers: { origin: site.server.url, cookie: site.admin.cookie, "content-length": String(body.length) },
    body,
    timeoutMs: 60_000,
  });
  expect(res.status, res.text).toBe(201);
  return (JSON.parse(res.text) as { photo: AdminPhoto }).photo;
}

if (!S3_ENDPOINT) {
  console.warn("S3 gallery suite SKIPPED: set TEST_S3_ENDPOINT=http://127.0.0.1:7480 (scripts/ceph-rgw.sh start) to run it");
  test.skip("S3 gallery suite SKIPPED: set TEST_S3_ENDPOINT (scripts/ceph-rgw.sh starts one) to run it", () => {});
} else {
  const endpoint = S3_ENDPOINT;
  const s3 = makeBucket("gallery", endpoint);
  const { name: bucket, client: admin, keysUnder } = s3;
  const s3Env = { ...s3.env, S3_REGION: "us-east-1" };

  beforeAll(() => s3.create());
  afterAll(() => s3.remove());

  describe("gallery on S3, served through /media", () => {
    let site: AdminSite;
    beforeAll(async () => {
      site = await startAdminSite(serverOwnSqlite, s3Env);
    }, 60_000);
    afterAll(async () => {
      await site?.stop();
    });

    it("stores every file in the bucket with its type and immutable caching, serves it, and deletes it all", async () => {
      const photo = await upload(site, await makeExifJpeg());
      const keys = await keysUnder(`photos/${photo.id}/`);
      expect(keys.toSorted()).toEqual(
        [
          `photos/${photo.id}/v1/master-400.jpg`,
          `photos/${photo.id}/v1/display-320.avif`,
          `photos/${photo.id}/v1/display-320.webp`,
        ].toSorted(),
      );
      const head = await admin.send(new HeadObjectCommand({ Bucket: bucket, Key: `photos/${photo.id}/v1/display-320.avif` }));
      expect(head.ContentType).toBe("image/avif");
      expect(head.CacheControl).toBe("public, max-age=31536000, immutable");

      expect(photo.master.url).toBe(`/media/photos/${photo.id}/v1/master-400.jpg`);
      const served = await request(`${site.server.url}${photo.master.url}`);
      expect(served.status).toBe(200);
      expect(served.headers["content-type"]).toBe("image/jpeg");
      expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const meta = await sharp(served.body).metadata();
      expect([meta.width, meta.height, meta.exif]).toEqual([400, 600, undefined]);
      expect(served.body.toString("latin1")).not.toContain("FixturePhone");

      const deleted = await site.post("/admin/gallery", { intent: "delete", photoId: photo.id, confirm: "yes" });
      expect(deleted.status).toBe(302);
      expect(await keysUnder(`photos/${photo.id}/`)).toEqual([]);
      expect((await request(`${site.server.url}${photo.master.url}`)).status).toBe(404);
    });
  });

  describe("gallery on S3 with PUBLIC_MEDIA_URL", () => {
    let site: AdminSite;
    const publicBase = `${endpoint}/${bucket}`;
    beforeAll(async () => {
      // Anyone may read the photos straight from the bucket, as a public bucket or CDN would serve them.
      await admin.send(
        new PutBucketPolicyCommand({
          Bucket: bucket,
          Policy: JSON.stringify({
            Version: "2012-10-17",
            Statement: [
              {
                Effect: "Allow",
                Principal: "*",
                Action: ["s3:GetObject"],
                Resource: [`arn:aws:s3:::${bucket}/photos/*`],
              },
            ],
          }),
        }),
      );
      site = await startAdminSite(serverOwnSqlite, { ...s3Env, PUBLIC_MEDIA_URL: publicBase });
    }, 60_000);
    afterAll(async () => {
      await site?.stop();
    });

    it("pages point at the public base, which the browser may load images from", async () => {
      const photo = await upload(site, await makeExifJpeg());
      expect(photo.master.url).toBe(`${publicBase}/photos/${photo.id}/v1/master-400.jpg`);
      expect(photo.avif[0]?.url).toBe(`${publicBase}/photos/${photo.id}/v1/display-320.avif`);
      const direct = await fetch(photo.avif[0]!.url);
      expect(direct.status).toBe(200);
      expect(direct.headers.get("content-type")).toBe("image/avif");
      expect(direct.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");

      const page = await site.get("/admin/gallery");
      const csp = String(page.headers["content-security-policy"]);
      expect(csp).toMatch(new RegExp(`img-src [^;]*${new URL(endpoint).origin.replace(/[.:/]/g, "\\$&")}`));
    });
  });
}
