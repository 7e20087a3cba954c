/**
 * Every state-changing request must come from this site's own pages, and "this site" is what the
 * operator declared in PUBLIC_URL, not what a proxy forwards (docs/decisions/019-behind-a-proxy.md).
 *
 * - With an `Origin` header (every browser sends one on a POST): it must be PUBLIC_URL's origin.
 *   While PUBLIC_URL is not set (a first run on one machine), the address the request came in on
 *   is accepted too, as is the default `http://localhost:PORT`.
 * - Without `Origin`, a `Sec-Fetch-Site` of `cross-site` or `same-site` is refused; a request with
 *   neither header is not from a browser (curl, a monitoring probe), so it cannot carry a visitor's
 *   cookies against their will, and it passes.
 *
 * A refusal is a 403 page with a sentence naming both addresses and PUBLIC_URL, logged at warn
 * level once per distinct pair (then at debug level), so a misconfigured proxy fills no disk.
 *
 * This middleware also decides the origin of the URL React Router sees (`res.locals.siteOrigin`):
 * PUBLIC_URL's when it is set, so React Router's own origin check on form posts agrees with this
 * one whatever scheme, host or port the proxy forwards.
 */
import type { RequestHandler, Request } from "express";
import type { Backend } from "#app/server/context.server.ts";
import { localeOf, type Locale } from "#app/i18n/locale.ts";
import { translate } from "#app/i18n/messages.ts";
import { sendRefusal } from "#server/middleware/refusal.ts";

interface SameOriginOptions {
  logger: Backend["logger"];
  /** PUBLIC_URL, or its default `http://localhost:PORT` when unset. */
  publicUrl: string;
  /** Whether the operator set PUBLIC_URL; if not, the address a request came in on is accepted too. */
  isPublicUrlDeclared: boolean;
}

/** How many distinct refused (origin, expected) pairs are remembered to log each once. */
const MAX_LOGGED_PAIRS = 1000;

/** A Host header that can be put into a URL as it is (no path, no userinfo). */
const PLAIN_HOST = /^[a-z0-9.:[\]-]+$/i;

export function sameOrigin({ logger, publicUrl, isPublicUrlDeclared }: SameOriginOptions): RequestHandler {
  const publicOrigin = new URL(publicUrl).origin;
  const logged = new Set<string>();

  return (req, res, next) => {
    const ownOrigin = requestOrigin(req) ?? publicOrigin;
    res.locals.siteOrigin = isPublicUrlDeclared ? publicOrigin : ownOrigin;
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();

    const origin = req.get("origin");
    const fetchSite = req.get("sec-fetch-site");
    if (origin === undefined) {
      const isForeign = fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none";
      if (!isForeign) return next();
      logger.warn("request refused", {
        reason: "cross-site",
        fetchSite,
        path: req.path,
        requestId: res.locals.requestId,
      });
      const locale = localeOf(req.path);
      refuse(req, res, translate(locale, "errors.origin.crossSite"), locale);
      return;
    }

    const accepted = isPublicUrlDeclared ? [publicOrigin] : [ownOrigin, publicOrigin];
    if (accepted.includes(origin)) {
      // Undeclared: the URL React Router sees must carry the origin it will compare with.
      if (!isPublicUrlDeclared) res.locals.siteOrigin = origin;
      return next();
    }

    const expected = isPublicUrlDeclared ? publicOrigin : ownOrigin;
    const pair = `${origin} ${expected}`;
    const fields = { reason: "cross-origin", origin, expected, path: req.path, requestId: res.locals.requestId };
    if (logged.has(pair)) {
      logger.debug("request refused", fields);
    } else {
      if (logged.size >= MAX_LOGGED_PAIRS) logged.clear();
      logged.add(pair);
      logger.warn("request refused", {
        ...fields,
        hint: isPublicUrlDeclared
          ? "the form's page was on another address than PUBLIC_URL; if that address is the site's real one, set PUBLIC_URL to it"
          : "PUBLIC_URL is not set; set it to the address people use",
      });
    }
    const locale = localeOf(req.path);
    refuse(req, res, refusalSentence(origin, expected, isPublicUrlDeclared, locale), locale);
  };
}

/** The sentence a person reads when their form was sent from an address this site does not answer at, in the language of the address. */
function refusalSentence(origin: string, expected: string, isPublicUrlDeclared: boolean, locale: Locale): string {
  return translate(locale, "errors.origin.sentence", {
    nullOrigin: origin === "null" ? "yes" : "no",
    origin,
    declared: isPublicUrlDeclared ? "yes" : "no",
    expected,
  });
}

/** The origin the request came in on, as Express sees it (with TRUST_PROXY, from X-Forwarded-Proto); null when Host is unusable. */
function requestOrigin(req: Request): string | null {
  const host = req.get("host");
  if (!host || !PLAIN_HOST.test(host)) return null;
  const candidate = `${req.protocol}://${host}`;
  return URL.canParse(candidate) ? new URL(candidate).origin : null;
}

function refuse(req: Request, res: Parameters<RequestHandler>[1], sentence: string, locale: Locale): void {
  res.status(403);
  sendRefusal(req, res, translate(locale, "errors.origin.title"), sentence, locale);
}
