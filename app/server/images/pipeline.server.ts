/**
 * The server-side image pipeline: an uploaded photo (a temp file, or a Buffer) in, a
 * re-encoded JPEG master, AVIF and WebP display variants and a blur-up placeholder out,
 * all rotated upright and free of metadata. docs/decisions/011-image-pipeline.md
 *
 * Order of work, so that a hostile file costs little:
 *  1. the first bytes decide the type (`sniffImageType`), never the name or declared type;
 *  2. the header's dimensions are checked against `maxPixels` before any pixel is decoded
 *     (sharp `metadata()`, or libheif's image handle for HEIC), and sharp's
 *     `limitInputPixels` guards the decode itself;
 *  3. one decode, rotated by EXIF orientation and shrunk to the master size, into a raw
 *     sRGB buffer (the only full copy held); every output is encoded from it, one by one.
 *     Raw pixels carry no metadata, so no output can leak EXIF, GPS, XMP or IPTC.
 */
import { open, readFile, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import sharp, { type Metadata, type OutputInfo, type Sharp, type SharpOptions } from "sharp";
import { SNIFF_BYTES, sniffImageType, type ImageType } from "#app/server/images/sniff.server.ts";
import type { MasterFormat, VariantFormat } from "#app/server/images/keys.server.ts";

export { sniffImageType, SNIFF_BYTES, type ImageType } from "#app/server/images/sniff.server.ts";
export { photoKeys, type PhotoKeys } from "#app/server/images/keys.server.ts";

/**
 * Display widths, in pixels. A photo gets those not wider than itself (one at its own width when
 * it is narrower than the first). 480 is for a phone's two-column grid at DPR 2 (a 166 px column
 * needs 332 px: 640 was twice the pixels). Photos stored before 480 was added keep their set
 * until they are re-encoded (docs/decisions/037-variant-widths-and-encoding-speed.md).
 */
export const VARIANT_WIDTHS = [320, 480, 640, 960, 1280, 1920] as const;
export const DEFAULT_MAX_PIXELS = 50_000_000;
const DEFAULT_MASTER_MAX_SIDE = 2560;
/** HEIC is decoded in WebAssembly from memory, so its file is read whole: this caps it. */
const DEFAULT_MAX_HEIC_BYTES = 64 * 1024 * 1024;
export const PLACEHOLDER_WIDTH = 16;

export const QUALITY = {
  master: { quality: 82, mozjpeg: true },
  // Efforts measured in ADR 037: WebP effort 2 is 3-4 times faster than 4 for files 1-7 % larger
  // at the same PSNR; AVIF effort 1 twice as fast as 2 at 1280 and 1920 px for the same size, up to
  // 12 % larger at 960 and below, 0.1-0.6 dB lower. A 12 MP HEIC becomes its set within 3 s.
  webp: { quality: 78, effort: 2 },
  avif: { quality: 50, effort: 1 },
  placeholder: { quality: 40, effort: 4 },
} as const;

// Bounded memory on a small box: no operation cache (every input is a one-off temp file), one
// libvips worker thread, and one image at a time (the server's image queue, queue.server.ts). Every extra thread gets
// its own glibc malloc arena, which keeps what the encoders freed: with two threads a 12 MP
// photo peaked 20-70 MB higher, and was no faster on two cores (ADR 011, measurements).
sharp.cache(false);
sharp.concurrency(1);

export interface ProcessImageOptions {
  /** Refuse images with more pixels than this (width × height from the header). Default 50 MP. */
  maxPixels?: number;
  /** The master's longer side at most. Default 2560. */
  masterMaxSide?: number;
  /** Display widths. Default VARIANT_WIDTHS. */
  widths?: readonly number[];
  /** Largest HEIC file read into memory. Default 64 MiB. */
  maxHeicBytes?: number;
}

interface EncodedImage {
  buffer: Buffer;
  width: number;
  height: number;
}

interface ImageVariant extends EncodedImage {
  format: VariantFormat;
}

export interface ProcessedImage {
  /** The type the bytes say the upload was. */
  sourceType: ImageType;
  /** Upright size of the upload (after EXIF orientation), before any resizing. */
  width: number;
  height: number;
  master: EncodedImage & { format: MasterFormat };
  /** Ascending by width, AVIF then WebP at each width. */
  variants: ImageVariant[];
  /** A data: URL of a tiny WebP (at most 16 × 16 px, the photo's shape), for a blurred preview while a variant loads. */
  placeholder: string;
}

type ImageRejectionReason = "unsupported-type" | "too-many-pixels" | "too-large" | "corrupt";

/** The upload cannot be used; `message` can be shown to the person who sent it. */
export class ImageRejectedError extends Error {
  readonly reason: ImageRejectionReason;
  constructor(reason: ImageRejectionReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ImageRejectedError";
    this.reason = reason;
  }
}

/**
 * Whether `error` is an ImageRejectedError, also one made by another copy of this module: the
 * host's image queue runs outside the server bundle, so the bundle's `instanceof` would miss it.
 */
export function isImageRejection(error: unknown): error is ImageRejectedError {
  return error instanceof ImageRejectedError || (error instanceof Error && error.name === "ImageRejectedError" && "reason" in error);
}

const SUPPORTED = "JPEG, PNG, WebP, AVIF, GIF or HEIC (iPhone)";

function unsupported(): ImageRejectedError {
  return new ImageRejectedError("unsupported-type", `This file is not a photo we can read. Please upload a ${SUPPORTED} image.`);
}

function megapixels(n: number): string {
  return (n / 1_000_000).toFixed(1).replace(/\.0$/, "");
}

function tooManyPixels(width: number, height: number, maxPixels: number): ImageRejectedError {
  const mp = megapixels;
  return new ImageRejectedError(
    "too-many-pixels",
    `This image is ${width} × ${height} pixels (${mp(width * height)} megapixels); the most we accept is ${mp(maxPixels)} megapixels. Please upload a smaller version.`,
  );
}

function corrupt(cause: unknown): ImageRejectedError {
  return new ImageRejectedError("corrupt", "This image is damaged or incomplete and could not be read. Please try uploading it again.", {
    cause,
  });
}

/** The display widths a photo `width` px wide gets: never upscaled. */
export function variantWidths(width: number, widths: readonly number[] = VARIANT_WIDTHS): number[] {
  const sorted = [...new Set(widths)].toSorted((a, b) => a - b);
  const fitting = sorted.filter((w) => w <= width);
  return fitting.length > 0 ? fitting : [width];
}

async function readHead(input: string | Buffer): Promise<Uint8Array> {
  if (typeof input !== "string") return input.subarray(0, SNIFF_BYTES);
  const file = await open(input, "r");
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await file.read(head, 0, SNIFF_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** A source ready to decode, and its upright size as its header tells it. */
interface Opened {
  image: Sharp;
  width: number;
  height: number;
}

// --- HEIC, through libheif compiled to WebAssembly (sharp's prebuilt libvips has no HEVC decoder).

interface HeicImage {
  width: number;
  height: number;
  decode(): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
}
type HeicDecodeAll = (input: { buffer: Uint8Array }) => Promise<HeicImage[] & { dispose(): void }>;

let heicDecodeAll: HeicDecodeAll | undefined;
function loadHeicDecoder(): HeicDecodeAll {
  // Loaded on the first HEIC only: the WebAssembly module is large and most uploads are JPEG.
  heicDecodeAll ??= (createRequire(import.meta.url)("heic-decode") as { all: HeicDecodeAll }).all;
  return heicDecodeAll;
}

/** Raw RGBA pixels of the HEIC's primary image, after its header's size passed the check. */
async function decodeHeic(input: string | Buffer, maxPixels: number, maxBytes: number): Promise<Opened> {
  if (typeof input === "string" && (await stat(input)).size > maxBytes) {
    throw new ImageRejectedError(
      "too-large",
      `This HEIC file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB. Please upload a smaller photo.`,
    );
  }
  const buffer = typeof input === "string" ? await readFile(input) : input;
  if (buffer.length > maxBytes) {
    throw new ImageRejectedError(
      "too-large",
      `This HEIC file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB. Please upload a smaller photo.`,
    );
  }
  let images: Awaited<ReturnType<HeicDecodeAll>>;
  try {
    images = await loadHeicDecoder()({ buffer });
  } catch (error) {
    throw corrupt(error);
  }
  try {
    const primary = images[0];
    if (!primary) throw corrupt(new Error("HEIF file without an image"));
    // Header dimensions (libheif's image handle), before any pixel is decoded. They already
    // include the file's rotation (irot/imir), which libheif applies when decoding.
    if (primary.width * primary.height > maxPixels) throw tooManyPixels(primary.width, primary.height, maxPixels);
    let decoded: { width: number; height: number; data: Uint8ClampedArray };
    try {
      decoded = await primary.decode();
    } catch (error) {
      throw corrupt(error);
    }
    const pixels = Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength);
    const image = sharp(pixels, {
      raw: { width: decoded.width, height: decoded.height, channels: 4 },
      limitInputPixels: maxPixels,
    });
    // The decoder always gives RGBA. A phone photo's alpha is all opaque: dropped, so that every
    // AVIF is not encoded twice (colour and an alpha plane), which took 40 % more memory.
    return { image: isOpaque(pixels) ? image.removeAlpha() : image, width: decoded.width, height: decoded.height };
  } finally {
    images.dispose();
  }
}

/** Whether every pixel of RGBA bytes has alpha 255 (about 15 ms at 12 MP). */
function isOpaque(rgba: Buffer): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) return false;
  return true;
}

