import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_MAX_PIXELS,
  ImageRejectedError,
  PLACEHOLDER_WIDTH,
  processImage,
  readImageSize,
  VARIANT_WIDTHS,
  variantWidths,
} from "#app/server/images/pipeline.server.ts";

function pngChunk(typeName: string, data: Buffer): Buffer {
  const type = Buffer.from(typeName);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  type.copy(out, 4);
  data.copy(out, 8);
  out.writeUInt32BE(crc32(Buffer.concat([type, data])), 8 + data.length);
  return out;
}

/** A PNG whose header claims `width` × `height` but whose data is one kilobyte of zeros: a bomb's header without the bomb. */
function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(Buffer.alloc(1000))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A real 8 × 8 JPEG whose frame header (SOF) is edited to claim `width` × `height`. */
async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#777" } })
    .jpeg()
    .toBuffer();
  for (let i = 2; i < jpeg.length - 9; i++) {
    if (jpeg[i] === 0xff && (jpeg[i + 1] === 0xc0 || jpeg[i + 1] === 0xc2)) {
      jpeg.writeUInt16BE(height, i + 5);
      jpeg.writeUInt16BE(width, i + 7);
      return jpeg;
    }
  }
  throw new Error("no SOF marker");
}

async function rejection(promise: Promise<unknown>): Promise<ImageRejectedError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageRejectedError);
  return error as ImageRejectedError;
}

const solid = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 40, g: 120, b: 200, alpha: 0.5 } } });

describe("variantWidths", () => {
  it("never upscales", () => {
    expect(variantWidths(800)).toEqual([320, 480, 640]);
    expect(variantWidths(640)).toEqual([320, 480, 640]);
    expect(variantWidths(479)).toEqual([320]);
    expect(variantWidths(480)).toEqual([320, 480]);
    expect(variantWidths(1919)).toEqual([320, 480, 640, 960, 1280]);
    expect(variantWidths(4000)).toEqual([...VARIANT_WIDTHS]);
    expect(variantWidths(2560)).toEqual([320, 480, 640, 960, 1280, 1920]);
  });

  it("gives a photo narrower than the smallest width one variant at its own width", () => {
    expect(variantWidths(200)).toEqual([200]);
    expect(variantWidths(1)).toEqual([1]);
  });

  it("takes other widths, sorted and without duplicates", () => {
    expect(variantWidths(1000, [800, 400, 400, 1200])).toEqual([400, 800]);
  });
});

