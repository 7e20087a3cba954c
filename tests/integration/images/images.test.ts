/**
 * The image pipeline end to end, from temp files as uploads will arrive: every supported
 * format in, outputs that decode at the right sizes, no metadata, EXIF orientation applied,
 * bombs and garbage refused, HEIC through WebAssembly. docs/decisions/011-image-pipeline.md
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertKey } from "#app/server/storage/blob-store.server.ts";
import { ImageRejectedError, photoKeys, processImage, sniffImageType, type ProcessedImage } from "#app/server/images/pipeline.server.ts";
import {
  BLUE,
  EXIF_WITH_GPS,
  FIXTURES_DIR,
  GREEN,
  HALF_TRANSPARENT,
  QUADRANTS,
  RED,
  twoTone,
  YELLOW,
} from "#scripts/make-image-fixtures.ts";

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "images-test-"));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes bytes to a temp file, as the upload route will, and returns its path. */
async function upload(name: string, bytes: Buffer): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return file;
}

const fixture = (name: string) => path.join(FIXTURES_DIR, name);

/** RGB of the pixel at (x, y) of an encoded image. */
async function pixel(encoded: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(encoded).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (Math.round(y) * info.width + Math.round(x)) * info.channels;
  return [data[i] ?? -1, data[i + 1] ?? -1, data[i + 2] ?? -1];
}

function near(actual: [number, number, number], expected: { r: number; g: number; b: number }, tolerance = 40): boolean {
  return (
    Math.abs(actual[0] - expected.r) <= tolerance &&
    Math.abs(actual[1] - expected.g) <= tolerance &&
    Math.abs(actual[2] - expected.b) <= tolerance
  );
}

/** The colours at the four corners of an encoded image, 10 % in from each edge. */
async function corners(encoded: Buffer, width: number, height: number) {
  const at = (x: number, y: number) => pixel(encoded, x, y);
  return {
    topLeft: await at(width * 0.1, height * 0.1),
    topRight: await at(width * 0.9, height * 0.1),
    bottomLeft: await at(width * 0.1, height * 0.9),
    bottomRight: await at(width * 0.9, height * 0.9),
  };
}

/** Every output decodes as what it says, at the size it says, with no EXIF, XMP, IPTC or orientation. */
async function expectCleanOutputs(result: ProcessedImage): Promise<void> {
  const outputs = [
    { ...result.master, buffer: result.master.buffer, format: "jpeg" },
    ...result.variants,
    {
      buffer: Buffer.from(result.placeholder.split(",")[1] ?? "", "base64"),
      format: "webp",
      width: undefined,
      height: undefined,
    },
  ];
  for (const output of outputs) {
    const meta = await sharp(output.buffer).metadata();
    expect(meta.format).toBe(output.format === "avif" ? "heif" : output.format);
    if (output.format === "avif") expect(meta.compression).toBe("av1");
    if (output.width !== undefined) expect([meta.width, meta.height]).toEqual([output.width, output.height]);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // Decodes fully, not just its header.
    await expect(sharp(output.buffer).raw().toBuffer()).resolves.toBeInstanceOf(Buffer);
  }
  // Nothing of the fixture's EXIF or XMP survives anywhere in the bytes.
  for (const output of outputs) {
    const text = output.buffer.toString("latin1");
    expect(text).not.toContain("FixturePhone");
    expect(text).not.toContain("fixture-author");
    expect(text).not.toContain("Exif\0\0");
  }
}

