/**
 * Photos of the job stream to disk: a request carrying a 180 MB photo file raises the server's
 * peak memory (VmHWM) by far less than the file, as the gallery's upload does
 * (gallery-memory.test.ts). A resource budget read from /proc, not a timing. The rise that remains
 * (about 65–90 MB, whatever the file's size) is the request's chunks waiting for the garbage
 * collector; with a 90 MB file the margin was too thin on a busy machine, so the file is twice
 * that and the budget stays well under it.
 */
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeExifJpeg } from "#scripts/make-image-fixtures.ts";
import { LEAD_ENV, SITE_URL, fetchUniqueFormToken, marker, validFields } from "#tests/support/leads.ts";
import { answerText, multipartBody, postWithPhotos } from "#tests/support/job-photos.ts";
import { startServer, type ServerProcess } from "#tests/support/server.ts";
import { peakRss } from "#tests/support/processes.ts";

const MiB = 1024 * 1024;

/** The body in pieces, as a browser sends a file: never all of it in memory here either. */
function* pieces(head: Buffer, jpeg: Buffer, padding: Buffer, fileBytes: number, tail: Buffer) {
  yield head;
  yield jpeg;
  let sent = jpeg.length;
  while (sent < fileBytes) {
    const chunk = padding.subarray(0, Math.min(MiB, fileBytes - sent));
    sent += chunk.length;
    yield chunk;
  }
  yield tail;
}

describe("a large photo of the job streams to disk", () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServer({ env: { ...LEAD_ENV, UPLOAD_MAX_MB: "200" } });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("a request with a 180 MB photo file raises the server's peak memory by less than 120 MB (so it never holds the file)", async () => {
    const jpeg = await makeExifJpeg();
    // Warm up: the first photo loads the image library.
    const warm = await postWithPhotos(
      server,
      { ...validFields(marker("warm")), form_token: await fetchUniqueFormToken(server) },
      [{ filename: "warm.jpg", data: jpeg }],
      { data: true },
    );
    expect(warm.status).toBe(200);
    const before = await peakRss(server.pid);

    // A real JPEG followed by padding: decoders stop at its end-of-image marker.
    const fileBytes = 180 * MiB;
    const { body: frame, contentType } = multipartBody({ ...validFields(marker("big")), form_token: await fetchUniqueFormToken(server) }, [
      { filename: "big.jpg", data: Buffer.from("@@FILE@@") },
    ]);
    const at = frame.indexOf("@@FILE@@");
    const head = frame.subarray(0, at);
    const tail = frame.subarray(at + "@@FILE@@".length);
    const total = head.length + fileBytes + tail.length;
    const padding = Buffer.alloc(MiB, 0x20);
    const url = new URL(`${server.url}/contact.data`);
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: "POST",
          headers: {
            host: new URL(SITE_URL).host,
            origin: SITE_URL,
            "content-type": contentType,
            "content-length": String(total),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
        },
      );
      req.on("error", reject);
      const iterator = pieces(head, jpeg, padding, fileBytes, tail);
      const writeMore = () => {
        for (let next = iterator.next(); !next.done; next = iterator.next()) {
          if (!req.write(next.value)) {
            req.once("drain", writeMore);
            return;
          }
        }
        req.end();
      };
      writeMore();
    });
    expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    expect(answerText({ status: answer.status, text: answer.text, headers: {}, body: Buffer.alloc(0) })).toContain(
      "Message sent successfully",
    );
    expect(answer.text).not.toContain("was not kept");
    const after = await peakRss(server.pid);
    expect(after - before).toBeLessThan(120 * MiB);
  }, 120_000);
});
