/**
 * What a file really is, judged only by its first bytes (never by its name or the type the
 * browser declared): the one check the server's uploads and the estimate form's script share
 * (docs/decisions/011-image-pipeline.md, 062-the-photo-step-and-homeowner-emails.md).
 */

export type ImageType = "jpeg" | "png" | "webp" | "avif" | "gif" | "heic";

/** How many leading bytes `sniffImageType` may look at; pass at least this many when the file has them. */
export const SNIFF_BYTES = 64;

/**
 * The image type from the magic bytes, or null for anything else (text, PDF, SVG, a truncated
 * header, a HEIF that holds neither HEVC nor AV1).
 *
 * The estimate form's page inlines this function with `toString()` (ADR 006: no framework on
 * public pages), so everything it uses lives in its own body.
 */
export function sniffImageType(firstBytes: Uint8Array): ImageType | null {
  const b = firstBytes;
  const startsWith = (signature: readonly number[]) => b.length >= signature.length && signature.every((byte, i) => b[i] === byte);
  const ascii = (start: number, end: number) => String.fromCharCode(...b.subarray(start, end));
  if (startsWith([0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (b.length >= 6 && (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a")) return "gif";
  if (b.length >= 16 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP" && ascii(12, 15) === "VP8") return "webp";

  // HEIF/AVIF: an ISO-BMFF file starting with an `ftyp` box: size, "ftyp", major brand, minor
  // version, compatible brands.
  if (b.length < 16 || ascii(4, 8) !== "ftyp") return null;
  const size = ((b[0]! << 24) >>> 0) + (b[1]! << 16) + (b[2]! << 8) + b[3]!;
  if (size < 16 || size % 4 !== 0 || size > 4096) return null;
  const heicBrands = ["heic", "heix", "hevc", "hevx", "heim", "heis"];
  const avifBrands = ["avif", "avis"];
  // Generic HEIF brands: the compatible brands decide what codec is inside.
  const genericBrands = ["mif1", "msf1", "mif2", "miaf"];
  const major = ascii(8, 12);
  const compatible: string[] = [];
  for (let at = 16; at + 4 <= Math.min(size, b.length); at += 4) compatible.push(ascii(at, at + 4));
  if (avifBrands.includes(major)) return "avif";
  if (heicBrands.includes(major)) return "heic";
  if (genericBrands.includes(major)) {
    if (compatible.some((brand) => avifBrands.includes(brand))) return "avif";
    if (compatible.some((brand) => heicBrands.includes(brand))) return "heic";
  }
  return null;
}
