/**
 * Photos of the job with STORAGE=s3 against a real S3 server (Ceph RGW, scripts/ceph-rgw.sh):
 * their files land in the bucket under the private prefix, marked not to be cached, served to
 * the admin by the app and never by /media; deleting the request deletes them from the bucket.
 */
import { HeadObjectCommand } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, test } from "vitest";
import { makeExifJpeg, twoTone } from "#scripts/make-image-fixtures.ts";
import { serverOwnSqlite } from "#tests/support/databases.ts";
import { startAdminSite, type AdminSite } from "#tests/support/admin-site.ts";
import { LEAD_ENV, SITE_URL, fetchUniqueFormToken, marker, validFields } from "#tests/support/leads.ts";
import { postWithPhotos } from "#tests/support/job-photos.ts";
import { S3_ENDPOINT, makeBucket } from "#tests/support/s3-bucket.ts";

if (!S3_ENDPOINT) {
  console.warn("S3 lead photos suite SKIPPED: set TEST_S3_ENDPOINT=http://127.0.0.1:7480 (scripts/ceph-rgw.sh start) to run it");
  test.skip("S3 lead photos suite SKIPPED: set TEST_S3_ENDPOINT (scripts/ceph-rgw.sh starts one) to run it", () => {});
} else {
  const endpoint = S3_ENDPOINT;
  const s3 = makeBucket("leadphotos", endpoint);
  const { name: bucket, client: admin, keysUnder } = s3;

  describe("photos of the job on S3", () => {
    let site: AdminSite;

    beforeAll(async () => {
      await s3.create();
      site = await startAdminSite(serverOwnSqlite, { ...LEAD_ENV, ...s3.env, S3_REGION: "us-east-1" });
    }, 60_000);

    afterAll(async () => {
      await site?.stop();
      await s3.remove();
    });

    it("stores them under lead-photos/, serves them to the admin only, and deletes them with the request", async () => {
      const mark = marker("s3photos");
      const res = await postWithPhotos(
        site.server,
        { ...validFields(mark), form_token: await fetchUniqueFormToken(site.server) },
        [
          { filename: "roof.jpg", data: await makeExifJpeg() },
          { filename: "gutter.png", data: await twoTone(500, 400).png().toBuffer(), type: "image/png" },
        ],
        { data: true },
      );
      expect(res.status).toBe(200);
      const lead = await site.db(({ db }) =>
        db.selectFrom("leads").select("id").where("subject", "like", `%${mark}%`).executeTakeFirstOrThrow(),
      );
      const photos = await site.db(({ db }) => db.selectFrom("lead_photos").selectAll().where("lead_id", "=", lead.id).execute());
      expect(photos).toHaveLength(2);
      const keys = await keysUnder("lead-photos/");
      expect(keys).toHaveLength(4);
      expect(keys).toContain(photos[0]!.master_key);
      const head = await admin.send(new HeadObjectCommand({ Bucket: bucket, Key: photos[0]!.master_key }));
      expect(head.CacheControl).toBe("private, no-store");
      expect(head.ContentType).toBe("image/jpeg");

      const served = await site.get(`/admin/leads/${lead.id}/photos/${photos[0]!.id}/large`);
      expect(served.status).toBe(200);
      expect((await sharp(served.body).metadata()).exif).toBeUndefined();
      expect((await site.get(`/media/${photos[0]!.master_key}`)).status).toBe(404);
      expect((await site.get(`/admin/leads/${lead.id}/photos/${photos[0]!.id}/large`, "")).status).toBe(302);

      const deleted = await site.post(
        `/admin/leads/${lead.id}`,
        { intent: "delete", confirm: "yes" },
        { headers: { origin: SITE_URL, host: new URL(SITE_URL).host } },
      );
      expect(deleted.status).toBe(302);
      expect(await keysUnder("lead-photos/")).toEqual([]);
    });
  });
}
