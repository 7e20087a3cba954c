import type { Route } from "./+types/estimate-script";
import { estimateScriptText, estimateScriptUrl } from "#app/components/estimate/script-file.ts";

/**
 * GET /scripts/estimate-form.js?v=<version>: the estimate form's script (ADR 065), same-origin
 * and so allowed by the pages' `script-src 'self'`. With the version a page names, the browser
 * keeps it for a year; without it, or with another one (a page written before a deploy), it is
 * today's file, kept for five minutes.
 */
export function loader({ request }: Route.LoaderArgs) {
  const body = estimateScriptText();
  const current = new URL(estimateScriptUrl(), "http://x").searchParams.get("v");
  const asked = new URL(request.url).searchParams.get("v");
  const etag = `"${current}"`;
  const headers = {
    "Cache-Control": asked === current ? "public, max-age=31536000, immutable" : "public, max-age=300",
    ETag: etag,
  };
  if (
    request.headers
      .get("if-none-match")
      ?.split(/\s*,\s*/)
      .includes(etag)
  )
    return new Response(null, { status: 304, headers });
  return new Response(body, { headers: { ...headers, "Content-Type": "text/javascript; charset=utf-8" } });
}
