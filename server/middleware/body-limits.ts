/**
 * Refuses bodies we would not read anyway before they reach a route: a chunked body without a
 * Content-Length (411), a Content-Length that is not a number (400), and one over the limit
 * (413) — the upload route's own, larger limit for a photo's bytes, the estimate form's for a
 * multipart post with photos of the job (six photos and the form), 1 MB for everything else.
 * Each refusal is one warning line, like the cross-origin refusal (same-origin.ts). What happens
 * to the body nobody read, and to its connection, is decided for every answer in one place
 * (server/unread-bodies.ts): above the 1 MB it drains, the answer says `Connection: close`, so the
 * browser stops sending the rest of the file.
 */
import type { Request, RequestHandler, Response } from "express";
import type { Backend } from "#app/server/context.server.ts";

/** The one route that takes large bodies: a photo's bytes (app/routes/admin/gallery-upload.ts). */
export const UPLOAD_PATH = "/admin/gallery/upload";

/**
 * The estimate form's pages, which take a multipart form with photos of the job
 * (app/server/leads/job-photos.server.ts), their data requests, and the form script's own
 * address (app/routes/resources/estimate-request.ts).
 */
const ESTIMATE_PATHS: ReadonlySet<string> = new Set(["/", "/contact", "/_root.data", "/contact.data", "/estimate-request"]);

/** The largest body outside the upload route and the estimate form's photos, unless said. */
export const MAX_BODY_BYTES = 1024 * 1024;

interface BodyLimitsOptions {
  logger: Backend["logger"];
  /** Largest request body accepted outside the upload route, in bytes (1 MB unless said). */
  maxBodyBytes?: number;
  /** The upload route's limit and the sentence that refuses a larger photo (the gallery's). */
  upload: Backend["gallery"]["uploadPolicy"];
  /** The estimate form's limit (six photos and the form) and the sentence that refuses more. */
  estimate?: { maxBytes: number; tooLargeMessage: string };
}

export function bodyLimits({ logger, maxBodyBytes = MAX_BODY_BYTES, upload, estimate }: BodyLimitsOptions): RequestHandler {
  const refuse = (req: Request, res: Response, status: number, reason: string) => {
    logger.warn("request refused", {
      reason,
      status,
      contentLength: req.get("content-length") ?? null,
      path: req.path,
      requestId: res.locals.requestId,
    });
    return res.status(status);
  };
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const length = req.get("content-length");
    if (length === undefined) {
      if (req.get("transfer-encoding")) {
        say(req, refuse(req, res, 411, "no-content-length"), "Please send a Content-Length with this request.");
        return;
      }
      return next();
    }
    if (!/^\d+$/.test(length)) {
      say(req, refuse(req, res, 400, "bad-content-length"), "The Content-Length header is not a number.");
      return;
    }
    if (req.path === UPLOAD_PATH) {
      if (Number(length) > upload.maxBytes) {
        refuse(req, res, 413, "too-large").json({ error: upload.tooLargeMessage });
        return;
      }
      return next();
    }
    // Only a multipart form may carry photos: the urlencoded form keeps the 1 MB limit.
    const isMultipart = /^\s*multipart\/form-data\s*(;|$)/i.test(req.get("content-type") ?? "");
    if (estimate && isMultipart && ESTIMATE_PATHS.has(req.path) && Number(length) > maxBodyBytes) {
      if (Number(length) > estimate.maxBytes) {
        say(req, refuse(req, res, 413, "too-large"), estimate.tooLargeMessage);
        return;
      }
      return next();
    }
    if (Number(length) > maxBodyBytes) {
      say(req, refuse(req, res, 413, "too-large"), `This request is too large. The limit is ${Math.floor(maxBodyBytes / 1024)} KB.`);
      return;
    }
    next();
  };
}

/**
 * Sends a refusal's sentence: as JSON `{ status: "error", message }` to a client that asked for
 * JSON (the estimate form's script, app/routes/resources/estimate-request.ts), as text otherwise.
 */
export function say(req: Request, res: Response, sentence: string): void {
  if (wantsJson(req)) res.json({ status: "error", message: sentence });
  else res.type("text/plain").send(sentence);
}

/** A client that asked for JSON (Accept: application/json, not a page) gets its refusals as JSON. */
export function wantsJson(req: Request): boolean {
  const accept = req.get("accept") ?? "";
  return accept.includes("application/json") && !accept.includes("text/html");
}