// --- Everything else, through sharp.

const SHARP_FORMAT: Record<Exclude<ImageType, "heic">, string> = {
  jpeg: "jpeg",
  png: "png",
  webp: "webp",
  avif: "heif",
  gif: "gif",
};

async function openWithSharp(input: string | Buffer, type: Exclude<ImageType, "heic">, maxPixels: number): Promise<Opened> {
  // `failOn: "truncated"` refuses cut-off uploads but tolerates the minor warnings phone JPEGs often have.
  const options: SharpOptions = { limitInputPixels: maxPixels, failOn: "truncated", sequentialRead: true };
  let metadata: Metadata;
  try {
    // Reads the header only: no pixel is decoded here.
    metadata = await sharp(input, { ...options, limitInputPixels: false }).metadata();
  } catch (error) {
    throw corrupt(error);
  }
  if (metadata.format !== SHARP_FORMAT[type]) throw unsupported();
  const { width, height } = metadata;
  if (!width || !height) throw corrupt(new Error("no dimensions in the header"));
  if (width * height > maxPixels) throw tooManyPixels(width, height, maxPixels);
  // EXIF orientations 5 to 8 turn the picture a quarter: its upright size is swapped.
  const swap = (metadata.orientation ?? 1) >= 5;
  return { image: sharp(input, options), width: swap ? height : width, height: swap ? width : height };
}

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/**
 * What a photo's header says, without decoding a pixel: its type (by its bytes) and its size.
 * Throws the same ImageRejectedError `processImage` would for a file that is not a supported
 * image, has too many pixels or no readable header. For HEIC, sharp reads the header
 * (libvips's libheif parses HEVC files, it only cannot decode them).
 */
