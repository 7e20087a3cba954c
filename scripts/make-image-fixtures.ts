/**
 * Writes the small image fixtures in tests/fixtures/images/ (committed, a few KB each):
 *
 *   node scripts/make-image-fixtures.ts
 *
 * - `exif-orientation6-gps.jpg`: stored 600 × 400, top half red, bottom half blue, with EXIF
 *   orientation 6 (turn 90° clockwise to show), GPS coordinates, a camera make and an XMP
 *   packet. Upright it is 400 × 600 with red on the right.
 * - `bomb-20000x20000.png`: a real, decodable 400-megapixel PNG of one grey, compressed to
 *   a few dozen KB (1-bit palette): a decompression bomb that must be refused unread.
 * - `photo.heic`: 400 × 300 HEVC, top half red, bottom half blue. Needs `heif-enc` (Debian
 *   `libheif-examples`, whose libheif has the x265 encoder); skipped with a message without it.
 * - `photo-exif-gps.heic`: the JPEG above through `heif-enc`: 600 × 400 with its EXIF (GPS)
 *   and XMP items.
 *
 * Everything else the tests need (each format, a 12 MP photo) is generated at test time,
 * with `twoTone` below.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp, { type Sharp } from "sharp";

export const FIXTURES_DIR = path.resolve(import.meta.dirname, "../tests/fixtures/images");

export const RED = { r: 220, g: 30, b: 30 };
export const BLUE = { r: 30, g: 30, b: 220 };

/** A `width` × `height` picture, top half red and bottom half blue, as raw-input sharp. */
export function twoTone(width: number, height: number, options: { alpha?: boolean } = {}): Sharp {
  const channels = options.alpha ? 4 : 3;
  const pixels = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    const c = y < height / 2 ? RED : BLUE;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      pixels[i] = c.r;
      pixels[i + 1] = c.g;
      pixels[i + 2] = c.b;
      if (channels === 4) pixels[i + 3] = 255;
    }
  }
  return sharp(pixels, { raw: { width, height, channels } });
}

export const EXIF_WITH_GPS = {
  IFD0: { Make: "FixturePhone", Model: "Model 6", Copyright: "fixture" },
  IFD3: {
    GPSLatitudeRef: "N",
    GPSLatitude: "29/1 45/1 36/1",
    GPSLongitudeRef: "W",
    GPSLongitude: "95/1 22/1 12/1",
  },
};

/** The orientation-6 JPEG with GPS EXIF and XMP described above. */
export async function makeExifJpeg(): Promise<Buffer> {
  return twoTone(600, 400)
    .jpeg({ quality: 85 })
    .withExif(EXIF_WITH_GPS)
    .withMetadata({ orientation: 6 })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="fixture-author"/></rdf:RDF></x:xmpmeta>')
    .toBuffer();
}

function heifEncAvailable(): boolean {
  try {
    execFileSync("heif-enc", ["--list-encoders"], { stdio: "pipe" });
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const jpeg = await makeExifJpeg();
  writeFileSync(path.join(FIXTURES_DIR, "exif-orientation6-gps.jpg"), jpeg);
  console.log(`exif-orientation6-gps.jpg: ${jpeg.length} bytes`);

  // Slow (about 10 s): sharp really makes all 400 megapixels before compressing them.
  const bomb = await sharp({ create: { width: 20_000, height: 20_000, channels: 3, background: "#888888" }, limitInputPixels: false })
    .png({ palette: true, colours: 2, compressionLevel: 9 })
    .toBuffer();
  writeFileSync(path.join(FIXTURES_DIR, "bomb-20000x20000.png"), bomb);
  console.log(`bomb-20000x20000.png: ${bomb.length} bytes`);

  if (!heifEncAvailable()) {
    console.log("photo.heic: skipped, heif-enc not found (apt-get install libheif-examples)");
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), "heic-fixture-"));
  try {
    const png = path.join(dir, "in.png");
    await twoTone(400, 300).png().toFile(png);
    const out = path.join(FIXTURES_DIR, "photo.heic");
    execFileSync("heif-enc", ["-q", "50", "-o", out, png], { stdio: "pipe" });
    console.log(`photo.heic: ${statSync(out).size} bytes`);
    // heif-enc copies the JPEG's EXIF (GPS, orientation 6) and XMP into the HEIF but adds no
    // irot/imir; readers follow irot/imir and ignore the EXIF orientation, so this shows 600 × 400.
    const withMetadata = path.join(FIXTURES_DIR, "photo-exif-gps.heic");
    execFileSync("heif-enc", ["-q", "50", "-o", withMetadata, path.join(FIXTURES_DIR, "exif-orientation6-gps.jpg")], { stdio: "pipe" });
    console.log(`photo-exif-gps.heic: ${statSync(withMetadata).size} bytes`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) await main();
