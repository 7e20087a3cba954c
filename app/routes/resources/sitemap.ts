import type { Route } from "./+types/sitemap";
import { photoHref } from "~/gallery/photo";
import { getServices } from "~/server/context.server";
import { sitemapPaths, sitemapXml } from "~/sitemap";

/** The public pages, then one entry per published photo's page (ADR 036). */
export async function loader({ context }: Route.LoaderArgs) {
  const services = getServices(context);
  let photoPaths: string[];
  let cacheControl = "public, max-age=3600";
  try {
    photoPaths = (await services.gallery.publishedPhotoIds()).map(photoHref);
  } catch (error) {
    // The pages are still worth offering; the photos are added when a crawler asks again.
    services.logger.error("sitemap photos could not be read", { error });
    photoPaths = [];
    cacheControl = "no-store";
  }
  return new Response(sitemapXml(services.config.publicUrl, [...sitemapPaths, ...photoPaths]), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": cacheControl },
  });
}