describe("each supported format, from a temp file", () => {
  const formats = [
    ["jpeg", (s: Sharp) => s.jpeg({ quality: 90 })],
    ["png", (s: Sharp) => s.png()],
    ["webp", (s: Sharp) => s.webp({ quality: 90 })],
    ["avif", (s: Sharp) => s.avif({ quality: 70, effort: 0 })],
    ["gif", (s: Sharp) => s.gif()],
  ] as const;

  it.each(formats)("%s: 1000 × 750 in, upright outputs at 320, 480, 640 and 960 out", async (type, encode) => {
    const file = await upload(`in.${type}`, await encode(twoTone(1000, 750)).toBuffer());
    const result = await processImage(file);
    expect(result).toMatchObject({ sourceType: type, width: 1000, height: 750 });
    expect(result.master).toMatchObject({ format: "jpeg", width: 1000, height: 750 });
    expect(result.variants.map((v) => `${v.format}-${v.width}x${v.height}`)).toEqual([
      "avif-320x240",
      "webp-320x240",
      "avif-480x360",
      "webp-480x360",
      "avif-640x480",
      "webp-640x480",
      "avif-960x720",
      "webp-960x720",
    ]);
    await expectCleanOutputs(result);
    expect(near(await pixel(result.master.buffer, 500, 100), RED)).toBe(true);
    expect(near(await pixel(result.master.buffer, 500, 650), BLUE)).toBe(true);
  });

  it("an animated GIF gives its first frame", async () => {
    const frames = Buffer.concat([await twoTone(64, 64).raw().toBuffer(), Buffer.alloc(64 * 64 * 3, 0)]);
    const gif = await sharp(frames, { raw: { width: 64, height: 128, channels: 3, pageHeight: 64 } })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const result = await processImage(await upload("anim.gif", gif));
    expect([result.width, result.height]).toEqual([64, 64]);
    expect(near(await pixel(result.master.buffer, 32, 5), RED)).toBe(true);
  });
});

describe("metadata and orientation", () => {
  it("the fixture really has GPS EXIF, XMP and orientation 6", async () => {
    const meta = await sharp(fixture("exif-orientation6-gps.jpg")).metadata();
    expect(meta).toMatchObject({ width: 600, height: 400, orientation: 6 });
    expect(meta.exif?.toString("latin1")).toContain("FixturePhone");
    expect(meta.xmp?.toString("latin1")).toContain("fixture-author");
    expect(EXIF_WITH_GPS.IFD3.GPSLatitudeRef).toBe("N");
  });

  it("turns an orientation-6 photo upright and strips EXIF (GPS included) and XMP from every output", async () => {
    const result = await processImage(fixture("exif-orientation6-gps.jpg"));
    // Stored 600 × 400, shown 400 × 600.
    expect([result.width, result.height]).toEqual([400, 600]);
    expect([result.master.width, result.master.height]).toEqual([400, 600]);
    expect(result.variants.map((v) => [v.width, v.height])).toEqual([
      [320, 480],
      [320, 480],
    ]);
    await expectCleanOutputs(result);
    // Stored top red, bottom blue; turned 90° clockwise: red on the right, blue on the left.
    for (const encoded of [result.master.buffer, ...result.variants.map((v) => v.buffer)]) {
      const { width, height } = await sharp(encoded).metadata();
      expect(near(await pixel(encoded, width * 0.9, height / 2), RED)).toBe(true);
      expect(near(await pixel(encoded, width * 0.1, height / 2), BLUE)).toBe(true);
    }
  });

  it("converts a photo with another ICC profile to sRGB and drops the profile", async () => {
    const p3 = await twoTone(400, 300).jpeg().withIccProfile("p3").toBuffer();
    expect((await sharp(p3).metadata()).icc).toBeDefined();
    const result = await processImage(await upload("p3.jpg", p3));
    for (const encoded of [result.master.buffer, ...result.variants.map((v) => v.buffer)]) {
      const meta = await sharp(encoded).metadata();
      expect(meta.space).toBe("srgb");
      expect(meta.icc).toBeUndefined();
    }
  });
});

