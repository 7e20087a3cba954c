import { Readable } from "node:stream";
import { data } from "react-router";
import type { Route } from "./+types/quote-pdf";
import { getOnlyResponse } from "#app/get-only.ts";
import { getBackend } from "#app/server/context.server.ts";

const PRIVATE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

/**
 * GET /quote/:token/pdf: the signed quote's PDF (issue 27), once it is made; a plain 404 before
 * then and for a wrong or replaced link. The token is the key: never cached, never indexed.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await getBackend(context).quotes.openSignedPdf({ token: params.token });
  if (!found) throw data("Not found", { status: 404, headers: PRIVATE });
  const { object, number, version } = found;
  return new Response(Readable.toWeb(object.body) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      ...PRIVATE,
      "Content-Type": "application/pdf",
      "Content-Length": String(object.contentLength),
      "Content-Disposition": `inline; filename="quote-${number}-v${version}.pdf"`,
      "X-Content-Type-Options": "nosniff",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}

export function action() {
  return getOnlyResponse("The signed PDF is only downloaded here; nothing can be sent to this address.");
}
