/**
 * What an uploaded file really is, judged only by its first bytes (never by its name or
 * the type the browser declared). docs/decisions/011-image-pipeline.md
 */

export type ImageType = "jpeg" | "png" | "webp" | "avif" | "gif" | "heic";

/** How many leading bytes `sniffImageType` may look at; pass at least this many when the file has them. */
export const SNIFF_BYTES = 64;

const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis"]);
const AVIF_BRANDS = new Set(["avif", "avis"]);
/** Generic HEIF brands: the compatible brands decide what codec is inside. */
const GENERIC_HEIF_BRANDS = new Set(["mif1", "msf1", "mif2", "miaf"]);

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  if (bytes.length < at + signature.length) return false;
  return signature.every((b, i) => bytes[at + i] === b);
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

/**
 * The image type from the magic bytes, or null for anything else (text, PDF, SVG, a
 * truncated header, a HEIF that holds neither HEVC nor AV1).
 */
export function sniffImageType(firstBytes: Uint8Array): ImageType | null {
  const b = firstBytes;
  if (startsWith(b, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (b.length >= 6 && (ascii(b, 0, 6) === "GIF87a" || ascii(b, 0, 6) === "GIF89a")) return "gif";
  if (b.length >= 16 && ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WEBP" && ascii(b, 12, 15) === "VP8") {
    return "webp";
  }
  return sniffIsoBmff(b);
}

/** HEIF/AVIF: an ISO-BMFF file starting with an `ftyp` box: size, "ftyp", major brand, minor version, compatible brands. */
function sniffIsoBmff(b: Uint8Array): ImageType | null {
  if (b.length < 16 || ascii(b, 4, 8) !== "ftyp") return null;
  const size = (((b[0] as number) << 24) >>> 0) + ((b[1] as number) << 16) + ((b[2] as number) << 8) + (b[3] as number);
  if (size < 16 || size % 4 !== 0 || size > 4096) return null;
  const major = ascii(b, 8, 12);
  const compatible: string[] = [];
  for (let at = 16; at + 4 <= Math.min(size, b.length); at += 4) compatible.push(ascii(b, at, at + 4));
  if (AVIF_BRANDS.has(major)) return "avif";
  if (HEIC_BRANDS.has(major)) return "heic";
  if (GENERIC_HEIF_BRANDS.has(major)) {
    if (compatible.some((brand) => AVIF_BRANDS.has(brand))) return "avif";
    if (compatible.some((brand) => HEIC_BRANDS.has(brand))) return "heic";
  }
  return null;
}
