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
 * - `photo-quadrants.heic`: 400 × 300 HEVC in four colours (`QUADRANTS`), so that every turn
 *   and mirror tells apart. Needs `heif-enc`.
 * - `photo-alpha.heic`: 64 × 48, one blue at half opacity (`HALF_TRANSPARENT`), with an alpha
 *   plane. Needs `heif-enc`.
 * - `photo-irot90.heic` and `photo-imir.heic`: `photo-quadrants.heic` with a quarter turn
 *   anti-clockwise (`irot` 1) or a top-bottom mirror (`imir` 0) stored in the HEIF container,
 *   as iPhones store orientation; written by `withHeifTransform` below (heif-enc cannot set
 *   them) from the committed file, so they need no heif-enc.
 *
 * Everything else the tests need (each format, a 12 MP photo) is generated at test time,
 * with `twoTone` below.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
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

export const GREEN = { r: 30, g: 160, b: 30 };
export const YELLOW = { r: 230, g: 200, b: 20 };
export const HALF_TRANSPARENT = { r: 40, g: 120, b: 200, alpha: 0.5 };
/** The colour of each quarter of `quadrants()`. */
export const QUADRANTS = { topLeft: RED, topRight: GREEN, bottomLeft: BLUE, bottomRight: YELLOW };

/** A `width` × `height` picture in four coloured quarters (QUADRANTS), as raw-input sharp. */
export function quadrants(width: number, height: number): Sharp {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const top = y < height / 2;
      const left = x < width / 2;
      const c = top ? (left ? QUADRANTS.topLeft : QUADRANTS.topRight) : left ? QUADRANTS.bottomLeft : QUADRANTS.bottomRight;
      pixels.set([c.r, c.g, c.b], (y * width + x) * 3);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
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
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="fixture-author"/></rdf:RDF></x:xmpmeta>',
    )
    .toBuffer();
}

/** An ISO-BMFF box: 4-byte size, 4-letter type, payload. */
function box(type: string, payload: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length, 0);
  header.write(type, 4, "latin1");
  return Buffer.concat([header, payload]);
}

/** The direct children of a box's payload: type, start and end offsets within `bytes`. */
function children(bytes: Buffer, start: number, end: number): { type: string; start: number; end: number }[] {
  const found = [];
  for (let at = start; at + 8 <= end;) {
    const size = bytes.readUInt32BE(at);
    if (size < 8 || at + size > end) throw new Error(`bad box at ${at}`);
    found.push({ type: bytes.toString("latin1", at + 4, at + 8), start: at, end: at + size });
    at += size;
  }
  return found;
}

function child(bytes: Buffer, parent: { start: number; end: number }, type: string, headerBytes = 8) {
  const found = children(bytes, parent.start + headerBytes, parent.end).find((c) => c.type === type);
  if (!found) throw new Error(`no ${type} box`);
  return found;
}

/**
 * A copy of a single-image HEIF with one transformative property added to its primary item:
 * `irot` (quarter turns anti-clockwise, 0-3) or `imir` (0: top and bottom swap; 1: left and
 * right swap — the "mode" of HEIF's 2021 amendment, which iPhones and libheif follow). The new box goes at the end of
 * `ipco`, the primary item's `ipma` entry gets it as essential, the enclosing sizes grow, and
 * `iloc` file offsets after `meta` move by the bytes added. Enough for heif-enc's output
 * (ipma version 0 with 1-byte indices, iloc version 0 or 1); anything else throws.
 */
