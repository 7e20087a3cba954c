import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { finished, type Readable } from "node:stream";

/** Turns an Express request into a Fetch API Request for React Router. */
export function toFetchRequest(req: ExpressRequest, res: ExpressResponse, siteOrigin: string): Request {
  // The site's origin, not the address a proxy forwards (see middleware/same-origin.ts): React
  // Router compares a form post's Origin with this URL, and refuses a mismatch with a bare 400.
  // Appended, not resolved: a path starting with "//" must not become another host.
  let target = req.originalUrl;
  if (!target.startsWith("/")) {
    // The absolute form (`POST http://host/path HTTP/1.1`): keep its path and query only.
    const absolute = URL.canParse(target, siteOrigin) ? new URL(target, siteOrigin) : new URL("/", siteOrigin);
    target = absolute.pathname + absolute.search;
  }
  const url = new URL(siteOrigin + target);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers,
    signal: controller.signal,
  };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = requestBody(req);
    init.duplex = "half";
  }
  return new Request(url, init);
}

/**
 * The request's body as a web stream, read as the route reads it. Unlike Readable.toWeb, a route
 * that stops reading and cancels it (the estimate form's 413 past 64 KB of text) leaves the request
 * alive: destroying it would make Node stop reading the socket mid-body, with nothing left to
 * drain the rest (server/unread-bodies.ts does, once the answer is written).
 */
function requestBody(req: Readable): ReadableStream<Uint8Array> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let stopWatching: (() => void) | undefined;
  const onData = (chunk: Buffer) => {
    // A copy: the chunk is a slice of a pooled buffer.
    controller.enqueue(new Uint8Array(chunk));
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  };
  const detach = () => {
    req.off("data", onData);
    stopWatching?.();
  };
  const body = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      pull() {
        req.resume();
      },
      cancel() {
        detach();
        req.pause();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: req.readableHighWaterMark }),
  );
  stopWatching = finished(req, { writable: false }, (error) => {
    detach();
    if (error) controller.error(error);
    else controller.close();
  });
  req.pause();
  req.on("data", onData);
  return body;
}

/** Writes a Fetch API Response to Express, streaming the body. */
export async function sendFetchResponse(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === "set-cookie") continue;
    res.setHeader(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) {
        await new Promise<void>((resolve) => {
          const resume = () => {
            res.off("drain", resume);
            res.off("close", resume);
            resolve();
          };
          res.on("drain", resume);
          res.on("close", resume);
        });
      }
      if (res.destroyed) {
        await reader.cancel();
        return;
      }
    }
    res.end();
  } catch (error) {
    if (res.destroyed) return;
    throw error;
  }
}
