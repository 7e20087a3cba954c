/**
 * Heavy photos do not queue everyone (issue 22, item 4), through the real server on SQLite and
 * PostgreSQL: three anonymous requests from three addresses, each with six 49-megapixel PNGs
 * (150 KB each on the wire), are stored at once, before their photos are converted; while they
 * are converted, a homeowner's request with one phone photo is answered with it kept, before the
 * heavy ones are done; photos past a request's pixel budget, or past the queue's cap, are not
 * kept, each with its sentence, and the request is stored all the same.
 * docs/decisions/045-image-queue.md
 *
 * Only orderings are asserted (answered while others are still being converted), never a time.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { twoTone } from "#scripts/make-image-fixtures.ts";
import { makePhoneJpeg } from "#tests/support/phone-photo.ts";
import { databaseTargets } from "#tests/support/databases.ts";
import { startAdminSite, type AdminSite } from "#tests/support/admin-site.ts";
import { LEAD_ENV, fetchUniqueFormToken, marker, validFields, waitUntil } from "#tests/support/leads.ts";
import { answerText, postWithPhotos, type PhotoFile } from "#tests/support/job-photos.ts";

const HEAVY_SIDE = 7000;
/** 200 MP: four of the six 49 MP photos fit, the fifth and sixth do not. */
const BUDGET_MEGAPIXELS = 200;

let heavyPng: Buffer;
let phoneJpeg: Buffer;

