import type { Route } from "./+types/script-file";
import { isScriptName, scriptText, scriptVersion } from "#app/components/script-files.ts";

/**
 * GET /scripts/<name>.js?v=<version>: a public page's script (ADR 065): the estimate form's or
 * the lightbox's, same-origin and so allowed by the pages' `script-src 'self'`. With the version
 * a page names, the browser keeps it for a year; without it, or with another one (a page written
 * before a deploy), it is today's file, kept for five minutes.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  const name = params.file.endsWith(".js") ? params.file.slice(0, -".js".length) : "";
  if (!isScriptName(name)) {
    return new Response(`No script is called ${params.file}.`, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const version = scriptVersion(name);
  const etag = `"${version}"`;
  const headers = {
    "Cache-Control": new URL(request.url).searchParams.get("v") === version ? "public, max-age=31536000, immutable" : "public, max-age=300",
    ETag: etag,
  };
  if (
    request.headers
      .get("if-none-match")
      ?.split(/\s*,\s*/)
      .includes(etag)
  )
    return new Response(null, { status: 304, headers });
  return new Response(scriptText(name), { headers: { ...headers, "Content-Type": "text/javascript; charset=utf-8" } });
}
