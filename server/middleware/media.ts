/**
 * GET/HEAD /media/{key}: stored photos, streamed from the BlobStore (local disk or S3) with
 * their content type, `nosniff` (set for every response), an ETag, single byte ranges and
 * immutable caching — every key carries the photo's version, so a key's bytes never change.
 * With PUBLIC_MEDIA_URL set, pages point at that base instead; this route still answers.
 */
import type { Request, RequestHandler, Response } from "express";
import { pipeline } from "node:stream/promises";
import type { Backend } from "#app/server/context.server.ts";
import { BlobRangeError, isValidKey, type BlobRange } from "#app/server/storage/blob-store.server.ts";
import { IMMUTABLE_CACHE_CONTROL } from "#app/server/gallery/gallery.server.ts";
import { etagMatches } from "#server/page-cache.ts";

/** Only photo files are served; anything else in the store (if ever) stays private. */
const SERVED_PREFIX = "photos/";

/** A single `bytes=a-b` or `bytes=a-` range; anything else is ignored and the whole file sent (RFC 9110 allows it). */
function parseRange(header: string | undefined): BlobRange | null {
  const match = header ? /^bytes=(\d+)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return null;
  const start = Number(match[1]);
  const end = match[2] ? Number(match[2]) : undefined;
  if (!Number.isSafeInteger(start) || (end !== undefined && (!Number.isSafeInteger(end) || end < start))) return null;
  return { start, end };
}

function notFound(res: Response) {
  res.status(404).setHeader("Cache-Control", "no-store");
  res.type("text/plain").send("This photo does not exist (any more).");
}

/** The /media/{*key} route. Photos are already compressed: mount it before compression. */
export function media(backend: Backend): RequestHandler {
  return (req, res, next) => {
    // A photo opened on its own (a gallery link without JavaScript) is shown by the browser's
    // image viewer, which styles itself inline; a photo can run nothing, so nothing else is allowed.
    res.setHeader("Content-Security-Policy", "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'");
    serveMedia(req, res, backend).catch(next);
  };
}

async function serveMedia(req: Request, res: Response, backend: Backend): Promise<void> {
  const key = req.path.slice("/media/".length);
  if (!key.startsWith(SERVED_PREFIX) || !isValidKey(key)) {
    notFound(res);
    return;
  }
  const range = parseRange(req.get("range"));
  let object;
  try {
    object = await backend.blobStore.get(key, range ? { range } : undefined);
  } catch (error) {
    if (error instanceof BlobRangeError) {
      res.status(416).setHeader("Content-Range", `bytes */${error.size}`);
      res.end();
      return;
    }
    throw error;
  }
  if (!object) {
    notFound(res);
    return;
  }
  res.setHeader("Cache-Control", IMMUTABLE_CACHE_CONTROL);
  res.setHeader("Accept-Ranges", "bytes");
  if (object.etag) res.setHeader("ETag", object.etag);
  if (object.lastModified) res.setHeader("Last-Modified", object.lastModified.toUTCString());
  res.setHeader("Content-Type", object.contentType);
  // Photos may be shown by other sites' pages (an email, a share preview), not only ours.
  res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
  if (object.etag && etagMatches(req.get("if-none-match"), object.etag)) {
    object.body.destroy();
    res.status(304).end();
    return;
  }
  if (object.range) {
    res.status(206);
    res.setHeader("Content-Range", `bytes ${object.range.start}-${object.range.end}/${object.size}`);
  }
  res.setHeader("Content-Length", String(object.contentLength));
  if (req.method === "HEAD") {
    object.body.destroy();
    res.end();
    return;
  }
  try {
    await pipeline(object.body, res);
  } catch (error) {
    // When the visitor left before the first byte, pipeline rejects without destroying the
    // source, which would keep the photo's file open until garbage collection.
    object.body.destroy();
    // The visitor went away mid-photo: nothing to answer.
    if (res.destroyed || (error as NodeJS.ErrnoException).code === "ERR_STREAM_PREMATURE_CLOSE") return;
    throw error;
  }
}
