/**
 * Where an imported document's file comes from: fetched over HTTP(S) through the outbound guard
 * (ADR 046), or read from a downloaded copy of the bucket; and the words for what went wrong.
 * docs/decisions/035-firebase-gallery-import.md
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import { formatMegabytes } from "#app/schemas/photo-view.ts";
import type { UploadError } from "#app/server/gallery/upload.server.ts";
import { fileNameFromUrl } from "#app/server/gallery/firebase-export.server.ts";
import {
  checkOutboundUrl,
  OutboundRefusedError,
  OutboundTooLargeError,
  safeGet,
  type OutboundPolicy,
  type SafeResponse,
} from "#app/server/net/outbound.server.ts";

export const MAX_REDIRECTS = 5;

/** A document that could not be imported, and why in words. */
export class ImportFailure extends Error {
  override name = "ImportFailure";
}

export function tooLarge(maxBytes: number): ImportFailure {
  return new ImportFailure(`too large: the file is over ${formatMegabytes(maxBytes)} (UPLOAD_MAX_MB)`);
}

function describeFetchError(error: unknown, timeoutMs: number): string {
  if (error instanceof ImportFailure) return error.message;
  if (error instanceof OutboundTooLargeError) return tooLarge(error.maxBytes).message;
  if (error instanceof OutboundRefusedError) {
    const { refusal } = error;
    switch (refusal.reason) {
      case "invalid":
        return "not a web address";
      case "scheme":
        return `only http and https addresses are fetched, not ${refusal.protocol}`;
      case "credentials":
        return "the address carries a user name or password: refused";
      case "redirects":
        return `too many redirects (more than ${refusal.max})`;
      case "private":
        return `refused: ${refusal.host} is a private or local address, not a public one (to import from your own network, pass --allow-private-addresses)`;
    }
  }
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return `timeout: no complete answer within ${Math.round(timeoutMs / 1000)} s`;
  }
  const code = error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined;
  return `could not download the file (${code ?? (error instanceof Error ? error.message : String(error))})`;
}

/** The export's address checked before anything is sent, so a bad one gets its own words. */
function checkedAddress(address: string, outbound: OutboundPolicy): URL {
  const checked = checkOutboundUrl(address, outbound);
  if (checked.ok) return checked.url;
  if (checked.refusal.reason === "invalid") {
    throw new ImportFailure(`imageFile is not a web address: ${JSON.stringify(address.slice(0, 200))}`);
  }
  throw new ImportFailure(describeFetchError(new OutboundRefusedError(checked.refusal), 0));
}

/** Every hop and every connection goes through the outbound guard (ADR 046). */
export function request(
  address: string,
  method: "GET" | "HEAD",
  signal: AbortSignal,
  outbound: OutboundPolicy,
  maxBytes?: number,
): Promise<SafeResponse> {
  const url = checkedAddress(address, outbound);
  return safeGet(url, {
    ...outbound,
    method,
    signal,
    maxRedirects: MAX_REDIRECTS,
    headers: { Accept: "image/*" },
    ...(maxBytes === undefined ? {} : { maxBytes }),
  });
}

export function httpFailure(response: SafeResponse): ImportFailure {
  return new ImportFailure(`HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`);
}

/** Runs a network step; whatever goes wrong comes out as an ImportFailure in words. */
export async function overNetwork<T>(timeoutMs: number, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw error instanceof ImportFailure ? error : new ImportFailure(describeFetchError(error, timeoutMs));
  }
}

/** Downloads at most `maxBytes`, within `timeoutMs` for the whole transfer. */
export function download(
  address: string,
  maxBytes: number,
  timeoutMs: number,
  outbound: OutboundPolicy,
): Promise<{ bytes: Buffer; contentType: string | null }> {
  return overNetwork(timeoutMs, async () => {
    const response = await request(address, "GET", AbortSignal.timeout(timeoutMs), outbound, maxBytes);
    if (response.status < 200 || response.status > 299) {
      response.discard();
      throw httpFailure(response);
    }
    return { bytes: await response.read(), contentType: response.header("content-type") };
  });
}

/**
 * A document's file in a downloaded bucket (DIR/images/<name> or DIR/<name>), checked against
 * the size limit; refused in words when it is not there or too large.
 */
export async function localFileWithin(filesDir: string, imageFile: string, maxBytes: number): Promise<string> {
  const name = fileNameFromUrl(imageFile);
  if (!name) throw new ImportFailure("imageFile names no file to look for");
  const looked = [path.join(filesDir, "images", name), path.join(filesDir, name)];
  for (const file of looked) {
    const stats = await stat(file).catch(() => null); // null: not this one
    if (!stats?.isFile()) continue;
    if (stats.size > maxBytes) throw tooLarge(maxBytes);
    return file;
  }
  throw new ImportFailure(`file not found (looked for ${looked.join(" and ")})`);
}

/** The words for a refusal by the upload pipeline. */
export function describeRefusal(error: UploadError, contentType: string | null, maxBytes: number): string {
  switch (error.status) {
    case 415:
      return `not an image: the file is not a JPEG, PNG, WebP, AVIF, GIF or HEIC picture${contentType ? ` (it was sent as ${contentType})` : ""}`;
    case 413:
      return tooLarge(maxBytes).message;
    case 400:
      return "the file is empty";
    default:
      return `the photo cannot be used: ${error.message}`;
  }
}
