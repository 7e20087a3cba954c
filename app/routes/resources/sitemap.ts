import type { Route } from "./+types/sitemap";
import { photoHref } from "~/gallery/photo";
import { projectHref } from "~/projects/project";
import { getServices } from "~/server/context.server";
import { sitemapPaths, sitemapXml } from "~/sitemap";

/** The public pages, then one entry per published project (ADR 039) and per published photo's page (ADR 036). */
export async function loader({ context }: Route.LoaderArgs) {
  const services = getServices(context);
  let photoPaths: string[];
  let projectPaths: string[];
  let cacheControl = "public, max-age=3600";
  try {
    [projectPaths, photoPaths] = await Promise.all([
      services.projectPages.publishedSlugs().then((slugs) => slugs.map(projectHref)),
      services.gallery.publishedPhotoIds().then((ids) => ids.map(photoHref)),
    ]);
  } catch (error) {
    // The pages are still worth offering; projects and photos are added when a crawler asks again.
    services.logger.error("sitemap projects or photos could not be read", { error });
    projectPaths = [];
    photoPaths = [];
    cacheControl = "no-store";
  }
  return new Response(sitemapXml(services.config.publicUrl, [...sitemapPaths, ...projectPaths, ...photoPaths]), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": cacheControl },
  });
}
