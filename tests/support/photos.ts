/**
 * Gallery photos made through the app's own server code (the image pipeline, the BlobStore,
 * the repos), straight into the database and storage a test server uses. Used by integration
 * tests, browser tests and the bench.
 */
import sharp from "sharp";
import type { Database } from "#app/server/db/index.server.ts";
import { type BlobStore } from "#app/server/storage/blob-store.server.ts";
import { createBlobStore } from "#app/server/storage/create-blob-store.server.ts";
import { createPhotoFromUpload, publishPhoto } from "#app/server/gallery/photos.server.ts";
import { createLogger } from "#app/server/logger.server.ts";
import { createImageQueue, type ImageQueue } from "#app/server/images/queue.server.ts";
import type { PhotoRow } from "#app/server/repos/photos.server.ts";
import type { ServiceSlug } from "#app/schemas/content.ts";

/** A photo-like JPEG: a coloured scene with a label, `width` × `height` px. */
export async function makeTestJpeg({
  width = 800,
  height = 600,
  hue = 200,
  label = "Test photo",
  quality = 85,
  texture = false,
}: {
  width?: number;
  height?: number;
  hue?: number;
  label?: string;
  quality?: number;
  /** Grain over the scene, so the files are as large as a real photo's (for byte counts). */
  texture?: boolean;
} = {}): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},60%,70%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},55%,35%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <rect x="${width * 0.1}" y="${height * 0.55}" width="${width * 0.8}" height="${height * 0.35}" fill="hsl(${(hue + 180) % 360},30%,45%)"/>
    <circle cx="${width * 0.75}" cy="${height * 0.25}" r="${Math.min(width, height) * 0.12}" fill="hsl(50,90%,65%)"/>
    <text x="50%" y="45%" font-family="sans-serif" font-size="${Math.round(height / 10)}" text-anchor="middle" fill="#fff">${label}</text>
  </svg>`;
  const scene = sharp(Buffer.from(svg));
  if (!texture) return scene.jpeg({ quality }).toBuffer();
  // Detail at several scales, as in a real scene: blotches, texture and fine grain.
  const layers = await Promise.all(
    [16, 4, 1].map((scale) =>
      sharp({
        create: {
          width: Math.ceil(width / scale),
          height: Math.ceil(height / scale),
          channels: 3,
          background: "#808080",
          noise: { type: "gaussian", mean: 128, sigma: 50 },
        },
      })
        .resize(width, height, { kernel: "cubic" })
        .png()
        .toBuffer(),
    ),
  );
  return scene
    .composite(layers.map((input) => ({ input, blend: "soft-light" as const })))
    .jpeg({ quality })
    .toBuffer();
}

function bodyOf(buffer: Buffer): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new Uint8Array(buffer));
      controller.close();
    },
  });
}

export interface SeedPhotoOptions {
  category?: ServiceSlug;
  caption?: string;
  alt?: string;
  /** The Spanish caption and description (none by default: the photo has no Spanish page). */
  captionEs?: string;
  altEs?: string;
  /** Leave it a draft. */
  draft?: boolean;
  width?: number;
  height?: number;
  hue?: number;
  /** See makeTestJpeg. */
  texture?: boolean;
}

/** An image queue as the host builds one (one conversion at a time), for tests that build features themselves. */
export function testImageQueue(): ImageQueue {
  return createImageQueue({ concurrency: 1, maxQueuedMegapixels: 600 });
}

/**
 * Uploads, processes and (unless `draft`) publishes one photo into a test server's database and
 * storage (`openTestStorage`); `dataDir` is its DATA_DIR (the upload's temp file goes there).
 */
export async function seedPhoto(
  site: { database: Database; storage: BlobStore; dataDir: string },
  options: SeedPhotoOptions = {},
): Promise<PhotoRow> {
  const { database, storage, dataDir } = site;
  const caption = options.caption ?? "A finished job";
  const image = await makeTestJpeg({
    width: options.width,
    height: options.height,
    hue: options.hue,
    label: caption.slice(0, 24),
    texture: options.texture,
  });
  const deps = {
    db: database.db,
    dialect: database.dialect,
    blobStore: storage,
    logger: createLogger({ level: "silent" }),
    images: testImageQueue(),
  };
  const draft = await createPhotoFromUpload({
    deps,
    limits: { maxBytes: 50 * 1024 * 1024, maxPixels: 50_000_000, dataDir },
    body: bodyOf(image),
    category: options.category ?? "bathroom",
    uploadedBy: null,
  });
  if (options.draft) return draft;
  const published = await publishPhoto({
    deps,
    id: draft.id,
    details: {
      caption,
      alt: options.alt ?? caption,
      captionEs: options.captionEs ?? "",
      altEs: options.altEs ?? "",
      category: options.category ?? "bathroom",
    },
  });
  return published ?? draft;
}

/** The BlobStore a test server with this DATA_DIR (and the process's S3 settings, when STORAGE=s3) uses. */
export async function openTestStorage(dataDir: string, env: Record<string, string | undefined> = {}): Promise<BlobStore> {
  return createBlobStore({
    dataDir,
    env: {
      STORAGE: env.STORAGE === "s3" ? "s3" : "local",
      S3_BUCKET: env.S3_BUCKET,
      S3_ENDPOINT: env.S3_ENDPOINT,
      S3_REGION: env.S3_REGION,
      S3_ACCESS_KEY_ID: env.S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: env.S3_SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: env.S3_FORCE_PATH_STYLE === undefined ? undefined : env.S3_FORCE_PATH_STYLE === "true",
      PUBLIC_MEDIA_URL: env.PUBLIC_MEDIA_URL,
    },
  });
}
