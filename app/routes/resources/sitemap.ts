import type { Route } from "./+types/sitemap";
import { photoHref } from "#app/schemas/photo-view.ts";
import { projectHref } from "#app/schemas/project-view.ts";
import { getBackend } from "#app/server/context.server.ts";
import { sitemapPaths, sitemapXml } from "#app/sitemap.ts";

/**
 * The public pages, then one entry per published project (ADR 039), with its Spanish twin when
 * it has its Spanish title and story (ADR 064), and per published photo's page (ADR 036).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const backend = getBackend(context);
  let photoPaths: string[];
  let projects: { slug: string; spanish: boolean }[];
  let cacheControl = "public, max-age=3600";
  try {
    [projects, photoPaths] = await Promise.all([
      backend.projectPages.publishedSlugs(),
      backend.gallery.publishedPhotoIds().then((ids) => ids.map(photoHref)),
    ]);
  } catch (error) {
    // The pages are still worth offering; projects and photos are added when a crawler asks again.
    backend.logger.error("sitemap projects or photos could not be read", { error });
    projects = [];
    photoPaths = [];
    cacheControl = "no-store";
  }
  const projectPaths = projects.map((project) => projectHref(project.slug));
  const englishOnly = new Set(projects.filter((project) => !project.spanish).map((project) => projectHref(project.slug)));
  return new Response(sitemapXml(backend.config.publicUrl, [...sitemapPaths, ...projectPaths, ...photoPaths], englishOnly), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": cacheControl },
  });
}
