import { describe, expect, test } from "vitest";
import { MultipartError, multipartBoundary, readMultipart, type PartInfo } from "#app/server/multipart.server.ts";

const BOUNDARY = "----formboundaryABC123";

function body(parts: { headers: string; data: Buffer | string }[], boundary = BOUNDARY): Buffer {
  const out: Buffer[] = [Buffer.from("preamble to ignore\r\n")];
  for (const part of parts) out.push(Buffer.from(`--${boundary}\r\n${part.headers}\r\n\r\n`), Buffer.from(part.data), Buffer.from("\r\n"));
  out.push(Buffer.from(`--${boundary}--\r\nepilogue`));
  return Buffer.concat(out);
}

/** A stream giving `bytes` in chunks of `size` (the reader must not care where they split). */
function streamOf(bytes: Buffer, size: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) controller.close();
      else {
        controller.enqueue(new Uint8Array(bytes.subarray(at, at + size)));
        at += size;
      }
    },
  });
}

async function collect(bytes: Buffer, chunk: number, options: { maxBytes?: number; maxParts?: number } = {}) {
  const parts: (PartInfo & { data: Buffer })[] = [];
  await readMultipart(streamOf(bytes, chunk), BOUNDARY, {
    maxBytes: options.maxBytes ?? 10_000_000,
    maxParts: options.maxParts,
    onPart(info) {
      const chunks: Buffer[] = [];
      return {
        write: (c) => void chunks.push(Buffer.from(c)),
        end: () => void parts.push({ ...info, data: Buffer.concat(chunks) }),
      };
    },
  });
  return parts;
}

describe("readMultipart", () => {
  // Bytes that look like a boundary's start, and a CR LF, inside a file.
  const binary = Buffer.concat([
    Buffer.from([0xff, 0xd8, 0x0d, 0x0a, 0x2d, 0x2d]),
    Buffer.from(`\r\n--${BOUNDARY.slice(0, 10)}`),
    Buffer.alloc(300, 9),
  ]);
  const sample = body([
    { headers: 'Content-Disposition: form-data; name="from_name"', data: "María José" },
    { headers: 'Content-Disposition: form-data; name="message"', data: "line 1\r\nline 2" },
    {
      headers: 'Content-Disposition: form-data; name="photos"; filename="IMG 1.jpg"\r\nContent-Type: image/jpeg',
      data: binary,
    },
    {
      headers: 'Content-Disposition: form-data; name="photos"; filename=""\r\nContent-Type: application/octet-stream',
      data: "",
    },
  ]);

  test.each([1, 2, 3, 7, 64, 100_000])("gives the same parts whatever the chunk size (%i bytes)", async (chunk) => {
    const parts = await collect(sample, chunk);
    expect(parts.map((p) => [p.name, p.filename, p.contentType])).toEqual([
      ["from_name", null, null],
      ["message", null, null],
      ["photos", "IMG 1.jpg", "image/jpeg"],
      ["photos", "", "application/octet-stream"],
    ]);
    expect(parts[0]!.data.toString("utf8")).toBe("María José");
    expect(parts[1]!.data.toString("utf8")).toBe("line 1\r\nline 2");
    expect(parts[2]!.data.equals(binary)).toBe(true);
    expect(parts[3]!.data.length).toBe(0);
  });

  test("refuses a body over maxBytes, a truncated body, too many parts, and a part without a name", async () => {
    await expect(collect(sample, 50, { maxBytes: 100 })).rejects.toMatchObject({ problem: "too-large" });
    await expect(collect(sample.subarray(0, sample.length - 30), 50)).rejects.toMatchObject({ problem: "malformed" });
    await expect(collect(sample, 50, { maxParts: 2 })).rejects.toBeInstanceOf(MultipartError);
    const nameless = body([{ headers: "Content-Disposition: form-data", data: "x" }]);
    await expect(collect(nameless, 10)).rejects.toMatchObject({ problem: "malformed" });
  });

  test("reads the boundary from the Content-Type, quoted or not", () => {
    expect(multipartBoundary(`multipart/form-data; boundary=${BOUNDARY}`)).toBe(BOUNDARY);
    expect(multipartBoundary('multipart/form-data; charset=utf-8; boundary="a b"')).toBe("a b");
    expect(multipartBoundary("multipart/form-data")).toBeNull();
    expect(multipartBoundary("application/x-www-form-urlencoded")).toBeNull();
    expect(multipartBoundary(`multipart/form-data; boundary=${"x".repeat(71)}`)).toBeNull();
  });
});