export async function readImageSize(
  input: string | Buffer,
  maxPixels = DEFAULT_MAX_PIXELS,
): Promise<{ type: ImageType; width: number; height: number; pixels: number }> {
  const type = sniffImageType(await readHead(input));
  if (!type) throw unsupported();
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (error) {
    // Should libvips not parse a HEIC that the WebAssembly decoder can, the photo is not refused
    // here: it is counted at the most it may be, and `processImage` checks it for real.
    if (type === "heic") return { type, width: 0, height: 0, pixels: maxPixels };
    throw corrupt(error);
  }
  if (metadata.format !== (type === "heic" ? "heif" : SHARP_FORMAT[type])) throw unsupported();
  const { width, height } = metadata;
  if (!width || !height) throw corrupt(new Error("no dimensions in the header"));
  if (width * height > maxPixels) throw tooManyPixels(width, height, maxPixels);
  return { type, width, height, pixels: width * height };
}

/**
 * The one decode: upright, sRGB, 8 bits, no larger than the master, no metadata. Its own
 * function so that the source (for HEIC, 48 MB of RGBA pixels at 12 MP) is unreachable once
 * the working copy exists, and can be freed before the encoders run.
 */
async function decodeUpright(
  input: string | Buffer,
  type: ImageType,
  options: ProcessImageOptions,
): Promise<{ working: { data: Buffer; info: OutputInfo }; width: number; height: number }> {
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;
  const masterMaxSide = options.masterMaxSide ?? DEFAULT_MASTER_MAX_SIDE;
  const source =
    type === "heic"
      ? await decodeHeic(input, maxPixels, options.maxHeicBytes ?? DEFAULT_MAX_HEIC_BYTES)
      : await openWithSharp(input, type, maxPixels);
  try {
    const working = await source.image
      .rotate()
      .resize({ width: masterMaxSide, height: masterMaxSide, fit: "inside", withoutEnlargement: true })
      .toColourspace("srgb")
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
    return { working, width: source.width, height: source.height };
  } catch (error) {
    // sharp's own pixel limit is the second guard, should a header have understated the size.
    if (isPixelLimitError(error)) throw tooManyPixels(source.width, source.height, maxPixels);
    throw corrupt(error);
  }
}

