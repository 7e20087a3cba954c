import type { Route } from "./+types/style-file";
import { styleFileGroups, styleFileText, styleFileVersion } from "#app/styles/style-files.ts";
import { noSuchFile, versionedFile } from "#app/server/versioned-file.server.ts";

/**
 * GET /styles/<groups>.css?v=<version>: the parts of the stylesheet a public page sends late
 * (ADR 065), same-origin and so allowed by the pages' `style-src 'self'`. Cached as the script
 * files are: a year at the version a page names, five minutes otherwise.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  const groups = params.file.endsWith(".css") ? styleFileGroups(params.file.slice(0, -".css".length)) : null;
  if (!groups) return noSuchFile(`No stylesheet is called ${params.file}.`);
  return versionedFile(request, {
    version: styleFileVersion(groups),
    text: styleFileText(groups),
    contentType: "text/css; charset=utf-8",
  });
}