describe("HEIC", () => {
  it("the fixture is a real HEVC HEIF that sharp's own libvips cannot decode", async () => {
    const bytes = await sharp(fixture("photo.heic"))
      .raw()
      .toBuffer()
      .then(
        () => "decoded",
        (error: Error) => error.message,
      );
    expect(bytes).not.toBe("decoded");
  });

  it("decodes through WebAssembly into AVIF and WebP variants and a JPEG master", async () => {
    const result = await processImage(fixture("photo.heic"));
    expect(result).toMatchObject({ sourceType: "heic", width: 400, height: 300 });
    expect(result.master).toMatchObject({ format: "jpeg", width: 400, height: 300 });
    expect(result.variants.map((v) => `${v.format}-${v.width}x${v.height}`)).toEqual(["avif-320x240", "webp-320x240"]);
    await expectCleanOutputs(result);
    // The decoder hands over RGBA; an opaque photo's variants carry no alpha plane (which would
    // make every AVIF two encodes, and take 40 % more memory at 12 MP).
    for (const variant of result.variants) expect((await sharp(variant.buffer).metadata()).hasAlpha).toBe(false);
    expect(near(await pixel(result.master.buffer, 200, 40), RED)).toBe(true);
    expect(near(await pixel(result.master.buffer, 200, 260), BLUE)).toBe(true);
  });

  it("keeps a HEIC's real transparency", async () => {
    const result = await processImage(fixture("photo-alpha.heic"));
    expect(result).toMatchObject({ sourceType: "heic", width: 64, height: 48 });
    for (const variant of result.variants) {
      const { data, info } = await sharp(variant.buffer).raw().toBuffer({ resolveWithObject: true });
      expect(info.channels).toBe(4);
      expect(Math.abs((data[3] ?? 0) - 255 * HALF_TRANSPARENT.alpha)).toBeLessThan(10);
    }
  });

  it("drops a HEIC's EXIF (GPS) and XMP items and follows HEIF's own orientation, not EXIF's", async () => {
    const bytes = await readFile(fixture("photo-exif-gps.heic"));
    expect(bytes.toString("latin1")).toContain("FixturePhone");
    expect(bytes.toString("latin1")).toContain("fixture-author");
    const result = await processImage(fixture("photo-exif-gps.heic"));
    // No irot/imir in the file: shown as stored, 600 × 400, top red, bottom blue.
    expect(result).toMatchObject({ sourceType: "heic", width: 600, height: 400 });
    await expectCleanOutputs(result);
    expect(near(await pixel(result.master.buffer, 300, 50), RED)).toBe(true);
    expect(near(await pixel(result.master.buffer, 300, 350), BLUE)).toBe(true);
  });

  it.each([
    // A quarter turn anti-clockwise: the top-right corner comes to the top left.
    ["photo-irot90.heic", "irot 1", 300, 400, { topLeft: GREEN, topRight: YELLOW, bottomLeft: RED, bottomRight: BLUE }],
    // Mode 0 (HEIF's 2021 amendment; what iPhones and libheif do): top and bottom swap.
    ["photo-imir.heic", "imir 0", 400, 300, { topLeft: BLUE, topRight: YELLOW, bottomLeft: RED, bottomRight: GREEN }],
  ] as const)("%s (%s in the HEIF container, not EXIF) comes out upright, %i × %i", async (name, property, width, height, expected) => {
    const bytes = await readFile(fixture(name));
    expect(bytes.includes(Buffer.from(property.slice(0, 4), "latin1"))).toBe(true);
    const stored = await processImage(fixture("photo-quadrants.heic"));
    expect(near((await corners(stored.master.buffer, 400, 300)).topLeft, QUADRANTS.topLeft)).toBe(true);

    const result = await processImage(fixture(name));
    expect(result).toMatchObject({ sourceType: "heic", width, height });
    expect([result.master.width, result.master.height]).toEqual([width, height]);
    const seen = await corners(result.master.buffer, width, height);
    for (const corner of ["topLeft", "topRight", "bottomLeft", "bottomRight"] as const) {
      expect(near(seen[corner], expected[corner]), `${corner}: ${seen[corner].join(",")}`).toBe(true);
    }
    // Every variant is turned the same way (it is made from the same upright copy).
    const avif = result.variants.find((v) => v.format === "avif");
    expect(avif && near((await corners(avif.buffer, avif.width, avif.height)).topLeft, expected.topLeft)).toBe(true);
  });

  it("refuses a HEIC above maxPixels from its header, and one that is cut short", async () => {
    const tooBig = await processImage(fixture("photo.heic"), { maxPixels: 400 * 300 - 1 }).catch((e: unknown) => e);
    expect(tooBig).toBeInstanceOf(ImageRejectedError);
    expect((tooBig as ImageRejectedError).reason).toBe("too-many-pixels");

    const heic = await readFile(fixture("photo.heic"));
    const cut = await processImage(await upload("cut.heic", heic.subarray(0, 300))).catch((e: unknown) => e);
    expect(cut).toBeInstanceOf(ImageRejectedError);
    expect((cut as ImageRejectedError).reason).toBe("corrupt");

    const small = await processImage(fixture("photo.heic"), { maxHeicBytes: 100 }).catch((e: unknown) => e);
    expect((small as ImageRejectedError).reason).toBe("too-large");
  });
});