/**
 * Checks and converts one uploaded photo. `input` is the path of the temp file the upload
 * was streamed to (preferred: sharp reads it in pieces), or its bytes. Throws
 * ImageRejectedError for files that are not a supported image, too many pixels, or damaged.
 * Each call holds a full-size decode and an encoder for a moment: the server's calls go through
 * its one image queue (queue.server.ts), which decides how many run at once and in what order.
 */
export async function processImage(input: string | Buffer, options: ProcessImageOptions = {}): Promise<ProcessedImage> {
  const type = sniffImageType(await readHead(input));
  if (!type) throw unsupported();

  const { working, ...upright } = await decodeUpright(input, type, options);
  const { width: workWidth, height: workHeight, channels } = working.info;
  const fromWorking = () => sharp(working.data, { raw: { width: workWidth, height: workHeight, channels: channels as 1 | 2 | 3 | 4 } });
  const hasAlpha = channels === 2 || channels === 4;

  // Largest first, master last: the widest AVIF is the peak (the AV1 encoder alone takes about
  // 130 MB at 1920 px), and what each encode frees stays in the process's malloc arenas, so the
  // peak is lowest when it comes before the others have left theirs (ADR 011, measurements).
  // Each format resizes the working copy again: holding one resized copy for both encodes saved
  // about 50 ms and cost 10-25 MB more at the peak (ADR 037).
  const variants: ImageVariant[] = [];
  for (const width of variantWidths(workWidth, options.widths).toReversed()) {
    for (const format of ["avif", "webp"] as const) {
      const resized = fromWorking().resize({ width, withoutEnlargement: true });
      const encoded = format === "avif" ? resized.avif(QUALITY.avif) : resized.webp(QUALITY.webp);
      const out = await encoded.toBuffer({ resolveWithObject: true });
      variants.push({ format, buffer: out.data, width: out.info.width, height: out.info.height });
    }
  }
  // AVIF then WebP at each width, ascending, as callers expect.
  variants.sort((a, b) => a.width - b.width || (a.format === b.format ? 0 : a.format === "avif" ? -1 : 1));

  const masterOut = await fromWorking()
    .flatten(hasAlpha ? { background: "#ffffff" } : false)
    .jpeg(QUALITY.master)
    .toBuffer({ resolveWithObject: true });
  const master = {
    format: "jpeg" as const,
    buffer: masterOut.data,
    width: masterOut.info.width,
    height: masterOut.info.height,
  };

  const tiny = await fromWorking()
    // Within a 16 px square, so that a very tall photo cannot make a long data URL.
    .resize({ width: PLACEHOLDER_WIDTH, height: PLACEHOLDER_WIDTH, fit: "inside", withoutEnlargement: true })
    .flatten(hasAlpha ? { background: "#ffffff" } : false)
    .webp(QUALITY.placeholder)
    .toBuffer();
  const placeholder = `data:image/webp;base64,${tiny.toString("base64")}`;

  return { sourceType: type, width: upright.width, height: upright.height, master, variants, placeholder };
}