describe("processImage refuses", () => {
  it("files that are not a supported image, with a readable message", async () => {
    for (const input of [
      Buffer.from("just some text\n"),
      Buffer.from("%PDF-1.4\n"),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.alloc(0),
    ]) {
      const error = await rejection(processImage(input));
      expect(error.reason).toBe("unsupported-type");
      expect(error.message).toMatch(/JPEG, PNG, WebP, AVIF, GIF or HEIC/);
    }
  });

  it("garbage behind a valid magic number as corrupt", async () => {
    const garbage = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from(Array.from({ length: 2000 }, (_, i) => (i * 73) % 256)),
    ]);
    const error = await rejection(processImage(garbage));
    expect(error.reason).toBe("corrupt");
    expect(error.message).toMatch(/damaged or incomplete/);
  });

  it("a truncated JPEG as corrupt", async () => {
    const jpeg = await sharp({
      create: {
        width: 300,
        height: 300,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    const error = await rejection(processImage(jpeg.subarray(0, Math.floor(jpeg.length / 2))));
    expect(error.reason).toBe("corrupt");
  });

  it("a PNG header claiming 100000 × 100000 pixels, from the header alone (its data would not decode)", async () => {
    const error = await rejection(processImage(pngClaiming(100_000, 100_000)));
    expect(error.reason).toBe("too-many-pixels");
    expect(error.message).toMatch(/100000 × 100000 pixels \(10000 megapixels\); the most we accept is 50 megapixels/);
  });

  it("a JPEG whose frame header claims 60000 × 60000 pixels", async () => {
    const error = await rejection(processImage(await jpegClaiming(60_000, 60_000)));
    expect(error.reason).toBe("too-many-pixels");
  });

  it("anything above a configured maxPixels, and accepts it at the limit", async () => {
    const png = await solid(100, 50).png().toBuffer();
    expect((await rejection(processImage(png, { maxPixels: 4999 }))).reason).toBe("too-many-pixels");
    await expect(processImage(png, { maxPixels: 5000 })).resolves.toMatchObject({ width: 100, height: 50 });
    expect(DEFAULT_MAX_PIXELS).toBe(50_000_000);
  });
});

describe("processImage outputs", () => {
  it("a photo narrower than 320 px gets one variant per format at its own width", async () => {
    const result = await processImage(await solid(200, 100).jpeg().toBuffer());
    expect(result.variants.map((v) => [v.format, v.width, v.height])).toEqual([
      ["avif", 200, 100],
      ["webp", 200, 100],
    ]);
  });

  it("an 800 px wide photo gets 320, 480 and 640 in AVIF and WebP, and a master at its own size", async () => {
    const result = await processImage(await solid(800, 600).png().toBuffer());
    expect(result.variants.map((v) => `${v.format}-${v.width}x${v.height}`)).toEqual([
      "avif-320x240",
      "webp-320x240",
      "avif-480x360",
      "webp-480x360",
      "avif-640x480",
      "webp-640x480",
    ]);
    expect(result.master).toMatchObject({ format: "jpeg", width: 800, height: 600 });
    expect(result.sourceType).toBe("png");
  });

  it("caps the master at 2560 px on the longer side, tall or wide", async () => {
    const wide = await processImage(await solid(3000, 1000).jpeg().toBuffer());
    expect([wide.width, wide.height]).toEqual([3000, 1000]);
    expect([wide.master.width, wide.master.height]).toEqual([2560, 853]);
    expect(wide.variants.at(-1)).toMatchObject({ width: 1920, height: 640 });
    const tall = await processImage(await solid(1000, 3000).jpeg().toBuffer(), { masterMaxSide: 1500 });
    expect([tall.master.width, tall.master.height]).toEqual([500, 1500]);
    expect(tall.variants.map((v) => v.width)).toEqual([320, 320, 480, 480]);
  });

  it("flattens transparency onto white in the JPEG master and keeps it in the variants", async () => {
    const result = await processImage(await solid(400, 400, 4).png().toBuffer());
    const master = await sharp(result.master.buffer).metadata();
    expect(master.hasAlpha).toBe(false);
    const webp = result.variants.find((v) => v.format === "webp");
    expect((await sharp(webp?.buffer).metadata()).hasAlpha).toBe(true);
  });

  it("accepts 16-bit greyscale PNG, greyscale with alpha and CMYK JPEG, and outputs 8-bit sRGB", async () => {
    const grey16 = await solid(400, 300).toColourspace("grey16").png().toBuffer();
    const greyAlpha = await solid(400, 300, 4).toColourspace("b-w").png().toBuffer();
    const cmyk = await solid(400, 300).toColourspace("cmyk").jpeg().toBuffer();
    expect((await sharp(grey16).metadata()).depth).toBe("ushort");
    expect((await sharp(cmyk).metadata()).space).toBe("cmyk");
    for (const input of [grey16, greyAlpha, cmyk]) {
      const result = await processImage(input);
      for (const encoded of [result.master.buffer, ...result.variants.map((v) => v.buffer)]) {
        const meta = await sharp(encoded).metadata();
        expect(meta.space).toBe("srgb");
        expect(meta.depth).toBe("uchar");
      }
    }
  });

  it("makes a tiny WebP data URL placeholder", async () => {
    const result = await processImage(await solid(1200, 900).jpeg().toBuffer());
    expect(result.placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/]+=*$/);
    expect(result.placeholder.length).toBeLessThan(400);
    const bytes = Buffer.from(result.placeholder.split(",")[1] ?? "", "base64");
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width: PLACEHOLDER_WIDTH, height: 12 });
    // A very tall photo's placeholder stays within 16 × 16.
    const tall = await processImage(await solid(40, 4000).png().toBuffer());
    const tallBytes = Buffer.from(tall.placeholder.split(",")[1] ?? "", "base64");
    const tallMeta = await sharp(tallBytes).metadata();
    expect(tallMeta.height).toBe(PLACEHOLDER_WIDTH);
    expect(tallMeta.width).toBeLessThanOrEqual(2);
  });
});

describe("readImageSize", () => {
  it("reads the type and size from the header, without decoding", async () => {
    await expect(readImageSize(await solid(330, 100).png().toBuffer())).resolves.toEqual({
      type: "png",
      width: 330,
      height: 100,
      pixels: 33_000,
    });
    // A 100000 × 100000 header is read in a moment when allowed: nothing is decoded.
    await expect(readImageSize(pngClaiming(100_000, 100_000), 1e12)).resolves.toMatchObject({ pixels: 1e10 });
  });

  it("refuses what processImage refuses from the header, with the same reasons and sentences", async () => {
    for (const input of [Buffer.from("nope"), pngClaiming(100_000, 100_000), await jpegClaiming(60_000, 60_000)]) {
      const early = await rejection(readImageSize(input, DEFAULT_MAX_PIXELS));
      const late = await rejection(processImage(input));
      expect([early.reason, early.message]).toEqual([late.reason, late.message]);
    }
  });
});
