/**
 * A versioned same-origin file's answer (ADR 065: the public pages' script and stylesheet
 * files): with the version a page names (`?v=`), the browser keeps it a year; with none or
 * another one (a page written before a deploy), it is today's file, kept five minutes. An
 * If-None-Match with its version gets 304.
 */
export function versionedFile(request: Request, file: { version: string; text: string; contentType: string }): Response {
  const etag = `"${file.version}"`;
  const headers = {
    "Cache-Control":
      new URL(request.url).searchParams.get("v") === file.version ? "public, max-age=31536000, immutable" : "public, max-age=300",
    ETag: etag,
  };
  if (
    request.headers
      .get("if-none-match")
      ?.split(/\s*,\s*/)
      .includes(etag)
  )
    return new Response(null, { status: 304, headers });
  return new Response(file.text, { headers: { ...headers, "Content-Type": file.contentType } });
}

/** A 404 in plain words, for a file name no page writes. */
export function noSuchFile(sentence: string): Response {
  return new Response(sentence, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
