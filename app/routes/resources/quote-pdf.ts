import { data } from "react-router";
import type { Route } from "./+types/quote-pdf";
import { getOnlyResponse } from "#app/get-only.ts";
import { getBackend } from "#app/server/context.server.ts";

const PRIVATE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

/**
 * GET /quote/:token/pdf: the signed quote's PDF (issue 27), made on first use; a plain 404 before
 * a signature and for a wrong or replaced link. The token is the key: never cached, never indexed.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await getBackend(context).quotes.openSignedPdf({ token: params.token });
  if (!found) throw data("Not found", { status: 404, headers: PRIVATE });
  const { bytes, number, version } = found;
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      ...PRIVATE,
      "Content-Type": "application/pdf",
      "Content-Length": String(bytes.length),
      "Content-Disposition": `inline; filename="quote-${number}-v${version}.pdf"`,
      "X-Content-Type-Options": "nosniff",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}

export function action() {
  return getOnlyResponse("The signed PDF is only downloaded here; nothing can be sent to this address.");
}
