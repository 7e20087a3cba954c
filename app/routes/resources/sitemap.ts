import type { Route } from "./+types/sitemap";
import { photoHref } from "#app/schemas/photo-view.ts";
import { projectHref } from "#app/schemas/project-view.ts";
import { getBackend } from "#app/server/context.server.ts";
import { sitemapPaths, sitemapXml } from "#app/sitemap.ts";

/**
 * The public pages, then one entry per published project (ADR 039) and per published photo's page
 * (ADR 036): each with its Spanish twin only when it has one (ADR 064: a project with its Spanish
 * title and story, a photo with its Spanish words).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const backend = getBackend(context);
  let photoPaths: string[];
  let projects: { slug: string; spanish: boolean }[];
  /** The photos without their own Spanish page (app/i18n/photo-text.ts `hasSpanish`). */
  let photosAlone = new Set<string>();
  let cacheControl = "public, max-age=3600";
  try {
    let spanishPhotos: Set<string>;
    [projects, photoPaths, spanishPhotos] = await Promise.all([
      backend.projectPages.publishedSlugs(),
      backend.gallery.publishedPhotoIds().then((ids) => ids.map(photoHref)),
      backend.gallery.spanishPhotoIds().then((ids) => new Set(ids.map(photoHref))),
    ]);
    photosAlone = new Set(photoPaths.filter((path) => !spanishPhotos.has(path)));
  } catch (error) {
    // The pages are still worth offering; projects and photos are added when a crawler asks again.
    backend.logger.error("sitemap projects or photos could not be read", { error });
    projects = [];
    photoPaths = [];
    cacheControl = "no-store";
  }
  const projectPaths = projects.map((project) => projectHref(project.slug));
  const projectsAlone = projects.filter((project) => !project.spanish).map((project) => projectHref(project.slug));
  const englishOnly = new Set([...photosAlone, ...projectsAlone]);
  return new Response(sitemapXml(backend.config.publicUrl, [...sitemapPaths, ...projectPaths, ...photoPaths], englishOnly), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": cacheControl },
  });
}
