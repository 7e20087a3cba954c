import { localServiceName } from "#app/i18n/service-names.ts";
import { localContactHref } from "#app/i18n/paths.ts";
import { LangText, usePageLocale, usePageT } from "#app/components/lang-text.tsx";
import { type GalleryPhoto } from "#app/schemas/photo-view.ts";
import { localPhotoHref, photoCaption } from "#app/i18n/photo-text.ts";
import { localProjectHref, ownText, projectPageLocale, type ProjectLink } from "#app/i18n/projects.ts";
import { PhotoPicture, type PhotoPriority } from "#app/components/photo-picture.tsx";

/**
 * One cell of the grid: a link to the photo's own page (the lightbox opens it with JavaScript),
 * its caption, and the project it comes from, if any. The link also carries what the lightbox
 * shows under the photo (ADR 063): its service, the estimate form for it, and its project.
 */
export function GridPhoto({
  photo,
  sizes,
  priority,
  project,
  widest,
}: {
  photo: GalleryPhoto;
  sizes: string;
  priority: PhotoPriority;
  project: ProjectLink | undefined;
  /** The most device pixels the photo takes across (PhotoPicture's `widest`). */
  widest?: number;
}) {
  // The site's words in the page's language; the owner's caption in it when written, the project title as entered (English).
  const locale = usePageLocale();
  const t = usePageT();
  // A photo without its Spanish words links to its English page from a Spanish one.
  const caption = photoCaption(photo, locale);
  // Its project's Spanish page only when it has one; its title in Spanish when written.
  const projectTitle = project ? ownText(locale, project.title, project.titleEs) : null;
  const projectHref = project ? localProjectHref(locale, project) : undefined;
  const projectLang = project && projectPageLocale(locale, project) !== locale ? "en" : undefined;
  return (
    <li id={`photo-${photo.id}`}>
      <figure className="photo">
        <a
          className="photo__link"
          href={localPhotoHref(locale, photo)}
          data-lightbox-item=""
          data-photo-id={photo.id}
          data-src={photo.large.url}
          data-width={photo.large.width}
          data-height={photo.large.height}
          data-service={localServiceName(locale, photo.category) ?? undefined}
          data-estimate-href={localContactHref(locale, photo.category)}
          data-project-href={projectHref}
          data-project-title={projectTitle?.text}
        >
          {/* The tiny placeholder, blurred, until the photo loads over it (no script needed). */}
          <img className="photo__placeholder" src={photo.placeholder} width={photo.width} height={photo.height} alt="" aria-hidden="true" />
          <PhotoPicture photo={photo} sizes={sizes} className="photo__img" priority={priority} widest={widest} />
        </a>
        {caption.text ? (
          <figcaption className="photo__caption">
            <LangText lang={caption.lang}>{caption.text}</LangText>
          </figcaption>
        ) : null}
      </figure>
      {project ? (
        <p className="photo__project">
          <a href={projectHref} hrefLang={projectLang}>
            {t("lightbox.fromProject")}
            <LangText lang={projectTitle?.lang}>{projectTitle?.text}</LangText>
          </a>
        </p>
      ) : null}
    </li>
  );
}