beforeAll(async () => {
  // Flat colour: 49 megapixels to decode, 150 KB to send.
  heavyPng = await sharp({ create: { width: HEAVY_SIDE, height: HEAVY_SIDE, channels: 3, background: "#8899aa" } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  phoneJpeg = await makePhoneJpeg();
}, 60_000);

const heavyFiles = (tag: string): PhotoFile[] =>
  Array.from({ length: 6 }, (_, i) => ({ filename: `${tag}-${i + 1}.png`, data: heavyPng, type: "image/png" }));

for (const target of databaseTargets("faults_images", "image queue fault suite")) {
  describe(`image work is bounded (${target.name})`, () => {
    beforeAll(async () => {
      await target.setup();
    });

    afterAll(async () => {
      await target.teardown();
    });

    describe("heavy photos", () => {
      let site: AdminSite;

      beforeAll(async () => {
        site = await startAdminSite(target, {
          ...LEAD_ENV,
          // Each request comes from the address its X-Forwarded-For names, as behind the deploy's nginx.
          TRUST_PROXY: "1",
          IMAGE_CONCURRENCY: "1",
          IMAGE_QUEUE_MAX_MEGAPIXELS: "1000",
          ESTIMATE_PHOTOS_MAX_MEGAPIXELS: String(BUDGET_MEGAPIXELS),
        });
      }, 60_000);

      afterAll(async () => {
        await site?.stop();
      });

      async function send(mark: string, files: PhotoFile[], address: string) {
        const token = await fetchUniqueFormToken(site.server);
        return postWithPhotos(site.server, { ...validFields(mark), form_token: token }, files, {
          data: true,
          headers: { "x-forwarded-for": address },
          timeoutMs: 120_000,
        });
      }

      const leadsMarked = (marks: string[]) =>
        site.db(({ db }) =>
          db
            .selectFrom("leads")
            .select(["id", "subject"])
            .where((eb) => eb.or(marks.map((mark) => eb("subject", "like", `%${mark}%`))))
            .execute(),
        );
      const photoRows = (leadIds: string[]) =>
        site.db(({ db }) => db.selectFrom("lead_photos").select(["lead_id", "file_name"]).where("lead_id", "in", leadIds).execute());
      const notifications = (leadIds: string[]) =>
        site.db(({ db }) =>
          db
            .selectFrom("email_jobs")
            .select(["lead_id", "status", "created_at", "next_attempt_at", "payload"])
            .where("lead_id", "in", leadIds)
            .where("kind", "=", "lead-notification")
            .execute(),
        );

      it("stores three heavy requests at once, and answers a homeowner's one photo while theirs are still being converted", async () => {
        const heavyMarks = [1, 2, 3].map((n) => marker(`heavy${n}`));
        const answered: string[] = [];
        const heavy = heavyMarks.map((mark, i) =>
          send(mark, heavyFiles(`heavy${i + 1}`), `203.0.113.${i + 1}`).then((res) => {
            answered.push(mark);
            return res;
          }),
        );

        // The three leads are in the database while their photos are still in the queue: no answer
        // yet, no photo row, and the notification held until the photos are counted.
        let leads: { id: string; subject: string }[] = [];
        await waitUntil(async () => (leads = await leadsMarked(heavyMarks)).length === 3, 60_000, "the three heavy leads stored");
        const heavyIds = leads.map((lead) => lead.id);
        expect(answered).toEqual([]);
        expect(await photoRows(heavyIds)).toEqual([]);
        const held = await notifications(heavyIds);
        expect(held).toHaveLength(3);
        for (const job of held) {
          expect(job.status).toBe("pending");
          expect(Date.parse(job.next_attempt_at)).toBeGreaterThan(Date.parse(job.created_at));
        }

        // A homeowner with one phone photo (12 MP), from another address.
        const homeMark = marker("homeowner");
        const home = await send(homeMark, [{ filename: "kitchen.jpg", data: phoneJpeg }], "198.51.100.7");
        // Answered while at least one heavy request is still being converted.
        expect(answered.length).toBeLessThan(3);
        expect(home.status).toBe(200);
        expect(answerText(home)).toContain("Message sent successfully");
        expect(answerText(home)).not.toContain("was not kept");
        const [homeLead] = await leadsMarked([homeMark]);
        expect((await photoRows([homeLead!.id])).map((row) => row.file_name)).toEqual(["kitchen.jpg"]);

        // Each heavy request keeps the four photos its budget holds; the fifth and sixth get a sentence.
        for (const [i, res] of (await Promise.all(heavy)).entries()) {
          expect(res.status).toBe(200);
          const text = answerText(res);
          expect(text).toContain("Message sent successfully");
          for (const n of [5, 6]) {
            expect(text).toContain(
              `“heavy${i + 1}-${n}.png” was not kept: with the photos before it, it is more than the ${BUDGET_MEGAPIXELS} megapixels a request can carry. Please send it by replying to our email.`,
            );
          }
        }
        const rows = await photoRows(heavyIds);
        for (const id of heavyIds) expect(rows.filter((row) => row.lead_id === id)).toHaveLength(4);
        // The notifications now count the photos, and are due.
        for (const job of await notifications(heavyIds)) {
          expect(job.payload).toContain("Photos: 4 (on the request's page)");
          expect(Date.parse(job.next_attempt_at)).toBeLessThanOrEqual(Date.now());
        }
      }, 180_000);
    });

    describe("a full image queue", () => {
      let site: AdminSite;

      beforeAll(async () => {
        // Room for one 49 MP photo: a second one waiting would pass the cap.
        site = await startAdminSite(target, { ...LEAD_ENV, IMAGE_CONCURRENCY: "1", IMAGE_QUEUE_MAX_MEGAPIXELS: "60" });
      }, 60_000);

      afterAll(async () => {
        await site?.stop();
      });

      it("a photo the queue has no room for is not kept, with a sentence; the request and its other photo are", async () => {
        const mark = marker("full");
        const token = await fetchUniqueFormToken(site.server);
        const res = await postWithPhotos(
          site.server,
          { ...validFields(mark), form_token: token },
          [
            { filename: "first.png", data: heavyPng, type: "image/png" },
            { filename: "second.png", data: heavyPng, type: "image/png" },
          ],
          { data: true, timeoutMs: 120_000 },
        );
        expect(res.status).toBe(200);
        const text = answerText(res);
        expect(text).toContain("Message sent successfully");
        expect(text).toContain(
          "“second.png” could not be prepared just now: we are busy with many photos. Please send it by replying to our email.",
        );
        const lead = await site.db(({ db }) =>
          db.selectFrom("leads").select("id").where("subject", "like", `%${mark}%`).executeTakeFirstOrThrow(),
        );
        const rows = await site.db(({ db }) => db.selectFrom("lead_photos").select("file_name").where("lead_id", "=", lead.id).execute());
        expect(rows.map((row) => row.file_name)).toEqual(["first.png"]);
      }, 120_000);

      it("a request whose only photo turns out damaged when converted: stored, told, and its notification not left held", async () => {
        const mark = marker("damaged");
        const token = await fetchUniqueFormToken(site.server);
        // The header is whole (so the budget counts it), the pixels are cut off.
        const jpeg = await twoTone(800, 600).jpeg().toBuffer();
        const res = await postWithPhotos(
          site.server,
          { ...validFields(mark), form_token: token },
          [{ filename: "cut.jpg", data: jpeg.subarray(0, Math.floor(jpeg.length / 2)) }],
          { data: true },
        );
        expect(res.status).toBe(200);
        expect(answerText(res)).toContain("“cut.jpg” was not kept. This image is damaged or incomplete");
        const job = await site.db(({ db }) =>
          db
            .selectFrom("email_jobs")
            .innerJoin("leads", "leads.id", "email_jobs.lead_id")
            .select(["email_jobs.next_attempt_at", "email_jobs.payload"])
            .where("leads.subject", "like", `%${mark}%`)
            .where("email_jobs.kind", "=", "lead-notification")
            .executeTakeFirstOrThrow(),
        );
        expect(job.payload).toContain("Photos: none");
        expect(Date.parse(job.next_attempt_at)).toBeLessThanOrEqual(Date.now());
      });
    });
  });
}