describe("refusals", () => {
  it("a real 20000 × 20000 PNG bomb (48 KB) is refused before decoding", async () => {
    const meta = await sharp(fixture("bomb-20000x20000.png"), { limitInputPixels: false }).metadata();
    expect([meta.width, meta.height]).toEqual([20_000, 20_000]);
    const started = performance.now();
    const error = await processImage(fixture("bomb-20000x20000.png")).catch((e: unknown) => e);
    const ms = performance.now() - started;
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect((error as ImageRejectedError).reason).toBe("too-many-pixels");
    expect((error as ImageRejectedError).message).toContain("20000 × 20000 pixels (400 megapixels)");
    console.log(`20000 × 20000 PNG bomb refused in ${ms.toFixed(1)} ms`);
  });

  it.each([
    ["text.jpg", Buffer.from("This is not a photo, whatever its name says.\n"), "unsupported-type"],
    ["doc.pdf", Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n"), "unsupported-type"],
    [
      "image.svg",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="5000" height="5000"><rect width="5000" height="5000"/></svg>'),
      "unsupported-type",
    ],
    ["empty.png", Buffer.alloc(0), "unsupported-type"],
    ["garbage.png", Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 0x5a)]), "corrupt"],
    ["garbage.webp", Buffer.concat([Buffer.from("RIFF\0\x10\0\0WEBPVP8 "), Buffer.alloc(500, 7)]), "corrupt"],
  ])("%s is refused as %s", async (name, bytes, reason) => {
    const error = await processImage(await upload(name, bytes)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect((error as ImageRejectedError).reason).toBe(reason);
    expect((error as ImageRejectedError).message.length).toBeGreaterThan(20);
  });

  it("the type comes from the bytes: a PNG named .jpg is processed as PNG", async () => {
    const result = await processImage(await upload("really-a-png.jpg", await twoTone(50, 40).png().toBuffer()));
    expect(result.sourceType).toBe("png");
    expect(sniffImageType(Buffer.from("GIF89a"))).toBe("gif");
  });
});

describe("a 12-megapixel phone photo", () => {
  it("gives every variant, a master capped at 2560 px, and keys the store accepts", async () => {
    const photo = await sharp({
      create: {
        width: 4000,
        height: 3000,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 30 },
      },
    })
      .jpeg({ quality: 90 })
      .withExif(EXIF_WITH_GPS)
      .toBuffer();
    const file = await upload("phone.jpg", photo);
    const started = performance.now();
    const result = await processImage(file);
    const ms = performance.now() - started;
    console.log(`12 MP JPEG (${(photo.length / 1e6).toFixed(1)} MB) processed in ${ms.toFixed(0)} ms`);
    expect([result.width, result.height]).toEqual([4000, 3000]);
    expect([result.master.width, result.master.height]).toEqual([2560, 1920]);
    expect(result.variants.map((v) => `${v.format}-${v.width}x${v.height}`)).toEqual([
      "avif-320x240",
      "webp-320x240",
      "avif-480x360",
      "webp-480x360",
      "avif-640x480",
      "webp-640x480",
      "avif-960x720",
      "webp-960x720",
      "avif-1280x960",
      "webp-1280x960",
      "avif-1920x1440",
      "webp-1920x1440",
    ]);
    await expectCleanOutputs(result);
    const keys = photoKeys(7, 1);
    for (const key of [keys.master(result.master.width), ...result.variants.map((v) => keys.variant(v.format, v.width))]) {
      expect(() => assertKey(key)).not.toThrow();
    }
  }, 60_000);
});
