/**
 * A streaming reader for `multipart/form-data` bodies: each part's bytes go to a sink the caller
 * chooses as they arrive (a file on disk, a small text buffer, nowhere), so a body of any size
 * is read in bounded memory. Only what browsers send is understood: a boundary from the
 * Content-Type, parts with a Content-Disposition, no nested multiparts.
 *
 * The body is refused as soon as it passes `maxBytes` (whatever Content-Length said), a part's
 * headers pass `maxHeaderBytes`, or it has more than `maxParts` parts.
 */

export interface PartInfo {
  /** The form field's name. */
  name: string;
  /** The file's name as the browser sent it (may be ""), or null for a text field. */
  filename: string | null;
  /** The declared Content-Type; never trusted for what a file is. */
  contentType: string | null;
}

/** Where a part's bytes go. `write` is awaited before more of the body is read. */
export interface PartSink {
  write(chunk: Buffer): Promise<void> | void;
  end(): Promise<void> | void;
}

type MultipartProblem = "too-large" | "malformed";

export class MultipartError extends Error {
  readonly problem: MultipartProblem;
  constructor(problem: MultipartProblem, message: string) {
    super(message);
    this.name = "MultipartError";
    this.problem = problem;
  }
}

interface MultipartOptions {
  maxBytes: number;
  maxHeaderBytes?: number;
  maxParts?: number;
  onPart(part: PartInfo): PartSink | Promise<PartSink>;
  signal?: AbortSignal;
}

/** The boundary of a `multipart/form-data` Content-Type, or null when there is none usable. */
export function multipartBoundary(contentType: string | null): string | null {
  if (!contentType || !/^\s*multipart\/form-data\s*(;|$)/i.test(contentType)) return null;
  const params = parseParams(contentType.slice(contentType.indexOf(";") + 1));
  const boundary = params.get("boundary");
  // RFC 2046: 1 to 70 characters.
  return boundary && boundary.length <= 70 ? boundary : null;
}

/** `a=1; b="two"` → Map; quoted values may escape with a backslash. Names are lower-cased. */
function parseParams(text: string): Map<string, string> {
  const params = new Map<string, string>();
  const pattern = /(?:^|;)\s*([^=;\s]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (const match of text.matchAll(pattern)) {
    const name = match[1]!.toLowerCase();
    const value = match[2] !== undefined ? match[2].replace(/\\(.)/g, "$1") : (match[3] ?? "").trim();
    if (!params.has(name)) params.set(name, value);
  }
  return params;
}

function parsePartHeaders(block: string): PartInfo | null {
  let disposition: string | null = null;
  let contentType: string | null = null;
  for (const line of block.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === "content-disposition") disposition = value;
    else if (name === "content-type") contentType = value;
  }
  if (!disposition || !/^form-data\s*(;|$)/i.test(disposition)) return null;
  const params = parseParams(disposition.slice(disposition.indexOf(";") + 1));
  const name = params.get("name");
  if (name === undefined) return null;
  let filename = params.get("filename") ?? null;
  const extended = params.get("filename*");
  if (extended) {
    // RFC 5987: charset'language'percent-encoded
    const match = /^[^']*'[^']*'(.*)$/.exec(extended);
    if (match) {
      try {
        filename = decodeURIComponent(match[1]!);
      } catch {
        // Keep the plain filename.
      }
    }
  }
  return { name, filename, contentType };
}

const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");

/** Reads the whole body, handing every part to `onPart`'s sink. Throws MultipartError. */
export async function readMultipart(
  body: ReadableStream<Uint8Array> | null,
  boundary: string,
  { maxBytes, maxHeaderBytes = 8 * 1024, maxParts = 100, onPart, signal }: MultipartOptions,
): Promise<void> {
  if (!body) throw new MultipartError("malformed", "empty body");
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // A CRLF in front, so the first boundary (at the very start) looks like every other one.
  let buffer: Buffer = Buffer.from(CRLF);
  type State = "preamble" | "boundary" | "headers" | "body" | "done";
  // Changed inside `advance`: the cast keeps the compiler from narrowing it to the first value.
  let state = "preamble" as State;
  let sink: PartSink | null = null;
  let received = 0;
  let parts = 0;

  const advance = async (): Promise<void> => {
    for (;;) {
      if (state === "preamble") {
        const at = buffer.indexOf(delimiter);
        if (at === -1) {
          buffer = buffer.subarray(Math.max(0, buffer.length - delimiter.length + 1));
          return;
        }
        buffer = buffer.subarray(at + delimiter.length);
        state = "boundary";
      } else if (state === "boundary") {
        if (buffer.length < 2) return;
        if (buffer[0] === 0x2d && buffer[1] === 0x2d) {
          state = "done";
          return;
        }
        // Transport padding (spaces, tabs) may follow a boundary before its line break.
        const lineEnd = buffer.indexOf(CRLF);
        if (lineEnd === -1) {
          if (buffer.length > 256) throw new MultipartError("malformed", "boundary line too long");
          return;
        }
        if (buffer.subarray(0, lineEnd).toString("latin1").trim() !== "") throw new MultipartError("malformed", "text after a boundary");
        buffer = buffer.subarray(lineEnd + 2);
        state = "headers";
      } else if (state === "headers") {
        const at = buffer.indexOf(HEADER_END);
        if (at === -1) {
          if (buffer.length > maxHeaderBytes) throw new MultipartError("malformed", "part headers too long");
          return;
        }
        if (at > maxHeaderBytes) throw new MultipartError("malformed", "part headers too long");
        parts++;
        if (parts > maxParts) throw new MultipartError("malformed", `more than ${maxParts} parts`);
        const info = parsePartHeaders(buffer.subarray(0, at).toString("utf8"));
        if (!info) throw new MultipartError("malformed", "a part without a form-data name");
        buffer = buffer.subarray(at + HEADER_END.length);
        sink = await onPart(info);
        state = "body";
      } else if (state === "body") {
        const at = buffer.indexOf(delimiter);
        if (at === -1) {
          // Everything but what could be the start of the next delimiter belongs to the part.
          const safe = buffer.length - delimiter.length + 1;
          if (safe > 0) {
            await sink!.write(buffer.subarray(0, safe));
            buffer = buffer.subarray(safe);
          }
          return;
        }
        if (at > 0) await sink!.write(buffer.subarray(0, at));
        await sink!.end();
        sink = null;
        buffer = buffer.subarray(at + delimiter.length);
        state = "boundary";
      } else {
        return;
      }
    }
  };

  const reader = body.getReader();
  try {
    for (;;) {
      if (signal?.aborted) throw new MultipartError("malformed", "the request was aborted");
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) throw new MultipartError("too-large", `body over ${maxBytes} bytes`);
      if (state === "done") continue; // the epilogue is ignored (but counted)
      // Copy: the chunk's memory may be reused by the stream once read.
      buffer = buffer.length === 0 ? Buffer.from(value) : Buffer.concat([buffer, value]);
      await advance();
    }
  } catch (error) {
    await reader.cancel().catch(() => {});
    throw error;
  }
  if (state !== "done") throw new MultipartError("malformed", "the body ended before its last boundary");
}
