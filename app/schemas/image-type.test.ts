import sharp, { type Sharp } from "sharp";
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { SNIFF_BYTES, sniffImageType as imported, type ImageType } from "#app/schemas/image-type.ts";

const FIXTURES = path.resolve(import.meta.dirname, "../../tests/fixtures/images");

/**
 * The copy the estimate form's page runs: the function's own source text, evaluated on its own as
 * the inline script does (app/components/estimate-form.tsx), so it can lean on nothing outside it.
 */
const inlined = new Function(`return (${imported.toString()});`)() as (bytes: Uint8Array) => ImageType | null;
const enc = (s: string) => new TextEncoder().encode(s);

/** An ISO-BMFF `ftyp` box: size, "ftyp", major brand, minor version 0, compatible brands. */
function ftyp(major: string, compatible: string[], sizeOverride?: number): Uint8Array {
  const size = 16 + 4 * compatible.length;
  const box = new Uint8Array(size + 8);
  new DataView(box.buffer).setUint32(0, sizeOverride ?? size);
  box.set(enc(`ftyp${major}`), 4);
  compatible.forEach((brand, i) => box.set(enc(brand), 16 + 4 * i));
  box.set(enc("\0\0\0\bmeta"), size); // the next box's start, as in a real file
  return box;
}

async function head(image: Sharp): Promise<Uint8Array> {
  return (await image.toBuffer()).subarray(0, SNIFF_BYTES);
}

const tiny = () => sharp({ create: { width: 4, height: 4, channels: 3, background: "#c33" } });

describe.each([
  ["the server's module", imported],
  ["the copy the form's page inlines", inlined],
])("%s", (_which, sniffImageType) => {
  describe("sniffImageType: real files", () => {
    it("recognises JPEG, PNG, WebP, GIF and AVIF made by sharp", async () => {
      expect(sniffImageType(await head(tiny().jpeg()))).toBe("jpeg");
      expect(sniffImageType(await head(tiny().png()))).toBe("png");
      expect(sniffImageType(await head(tiny().webp()))).toBe("webp");
      expect(sniffImageType(await head(tiny().webp({ lossless: true })))).toBe("webp");
      expect(sniffImageType(await head(tiny().gif()))).toBe("gif");
      expect(sniffImageType(await head(tiny().avif({ effort: 0 })))).toBe("avif");
    });

    it("recognises the HEIC fixture (heif-enc: major brand heic)", () => {
      expect(sniffImageType(readFileSync(path.join(FIXTURES, "photo.heic")).subarray(0, SNIFF_BYTES))).toBe("heic");
    });

    it("looks only at the bytes it is given, however many", async () => {
      const jpeg = await tiny().jpeg().toBuffer();
      expect(sniffImageType(jpeg)).toBe("jpeg");
      expect(sniffImageType(jpeg.subarray(0, 3))).toBe("jpeg");
    });
  });

  describe("sniffImageType: ISO-BMFF brands", () => {
    it.each(["heic", "heix", "hevc", "hevx", "heim", "heis"])("major brand %s is heic", (brand) => {
      expect(sniffImageType(ftyp(brand, ["mif1", brand]))).toBe("heic");
    });

    it.each(["avif", "avis"])("major brand %s is avif", (brand) => {
      expect(sniffImageType(ftyp(brand, ["mif1", "miaf"]))).toBe("avif");
    });

    it("mif1 or msf1 with a HEVC compatible brand is heic", () => {
      expect(sniffImageType(ftyp("mif1", ["mif1", "heic"]))).toBe("heic");
      expect(sniffImageType(ftyp("msf1", ["msf1", "hevc"]))).toBe("heic");
      expect(sniffImageType(ftyp("mif1", ["miaf", "MiHB", "heix"]))).toBe("heic");
    });

    it("mif1 with an AV1 compatible brand is avif", () => {
      expect(sniffImageType(ftyp("mif1", ["mif1", "avif", "miaf"]))).toBe("avif");
      expect(sniffImageType(ftyp("msf1", ["avis"]))).toBe("avif");
    });

    it("a generic HEIF without heic or avif brands, and other ISO-BMFF files, are null", () => {
      expect(sniffImageType(ftyp("mif1", ["mif1", "miaf"]))).toBeNull(); // e.g. JPEG-in-HEIF
      expect(sniffImageType(ftyp("isom", ["isom", "iso2", "mp41"]))).toBeNull(); // an MP4 video
      expect(sniffImageType(ftyp("qt  ", ["qt  "]))).toBeNull(); // a QuickTime .mov
      expect(sniffImageType(ftyp("crx ", ["crx "]))).toBeNull(); // a Canon raw
    });

    it("refuses a malformed ftyp box", () => {
      expect(sniffImageType(ftyp("heic", ["mif1"], 7))).toBeNull(); // size too small
      expect(sniffImageType(ftyp("heic", ["mif1"], 1_000_001))).toBeNull(); // absurd size
      expect(sniffImageType(ftyp("heic", ["mif1"], 21))).toBeNull(); // not whole brands
      expect(sniffImageType(ftyp("heic", ["mif1"]).subarray(0, 12))).toBeNull(); // truncated
    });
  });

  describe("sniffImageType: lookalikes are null", () => {
    it.each([
      ["empty", new Uint8Array(0)],
      ["a text file", enc("Hello, this is a photo of my kitchen.\n")],
      ["a text file named like a photo starting with 'GIF'", enc("GIF is a format\n")],
      ["a PDF", enc("%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj")],
      ["an SVG", enc('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')],
      ["an SVG without a prolog", enc('<svg xmlns="http://www.w3.org/2000/svg"><image href="x.jpg"/></svg>')],
      ["HTML", enc("<!doctype html><html><body><img src=x onerror=alert(1)></body></html>")],
      ["a truncated JPEG header", Uint8Array.of(0xff, 0xd8)],
      ["a truncated PNG header", Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a)],
      ["a truncated WebP header", enc("RIFF\0\0\0\0WEB")],
      ["a WAV file (RIFF but not WEBP)", enc("RIFF\x24\0\0\0WAVEfmt \x10\0\0\0")],
      ["a ZIP", Uint8Array.of(0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0)],
      ["a TIFF", Uint8Array.of(0x49, 0x49, 0x2a, 0x00, 0x08, 0, 0, 0)],
      ["a BMP", enc("BM\x36\0\0\0\0\0\0\0\x36\0\0\0")],
    ])("%s", (_name, bytes) => {
      expect(sniffImageType(bytes)).toBeNull();
    });
  });
});
