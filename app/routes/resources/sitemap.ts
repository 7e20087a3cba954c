import type { Route } from "./+types/sitemap";
import { photoHref } from "#app/schemas/photo-view.ts";
import { projectHref } from "#app/schemas/project-view.ts";
import { getBackend } from "#app/server/context.server.ts";
import { sitemapPaths, sitemapXml } from "#app/sitemap.ts";

/**
 * The public pages, then one entry per published project (ADR 039) and per published photo's page
 * (ADR 036): with its Spanish twin only when the photo has one (ADR 064).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const backend = getBackend(context);
  let photoPaths: string[];
  let projectPaths: string[];
  /** The photos without their own Spanish page (app/i18n/photo-text.ts `hasSpanish`). */
  let englishOnly = new Set<string>();
  let cacheControl = "public, max-age=3600";
  try {
    let spanishPhotos: Set<string>;
    [projectPaths, photoPaths, spanishPhotos] = await Promise.all([
      backend.projectPages.publishedSlugs().then((slugs) => slugs.map(projectHref)),
      backend.gallery.publishedPhotoIds().then((ids) => ids.map(photoHref)),
      backend.gallery.spanishPhotoIds().then((ids) => new Set(ids.map(photoHref))),
    ]);
    englishOnly = new Set(photoPaths.filter((path) => !spanishPhotos.has(path)));
  } catch (error) {
    // The pages are still worth offering; projects and photos are added when a crawler asks again.
    backend.logger.error("sitemap projects or photos could not be read", { error });
    projectPaths = [];
    photoPaths = [];
    cacheControl = "no-store";
  }
  return new Response(sitemapXml(backend.config.publicUrl, [...sitemapPaths, ...projectPaths, ...photoPaths], englishOnly), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": cacheControl },
  });
}
