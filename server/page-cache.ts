import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, gzip as gzipCallback, gzipSync, constants as zlib } from "node:zlib";

const gzipAsync = promisify(gzipCallback);
const brotliAsync = promisify(brotliCompress);

/**
 * Rendered public pages kept in memory, compressed once. A page is rendered
 * with a fresh nonce; when it is cached, the scripts that carry that nonce
 * (and only those: markup injected into the page could not know it) are
 * allowed by their SHA-256 hashes instead, so the cached bytes can be
 * identical for every visitor while the CSP stays free of 'unsafe-inline'.
 */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  scriptHashes: string[];
  styleHashes: string[];
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  expiresAt: number;
  /** How long it was kept for: an expired page is served at most this much longer (see `get`). */
  ttlMs: number;
}

const inlineScript = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const inlineStyle = /<style\b([^>]*)>([\s\S]*?)<\/style>/gi;

/** Hashes of the inline scripts that carry `nonce`, in CSP source form. */
export function hashNoncedScripts(html: string, nonce: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(inlineScript)) {
    const attributes = match[1] ?? "";
    const body = match[2] ?? "";
    if (/\bsrc\s*=/.test(attributes) || body.length === 0) continue;
    if (!attributes.includes(`nonce="${nonce}"`)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** Hashes of the inline styles that carry `nonce`, in CSP source form. */
export function hashNoncedStyles(html: string, nonce: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(inlineStyle)) {
    const attributes = match[1] ?? "";
    const body = match[2] ?? "";
    if (body.length === 0 || !attributes.includes(`nonce="${nonce}"`)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

interface CachedPageInput {
  html: string;
  nonce: string;
  status: number;
  headers: [string, string][];
  ttlMs: number;
  /**
   * A placeholder in the page that must hold a fresh value (the estimate
   * form's signed "shown at" time): filled with `fill()` when the page is
   * cached, and such a page lives at most `slotTtlMs`, so the value it
   * carries is never older than that.
   */
  slot?: { placeholder: string; fill: () => string; ttlMs: number };
  now?: number;
}

/**
 * Brotli's best quality costs about 0.2 s of CPU for a 45 KB page, worth it for a page kept
 * minutes; a page re-rendered every second (the estimate form's) gets quality 5: 2 ms, about
 * 10% larger.
 */
const LONG_LIVED_MS = 60_000;
const brotliOptions = (identity: Buffer, ttlMs: number) => ({
  params: {
    [zlib.BROTLI_PARAM_QUALITY]: ttlMs >= LONG_LIVED_MS ? 11 : 5,
    [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length,
  },
});

function preparePage(options: CachedPageInput) {
  const { slot } = options;
  let html = options.html;
  let ttlMs = options.ttlMs;
  if (slot && html.includes(slot.placeholder)) {
    html = html.replaceAll(slot.placeholder, slot.fill());
    ttlMs = Math.min(ttlMs, slot.ttlMs);
  }
  const scriptHashes = hashNoncedScripts(html, options.nonce);
  const styleHashes = hashNoncedStyles(html, options.nonce);
  // The nonce is no longer a secret once it is in every cached copy: drop it.
  const identity = Buffer.from(html.replaceAll(` nonce="${options.nonce}"`, ""), "utf8");
  return {
    ttlMs,
    page: {
      status: options.status,
      headers: options.headers,
      scriptHashes,
      styleHashes,
      etag: `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
      identity,
      expiresAt: (options.now ?? Date.now()) + ttlMs,
      ttlMs,
    },
  };
}

/** A page ready to cache, compressed on this thread. */
export function createCachedPage(options: CachedPageInput): CachedPage {
  const { ttlMs, page } = preparePage(options);
  return {
    ...page,
    gzip: gzipSync(page.identity, { level: 9 }),
    br: brotliCompressSync(page.identity, brotliOptions(page.identity, ttlMs)),
  };
}

/**
 * The same, compressed on libuv's thread pool: the event loop keeps answering (cached pages
 * among them) while a long-lived page gets brotli's best quality.
 */
export async function compressCachedPage(options: CachedPageInput): Promise<CachedPage> {
  const { ttlMs, page } = preparePage(options);
  const [gzip, br] = await Promise.all([
    gzipAsync(page.identity, { level: 9 }),
    brotliAsync(page.identity, brotliOptions(page.identity, ttlMs)),
  ]);
  return { ...page, gzip, br };
}

/** A small LRU: a Map keeps insertion order, so the first key is the oldest. */
export class PageCache {
  readonly #entries = new Map<string, CachedPage>();
  #generation = 0;
  /** Keys whose expired page one request is rendering again. */
  readonly #refreshing = new Set<string>();
  readonly maxEntries: number;
  readonly ttlMs: number;
  /** How long an expired page may still be served while one request renders it again. */
  readonly staleMs: number;

  constructor(options: { maxEntries: number; ttlMs: number; staleMs?: number }) {
    this.maxEntries = options.maxEntries;
    this.ttlMs = options.ttlMs;
    this.staleMs = options.staleMs ?? 2000;
  }

  /**
   * Goes up on every clear(): a page whose rendering started before a clear may show what
   * changed, so `set` refuses it when given the generation read before rendering.
   */
  get generation(): number {
    return this.#generation;
  }

  get enabled(): boolean {
    return this.ttlMs > 0 && this.maxEntries > 0;
  }

  /**
   * The page, or undefined. Once a page's time is up, the first caller gets undefined and
   * renders it again (`set` replaces it); while that render runs, other callers get the old copy
   * for at most `staleMs` (and its own lifetime), so a page that expires under load is rendered once, not once per
   * waiting request. A caller that will not store a new copy (a HEAD) passes `canRefresh` false.
   * After `clear()` nothing old is served.
   */
  get(key: string, now = Date.now(), canRefresh = true): CachedPage | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      // At most its own lifetime more: the estimate form's page (1 s) carries a signed time
      // that must stay younger than the form's minimum time (3 s).
      const isFresh = now < entry.expiresAt + Math.min(this.staleMs, entry.ttlMs);
      if (isFresh && this.#refreshing.has(key)) return entry;
      if (isFresh && canRefresh) {
        this.#refreshing.add(key);
        return undefined;
      }
      if (!isFresh) {
        this.#entries.delete(key);
        this.#refreshing.delete(key);
      }
      return undefined;
    }
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  /** Keeps `entry`, unless the cache was cleared since `generation` was read (returns false). */
  set(key: string, entry: CachedPage, generation = this.#generation): boolean {
    if (generation !== this.#generation) return false;
    this.#refreshing.delete(key);
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
      this.#refreshing.delete(oldest);
    }
    return true;
  }

  /** Forget every page, e.g. after content that appears on public pages changed. */
  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#refreshing.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}

/** Picks the best encoding the client accepts among those we store. */
export function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | "identity" {
  if (!acceptEncoding) return "identity";
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [rawName, ...params] = part.split(";");
    // Whitespace is allowed around ";" (RFC 9110 OWS): "br ;q=1" names "br".
    const name = rawName?.trim();
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (allows("br")) return "br";
  if (allows("gzip")) return "gzip";
  return "identity";
}

/** If-None-Match holds a list of tags, possibly weak (W/) or "*" (RFC 9110 13.1.2). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
