/**
 * Refuses, before any route runs, a query string that is not text a person could have typed or
 * a page could have linked to (docs/decisions/048-plain-text-in-addresses.md):
 *
 * - a "%" not followed by two hex digits ("%ZZ", a cut "%4");
 * - bytes, raw or percent-encoded, that are not UTF-8 (an overlong "%C0%80", an encoded
 *   surrogate "%ED%A0%80", a cut sequence): URLSearchParams would quietly turn them into U+FFFD;
 * - a control character once decoded (NUL, the rest of C0 but tab, DEL, C1): PostgreSQL refuses
 *   NUL in text ("invalid byte sequence for encoding UTF8: 0x00"), which made the inbox search a
 *   500 and cut the CSV export off after its first bytes, and none of them is ever searched for.
 *
 * Here, once, rather than in each route's parsing: every route reads `request.url`, and a check
 * that one route forgets is the one that fails. Refused rather than stripped: a link that carries
 * them was made by a tool or by hand, and a search for something other than what was sent would
 * show results for a query nobody asked. The answer is 400 with a sentence naming the parameter,
 * as JSON to a client that asked for JSON, else as a small page. The path is left to the routes:
 * each matches it against its own pattern and answers 404 for what it does not know.
 *
 * Long values are not refused here: Node refuses a request line over 16 KB (431), and the
 * routes cut what is too long for them, saying so (the inbox's search).
 */
import type { Request, RequestHandler } from "express";
import type { Backend } from "#app/server/context.server.ts";
import { localeOf, type Locale } from "#app/i18n/locale.ts";
import { translate } from "#app/i18n/messages.ts";
import { sendRefusal } from "#server/middleware/refusal.ts";

type QueryProblem =
  { kind: "percent"; name: string | null } | { kind: "encoding"; name: string | null } | { kind: "control"; name: string | null };

const utf8 = new TextDecoder("utf-8", { fatal: true });
/** Unicode's control characters (C0, DEL, C1) except tab. */
const CONTROL = /[^\P{Cc}\t]/u;
const HEX = /^[0-9A-Fa-f]{2}$/;
/** A parameter name shown in the sentence as it is: short, plain and printable. */
const SHOWABLE_NAME = /^[A-Za-z0-9_.\-[\]]{1,40}$/;

/**
 * The first problem in a raw query string (what follows "?", as Node received it: each
 * character one byte), or null when every name and value is well-formed text.
 */
export function findQueryProblem(rawQuery: string): QueryProblem | null {
  if (rawQuery === "") return null;
  for (const pair of rawQuery.split("&")) {
    if (pair === "") continue;
    const eq = pair.indexOf("=");
    const rawName = eq === -1 ? pair : pair.slice(0, eq);
    const name = decodePart(rawName);
    if (typeof name !== "string") return { kind: name.kind, name: null };
    if (CONTROL.test(name)) return { kind: "control", name: null };
    const shownName = SHOWABLE_NAME.test(name) ? name : null;
    if (eq === -1) continue;
    const value = decodePart(pair.slice(eq + 1));
    if (typeof value !== "string") return { kind: value.kind, name: shownName };
    if (CONTROL.test(value)) return { kind: "control", name: shownName };
  }
  return null;
}

/** One name or value decoded as application/x-www-form-urlencoded does, but strictly. */
function decodePart(raw: string): string | { kind: "percent" | "encoding" } {
  // Plain ASCII without escapes is the common case: nothing to decode.
  if (!/[%+\u0080-\uffff]/.test(raw)) return raw;
  const bytes: number[] = [];
  for (let i = 0; i < raw.length; i += 1) {
    const code = raw.charCodeAt(i);
    if (code === 0x25) {
      const hex = raw.slice(i + 1, i + 3);
      if (!HEX.test(hex)) return { kind: "percent" };
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else if (code === 0x2b) {
      bytes.push(0x20);
    } else if (code <= 0xff) {
      // Node hands the request line over as latin1: a raw byte is a character below 256.
      bytes.push(code);
    } else {
      return { kind: "encoding" };
    }
  }
  try {
    return utf8.decode(Uint8Array.from(bytes));
  } catch {
    return { kind: "encoding" };
  }
}

/** The sentence a person reads, naming the parameter when it can be shown, in the language of the address. */
export function queryProblemSentence(problem: QueryProblem, locale: Locale = "en"): string {
  return translate(locale, "errors.query.sentence", { named: problem.name ? "yes" : "no", name: problem.name ?? "", kind: problem.kind });
}

export function queryText({ logger }: { logger: Backend["logger"] }): RequestHandler {
  return (req, res, next) => {
    const url = req.originalUrl;
    const mark = url.indexOf("?");
    if (mark === -1) return next();
    const problem = findQueryProblem(url.slice(mark + 1));
    if (!problem) return next();
    logger.warn("request refused", {
      reason: `query-${problem.kind}`,
      status: 400,
      name: problem.name,
      path: req.path,
      requestId: res.locals.requestId,
    });
    const locale = localeOf(req.path);
    refuse(req, res, queryProblemSentence(problem, locale), locale);
  };
}

function refuse(req: Request, res: Parameters<RequestHandler>[1], sentence: string, locale: Locale): void {
  res.status(400).setHeader("Cache-Control", "no-store");
  // A body nobody will read would hold the connection up for the next request on it.
  if ((req.get("content-length") ?? "0") !== "0" || req.get("transfer-encoding")) res.setHeader("Connection", "close");
  sendRefusal(req, res, translate(locale, "errors.query.title"), sentence, locale);
}
