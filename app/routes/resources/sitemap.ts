import type { Route } from "./+types/sitemap";
import { getServices } from "~/server/context.server";
import { sitemapXml } from "~/sitemap";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(sitemapXml(getServices(context).config.publicUrl), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
