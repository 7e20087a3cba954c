import type { Route } from "./+types/script-file";
import { isScriptName, scriptText, scriptVersion } from "#app/components/script-files.ts";
import { noSuchFile, versionedFile } from "#app/server/versioned-file.server.ts";

/**
 * GET /scripts/<name>.js?v=<version>: a public page's script (ADR 065): the estimate form's or
 * the lightbox's, same-origin and so allowed by the pages' `script-src 'self'`. With the version
 * a page names, the browser keeps it for a year; without it, or with another one (a page written
 * before a deploy), it is today's file, kept for five minutes.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  const name = params.file.endsWith(".js") ? params.file.slice(0, -".js".length) : "";
  if (!isScriptName(name)) return noSuchFile(`No script is called ${params.file}.`);
  return versionedFile(request, {
    version: scriptVersion(name),
    text: scriptText(name),
    contentType: "text/javascript; charset=utf-8",
  });
}
