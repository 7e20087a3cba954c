import type { Route } from "./+types/gallery-photo-data";
import { localProjectHref, ownText } from "#app/i18n/projects.ts";
import { localServiceName } from "#app/i18n/service-names.ts";
import { localContactHref } from "#app/i18n/paths.ts";
import { parseGalleryQuery } from "#app/schemas/gallery-query.ts";
import { toLightboxPhoto } from "#app/schemas/lightbox-photo.ts";
import { localPhotoHref, photoAlt, photoCaption } from "#app/i18n/photo-text.ts";
import { getBackend } from "#app/server/context.server.ts";
import { translate } from "#app/i18n/messages.ts";

/**
 * GET /gallery/photo/:id/lightbox.json[?category=<service>][&hl=es]: one published photo as the lightbox
 * shows it, with its neighbours in the gallery (or in that service's photos) and its project,
 * fetched only when Previous/Next leaves the grid's page (docs/decisions/036-photo-pages.md).
 * Not cached anywhere: it is a few hundred bytes and must follow a publish or an unpublish at once.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const headers = { "Cache-Control": "no-store" };
  // The lightbox of a Spanish page asks for its words in Spanish (ADR 064); anything else reads as English.
  const locale = url.searchParams.get("hl") === "es" ? "es" : "en";
  const category = url.searchParams.get("category");
  const query = parseGalleryQuery(new URLSearchParams(category === null ? {} : { category }));
  if (!query.ok) {
    const message = translate(locale, query.status === 400 ? "list.badPage" : "lightbox.error.noCategory");
    return Response.json({ error: message }, { status: query.status, headers });
  }
  const backend = getBackend(context);
  try {
    const view = await backend.gallery.photoView({ photoId: params.id, category: query.category });
    if (!view) {
      return Response.json({ error: translate(locale, "lightbox.error.notFound") }, { status: 404, headers });
    }
    // Its published project, so the lightbox links to the story as the photo's page does (ADR 063).
    const project = (await backend.projectPages.projectsOfPhotos([view.photo.id])).get(view.photo.id) ?? null;
    const { category: slug } = view.photo;
    const service = localServiceName(locale, slug);
    // The photo's own words in Spanish when written, else its English ones marked (ADR 064).
    const { photo } = view;
    // Its project's Spanish page only when it has one; its title in Spanish when written.
    const localProject = project
      ? { href: localProjectHref(locale, project), title: ownText(locale, project.title, project.titleEs).text }
      : null;
    const local = {
      alt: photoAlt(photo, locale),
      caption: photoCaption(photo, locale),
      href: localPhotoHref(locale, photo),
      project: localProject,
    };
    return Response.json(toLightboxPhoto({ ...view, project, service, estimateHref: localContactHref(locale, slug), local }), { headers });
  } catch (error) {
    backend.logger.error("gallery photo could not be read", { error });
    return Response.json(
      { error: translate(locale, "lightbox.error.unavailable") },
      { status: 503, headers: { ...headers, "Retry-After": "60" } },
    );
  }
}
