/**
 * The upload streams: a 200 MB upload goes to a temp file piece by piece, so the server's peak
 * memory (VmHWM, the high-water mark of its resident set) grows by far less than the file. A
 * resource budget, read from /proc, not a timing. docs/decisions/012-gallery.md
 *
 * Measured here: the growth levels off at about 70 MB whatever the size (5 MB: 15 MB, 30 MB:
 * 48 MB, 60 MB: 60 MB, 120 MB: 71 MB, 240 MB: 69 MB): socket buffers already written to disk
 * wait for the garbage collector, which V8 runs once enough of them pile up. Reading the body
 * into memory instead would grow it by the whole file.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeExifJpeg } from "#scripts/make-image-fixtures.ts";
import { serverOwnSqlite } from "#tests/support/databases.ts";
import { startAdminSite, type AdminSite } from "#tests/support/admin-site.ts";
import { request } from "#tests/support/server.ts";
import { peakRss } from "#tests/support/processes.ts";

const MiB = 1024 * 1024;

describe("a large upload streams to disk", () => {
  let site: AdminSite;

  beforeAll(async () => {
    site = await startAdminSite(serverOwnSqlite, { UPLOAD_MAX_MB: "500" });
  }, 60_000);

  afterAll(async () => {
    await site?.stop();
  });

  it("a 200 MB photo file raises the server's peak memory by less than 100 MB", async () => {
    // A real JPEG followed by 200 MB of padding: decoders stop at the end-of-image marker, so
    // it is a valid photo of any size we like, as a camera file with a huge trailer would be.
    const jpeg = await makeExifJpeg();
    const total = 200 * MiB;
    const padding = Buffer.alloc(MiB, 0x20);
    // Warm up the upload path once, so the first-use cost of loading sharp is not counted.
    const warm = await request(`${site.server.url}/admin/gallery/upload`, {
      method: "POST",
      headers: { origin: site.server.url, cookie: site.admin.cookie, "content-length": String(jpeg.length) },
      body: jpeg,
    });
    expect(warm.status).toBe(201);
    const before = await peakRss(site.server.pid);

    const { request: httpRequest } = await import("node:http");
    const url = new URL(`${site.server.url}/admin/gallery/upload`);
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: "POST",
          headers: { origin: site.server.url, cookie: site.admin.cookie, "content-length": String(total) },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      // Written piece by piece, as a browser sends a file, without holding 200 MB here either.
      let sent = 0;
      const writeMore = () => {
        while (sent < total) {
          const chunk = sent === 0 ? jpeg : padding.subarray(0, Math.min(MiB, total - sent));
          sent += chunk.length;
          if (!req.write(chunk)) {
            req.once("drain", writeMore);
            return;
          }
        }
        req.end();
      };
      writeMore();
    });
    expect(status).toBe(201);
    const after = await peakRss(site.server.pid);
    expect(after - before).toBeLessThan(100 * MiB);
  }, 120_000);
});
