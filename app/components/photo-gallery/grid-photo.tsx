import { localServiceName } from "#app/i18n/service-names.ts";
import { localContactHref } from "#app/i18n/paths.ts";
import { LangText, usePageLocale, usePageT } from "#app/components/lang-text.tsx";
import { type GalleryPhoto } from "#app/schemas/photo-view.ts";
import { localPhotoHref, photoCaption } from "#app/i18n/photo-text.ts";
import { projectHref } from "#app/schemas/project-view.ts";
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
}: {
  photo: GalleryPhoto;
  sizes: string;
  priority: PhotoPriority;
  project: { slug: string; title: string } | undefined;
}) {
  // The site's words in the page's language; the owner's caption in it when written, the project title as entered (English).
  const locale = usePageLocale();
  const t = usePageT();
  // A photo without its Spanish words links to its English page from a Spanish one.
  const caption = photoCaption(photo, locale);
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
          data-project-href={project ? projectHref(project.slug) : undefined}
          data-project-title={project?.title}
        >
          {/* The tiny placeholder, blurred, until the photo loads over it (no script needed). */}
          <img className="photo__placeholder" src={photo.placeholder} width={photo.width} height={photo.height} alt="" aria-hidden="true" />
          <PhotoPicture photo={photo} sizes={sizes} className="photo__img" priority={priority} />
        </a>
        {caption.text ? (
          <figcaption className="photo__caption">
            <LangText lang={caption.lang}>{caption.text}</LangText>
          </figcaption>
        ) : null}
      </figure>
      {project ? (
        <p className="photo__project">
          <a href={projectHref(project.slug)}>
            {t("lightbox.fromProject")}
            <LangText lang="en">{project.title}</LangText>
          </a>
        </p>
      ) : null}
    </li>
  );
}
