/**
 * What a page's JavaScript weighs in a Lighthouse run: the script requests on the wire, and
 * gzipped, every script file plus the page's inline scripts (`javascriptBytes`).
 */
import { gzipSync } from "node:zlib";
import type { Result as LighthouseResult } from "lighthouse";

export const score100 = (value: number | null | undefined) => (value === null || value === undefined ? null : Math.round(value * 100));

export function numericValue(lhr: LighthouseResult, id: string): number | null {
  const value = lhr.audits[id]?.numericValue;
  return typeof value === "number" ? value : null;
}

interface RequestItem {
  url?: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

export function itemsOf(lhr: LighthouseResult, id: string): Record<string, unknown>[] {
  const details = lhr.audits[id]?.details as { items?: unknown[] } | undefined;
  return Array.isArray(details?.items) ? (details.items as Record<string, unknown>[]) : [];
}

export function scriptBytes(lhr: LighthouseResult) {
  const requests = itemsOf(lhr, "network-requests") as RequestItem[];
  if (requests.length > 0) {
    const scripts = requests.filter((r) => r.resourceType === "Script");
    return {
      jsTransferBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      jsResourceBytes: scripts.reduce((sum, r) => sum + (r.resourceSize ?? 0), 0),
      jsRequests: scripts.length,
      totalTransferBytes: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      requests: requests.length,
    };
  }
  // Fallback: the resource summary has the same totals, without uncompressed sizes.
  const summary = itemsOf(lhr, "resource-summary") as {
    resourceType?: string;
    transferSize?: number;
    requestCount?: number;
  }[];
  const script = summary.find((r) => r.resourceType === "script");
  const total = summary.find((r) => r.resourceType === "total");
  return {
    jsTransferBytes: script?.transferSize ?? 0,
    jsResourceBytes: 0,
    jsRequests: script?.requestCount ?? 0,
    totalTransferBytes: total?.transferSize ?? 0,
    requests: total?.requestCount ?? 0,
  };
}

export interface JavaScriptBytes {
  /** Files and inline text together, each gzipped: the figure for the 40 KB budget. */
  gzipBytes: number;
  /** Script files the page loaded (same origin or not), each gzipped on its own. */
  fileGzipBytes: number;
  files: { url: string; bytes: number; gzipBytes: number }[];
  /** The inline scripts' text (JSON data blocks excluded), gzipped together. */
  inlineGzipBytes: number;
  inlineBytes: number;
  inlineScripts: number;
}

/** Script types a browser runs, or runs later (the hydration script held until load, app/hydrate-after-load.ts). */
const RUNNABLE_TYPES = new Set(["", "module", "text/javascript", "application/javascript", "text/x-held-module"]);

/** Level 9, like `gzip -9`: the size a script has at the best a plain gzip can do. */
const gzipSize = (bytes: Uint8Array | string) => gzipSync(bytes, { level: 9 }).length;

const fileSizes = new Map<string, Promise<{ bytes: number; gzipBytes: number }>>();

/** A script file's size and gzipped size, fetched once per URL (chunks are shared by pages). */
function scriptFileSize(url: string): Promise<{ bytes: number; gzipBytes: number }> {
  let size = fileSizes.get(url);
  if (!size) {
    size = fetch(url).then(async (response) => {
      // fetch undoes the transfer encoding: these are the file's own bytes.
      const body = new Uint8Array(await response.arrayBuffer());
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return { bytes: body.length, gzipBytes: gzipSize(body) };
    });
    fileSizes.set(url, size);
  }
  return size;
}

/**
 * The JavaScript a page loads, gzipped: every Script request of the Lighthouse run (the page's
 * script files, the modules preloaded after load, any chunk fetched later), each gzipped on
 * its own as a server would send it, plus the page's inline scripts (read from the HTML the
 * server sends for the page; JSON-LD and other data blocks are not scripts), gzipped together.
 * Counted this way rather than from the transfer sizes so that it does not depend on the
 * encoding the server chose (brotli for Chromium) nor on the HTTP cache.
 */
export async function javascriptBytes(baseUrl: string, pagePath: string, lhr: LighthouseResult): Promise<JavaScriptBytes> {
  const requests = itemsOf(lhr, "network-requests") as RequestItem[];
  const urls = [...new Set(requests.filter((r) => r.resourceType === "Script" && r.url).map((r) => r.url!))];
  const files = await Promise.all(urls.map(async (url) => ({ url: url.replace(baseUrl, ""), ...(await scriptFileSize(url)) })));
  const html = await (await fetch(baseUrl + pagePath)).text();
  const inline: string[] = [];
  for (const [, attributes = "", text = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc=/i.test(attributes)) continue;
    const type = /\stype=["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase() ?? "";
    if (RUNNABLE_TYPES.has(type) && text.trim() !== "") inline.push(text);
  }
  const inlineText = inline.join("\n");
  const fileGzipBytes = files.reduce((sum, file) => sum + file.gzipBytes, 0);
  const inlineGzipBytes = inline.length > 0 ? gzipSize(inlineText) : 0;
  return {
    gzipBytes: fileGzipBytes + inlineGzipBytes,
    fileGzipBytes,
    files,
    inlineGzipBytes,
    inlineBytes: Buffer.byteLength(inlineText),
    inlineScripts: inline.length,
  };
}
