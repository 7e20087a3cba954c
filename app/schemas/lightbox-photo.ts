import { contactHref } from "#app/schemas/estimate-paths.ts";
import { photoHref, srcSet, type GalleryPhoto } from "#app/schemas/photo-view.ts";
import { projectHref } from "#app/schemas/project-view.ts";

/** A text in the page's language, or in `lang` when it has no translation (app/i18n/photo-text.ts). */
interface LocalText {
  text: string;
  lang?: string;
}

/**
 * What the lightbox needs to show a photo that is not on the grid's page
 * (GET /gallery/photo/:id/lightbox.json, docs/decisions/036-photo-pages.md): the same fields the
 * grid's markup carries, plus its neighbours and place in the listing it was opened from, and
 * the two ways on from a photo (ADR 063): its published project, and an estimate for its service.
 */
export interface LightboxPhoto {
  id: string;
  href: string;
  src: string;
  srcset: string;
  width: number;
  height: number;
  /** The description and caption in the page's language when written, else English: then `altLang`/`captionLang` say "en". */
  alt: string;
  altLang: string;
  caption: string;
  captionLang: string;
  previousId: string | null;
  nextId: string | null;
  position: number;
  total: number;
  /** The photo's service as the site names it ("Kitchen Remodeling"); null for a slug we no longer offer. */
  service: string | null;
  /** The estimate form with that service chosen (`/contact?service=kitchen`), else the plain form. */
  estimateHref: string;
  /** The published project the photo belongs to, if any. */
  project: { href: string; title: string } | null;
}

export function toLightboxPhoto(view: {
  photo: GalleryPhoto;
  previousId: string | null;
  nextId: string | null;
  position: number;
  total: number;
  /** Its published project (ProjectPages.projectsOfPhotos), or null. */
  project: { slug: string; title: string } | null;
  /** Its service's name (app/content/service-names.ts `serviceName`): words live outside schemas. */
  service: string | null;
  /** The estimate form for it in the page's language (app/i18n/paths.ts `localContactHref`); the English one by default. */
  estimateHref?: string;
  /**
   * The photo's words and page in the page's language (app/i18n/photo-text.ts: `photoAlt`,
   * `photoCaption`, `localPhotoHref`); the English ones by default.
   */
  local?: { alt: LocalText; caption: LocalText; href: string; project?: { href: string; title: string } | null };
}): LightboxPhoto {
  const { photo, project } = view;
  const alt = view.local?.alt ?? { text: photo.alt };
  const caption = view.local?.caption ?? { text: photo.caption };
  return {
    id: photo.id,
    href: view.local?.href ?? photoHref(photo.id),
    src: photo.large.url,
    srcset: srcSet(photo.webp),
    width: photo.large.width,
    height: photo.large.height,
    alt: alt.text,
    altLang: alt.lang ?? "",
    caption: caption.text.trim() ? caption.text : "",
    captionLang: caption.lang ?? "",
    previousId: view.previousId,
    nextId: view.nextId,
    position: view.position,
    total: view.total,
    service: view.service,
    estimateHref: view.estimateHref ?? contactHref(photo.category),
    project:
      view.local?.project !== undefined ? view.local.project : project ? { href: projectHref(project.slug), title: project.title } : null,
  };
}
