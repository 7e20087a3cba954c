import type { Route } from "./+types/share-card";
import { getBackend } from "#app/server/context.server.ts";

/**
 * GET /og/default.png?v=<version>: the card drawn from the business name, phone and city, the
 * picture a shared link shows when neither the page nor the home hero has a photo big enough
 * (docs/decisions/058-share-images-and-a-quiet-start.md). The version is the card's own: with it
 * the picture is kept for a year; without it, or with an older one (a link shared before the
 * name changed), it is today's card, kept for five minutes.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const card = await getBackend(context).site.shareCard();
  const asked = new URL(request.url).searchParams.get("v");
  const etag = `"${card.version}"`;
  const headers = {
    "Cache-Control": asked === card.version ? "public, max-age=31536000, immutable" : "public, max-age=300",
    ETag: etag,
    // Shown by other sites' pages (a share preview, a chat), like the photos under /media.
    "Cross-Origin-Resource-Policy": "cross-origin",
  };
  if (
    request.headers
      .get("if-none-match")
      ?.split(/\s*,\s*/)
      .includes(etag)
  )
    return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(card.png), {
    headers: { ...headers, "Content-Type": "image/png", "Content-Length": String(card.png.length) },
  });
}