export function withHeifTransform(heif: Buffer, transform: { irot: 0 | 1 | 2 | 3 } | { imir: 0 | 1 }): Buffer {
  const property = "irot" in transform ? box("irot", Buffer.from([transform.irot])) : box("imir", Buffer.from([transform.imir]));
  const top = children(heif, 0, heif.length);
  const meta = top.find((b) => b.type === "meta");
  if (!meta) throw new Error("no meta box");
  const primaryId = heif.readUInt16BE(child(heif, meta, "pitm", 12).start + 12);
  const iprp = child(heif, meta, "iprp", 12);
  const ipco = child(heif, iprp, "ipco");
  const ipma = child(heif, iprp, "ipma");
  const propertyIndex = children(heif, ipco.start + 8, ipco.end).length + 1;
  if (heif[ipma.start + 8] !== 0 || (heif[ipma.start + 11] ?? 0) & 1 || propertyIndex > 127) throw new Error("ipma layout not handled");

  // The new ipma: the primary item's associations plus ours, marked essential (0x80).
  const entries: Buffer[] = [];
  let at = ipma.start + 16;
  const count = heif.readUInt32BE(ipma.start + 12);
  for (let i = 0; i < count; i++) {
    const id = heif.readUInt16BE(at);
    const n = heif[at + 2] ?? 0;
    const associations = heif.subarray(at + 3, at + 3 + n);
    const extra = id === primaryId ? Buffer.from([0x80 | propertyIndex]) : Buffer.alloc(0);
    entries.push(Buffer.concat([heif.subarray(at, at + 2), Buffer.from([n + extra.length]), associations, extra]));
    at += 3 + n;
  }
  const newIpma = box("ipma", Buffer.concat([heif.subarray(ipma.start + 8, ipma.start + 16), ...entries]));
  const newIpco = box("ipco", Buffer.concat([heif.subarray(ipco.start + 8, ipco.end), property]));
  const iprpParts = children(heif, iprp.start + 8, iprp.end).map((c) =>
    c.type === "ipco" ? newIpco : c.type === "ipma" ? newIpma : heif.subarray(c.start, c.end),
  );
  const newIprp = box("iprp", Buffer.concat(iprpParts));
  const delta = newIprp.length - (iprp.end - iprp.start);

  // iloc: item data addressed by file offset (construction method 0) after meta moves by delta.
  const metaParts = children(heif, meta.start + 12, meta.end).map((c) => {
    const part = Buffer.from(heif.subarray(c.start, c.end));
    if (c.type === "iprp") return newIprp;
    if (c.type !== "iloc") return part;
    const version = part[8] ?? 0;
    if (version > 1) throw new Error("iloc version not handled");
    const offsetSize = (part[12] ?? 0) >> 4;
    const lengthSize = (part[12] ?? 0) & 15;
    const baseSize = (part[13] ?? 0) >> 4;
    const indexSize = version === 1 ? (part[13] ?? 0) & 15 : 0;
    const read = (pos: number, size: number) => (size === 0 ? 0 : size === 4 ? part.readUInt32BE(pos) : Number(part.readBigUInt64BE(pos)));
    const write = (pos: number, size: number, value: number) =>
      size === 4 ? part.writeUInt32BE(value, pos) : part.writeBigUInt64BE(BigInt(value), pos);
    let p = 16;
    for (let i = 0, items = part.readUInt16BE(14); i < items; i++) {
      p += 2;
      const method = version === 1 ? part.readUInt16BE(p) & 15 : 0;
      if (version === 1) p += 2;
      p += 2; // data reference index
      // The data's file position is the base offset plus each extent's: move whichever holds it.
      const base = read(p, baseSize);
      const moveBase = method === 0 && base > meta.start;
      if (moveBase) write(p, baseSize, base + delta);
      p += baseSize;
      const extents = part.readUInt16BE(p);
      p += 2;
      for (let e = 0; e < extents; e++) {
        p += indexSize;
        const offset = read(p, offsetSize);
        if (method === 0 && !moveBase && offset > meta.start) write(p, offsetSize, offset + delta);
        p += offsetSize + lengthSize;
      }
    }
    return part;
  });
  const newMeta = box("meta", Buffer.concat([heif.subarray(meta.start + 8, meta.start + 12), ...metaParts]));
  return Buffer.concat(top.map((b) => (b.type === "meta" ? newMeta : heif.subarray(b.start, b.end))));
}

/** Whether `heif-enc` (libheif-examples) is installed: only it can make new HEIC files here. */
export function heifEncAvailable(): boolean {
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
  const bomb = await sharp({
    create: { width: 20_000, height: 20_000, channels: 3, background: "#888888" },
    limitInputPixels: false,
  })
    .png({ palette: true, colours: 2, compressionLevel: 9 })
    .toBuffer();
  writeFileSync(path.join(FIXTURES_DIR, "bomb-20000x20000.png"), bomb);
  console.log(`bomb-20000x20000.png: ${bomb.length} bytes`);

  if (heifEncAvailable()) await writeHeifEncFixtures();
  else console.log("photo.heic: skipped, heif-enc not found (apt-get install libheif-examples)");

  // From the committed photo-quadrants.heic when heif-enc is missing.
  const plain = readFileSync(path.join(FIXTURES_DIR, "photo-quadrants.heic"));
  for (const [name, transform] of [
    ["photo-irot90.heic", { irot: 1 }],
    ["photo-imir.heic", { imir: 0 }],
  ] as const) {
    const out = withHeifTransform(plain, transform);
    writeFileSync(path.join(FIXTURES_DIR, name), out);
    console.log(`${name}: ${out.length} bytes`);
  }
}

async function writeHeifEncFixtures(): Promise<void> {
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
    execFileSync("heif-enc", ["-q", "50", "-o", withMetadata, path.join(FIXTURES_DIR, "exif-orientation6-gps.jpg")], {
      stdio: "pipe",
    });
    console.log(`photo-exif-gps.heic: ${statSync(withMetadata).size} bytes`);
    const quadrantsPng = path.join(dir, "quadrants.png");
    await quadrants(400, 300).png().toFile(quadrantsPng);
    const quadrantsHeic = path.join(FIXTURES_DIR, "photo-quadrants.heic");
    execFileSync("heif-enc", ["-q", "50", "-o", quadrantsHeic, quadrantsPng], { stdio: "pipe" });
    console.log(`photo-quadrants.heic: ${statSync(quadrantsHeic).size} bytes`);
    const alphaPng = path.join(dir, "alpha.png");
    await sharp({ create: { width: 64, height: 48, channels: 4, background: HALF_TRANSPARENT } })
      .png()
      .toFile(alphaPng);
    const alphaHeic = path.join(FIXTURES_DIR, "photo-alpha.heic");
    execFileSync("heif-enc", ["-q", "50", "-o", alphaHeic, alphaPng], { stdio: "pipe" });
    console.log(`photo-alpha.heic: ${statSync(alphaHeic).size} bytes`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) await main();
