import { data, Link } from "react-router";
import type { Route } from "./+types/project";
import { unavailableInit } from "#app/retry-after.ts";
import { EstimateCallToAction } from "#app/components/estimate-cta.tsx";
import { toServiceSlug } from "#app/schemas/content.ts";
import { PageBanner } from "#app/components/page-banner.tsx";
import { ProjectsUnavailable } from "#app/components/unavailable-notice.tsx";
import { PhotoGallery, EAGER_PHOTOS } from "#app/components/photo-gallery.tsx";
import { PhotoPicture } from "#app/components/photo-picture.tsx";
import { ProjectPairs } from "#app/components/project-pairs.tsx";
import { LATER_PHOTOS_SCRIPT } from "#app/browser/later-photos.ts";
import { useNonce } from "#app/nonce.tsx";
import { projectJsonLd } from "#app/project-json-ld.ts";
import { projectHref } from "#app/schemas/project-view.ts";
import { projectsHref } from "#app/schemas/projects-query.ts";
import { getUser } from "#app/server/auth/session.server.ts";
import { getBackend } from "#app/server/context.server.ts";
import { isProjectSlug, type ProjectView } from "#app/server/projects/public.server.ts";
import { siteMeta } from "#app/site-profile.ts";
import { finishedOn } from "#app/components/project-card.tsx";
import { languageTags, localeOf } from "#app/i18n/locale.ts";
import { translator } from "#app/i18n/messages.ts";
import { hasSpanishPage } from "#app/i18n/projects.ts";
import { useLocale, useLocalePath, useT } from "#app/i18n/react.ts";
import { localServiceName } from "#app/i18n/service-names.ts";
import { localeFrom } from "#app/seo.ts";
import type { StyleGroup } from "#app/styles/groups.ts";

/**
 * /projects/:slug: one finished job's story, its before/after pairs and its photos in the
 * gallery's lightbox (docs/decisions/039-projects.md). Kept in the page cache like every public
 * page. A draft is a 404 for visitors; a signed-in admin gets a preview that is never cached
 * (a session cookie keeps a page out of the cache, and the preview says no-store) nor indexed.
 *
 * Its Spanish twin /es/proyectos/:slug (ADR 064) exists only once the owner has written the
 * project's title and story in Spanish: until then that address is the Spanish 404, and the
 * English page offers no Spanish (`twin: false`: no switcher, no hreflang).
 */
export const handle = {
  pageCache: true,
  hydrate: false,
  styles: ["banner", "cards", "gallery", "before-after", "projects"] satisfies StyleGroup[],
};

/** The banner's columns (app.css `.banner--with-image`): the cover fills about 45% from 48rem. */
const COVER_SIZES = "(min-width: 72rem) 520px, (min-width: 48rem) 45vw, 100vw";

export async function loader({ params, request, url, context }: Route.LoaderArgs) {
  const slug = params.slug;
  const locale = localeOf(url.pathname);
  // Not a slug we could have made: no query.
  if (!isProjectSlug(slug)) throw data(null, { status: 404 });
  const backend = getBackend(context);
  let view: ProjectView | null;
  try {
    // The root already read the session (its footer links), so asking costs no query.
    const user = await getUser(request, context);
    view = await backend.projectPages.project(slug, { drafts: user?.role === "admin" });
  } catch (error) {
    backend.logger.error("project could not be read", { error, slug });
    // Whether it has a Spanish page is unknown: the switch is offered only from Spanish to English.
    return data({ status: "unavailable" as const, slug, twin: locale === "es" }, unavailableInit());
  }
  const spanish = view !== null && hasSpanishPage(view.project);
  if (!view || (locale === "es" && !spanish)) throw data(null, { status: 404 });
  const payload = {
    ...view,
    status: "ok" as const,
    projectStatus: view.status,
    serviceTitle: localServiceName(locale, view.project.service),
    preview: view.status === "draft",
    // The language switch and hreflang only for a project with its Spanish page.
    twin: spanish,
    jsonLd: projectJsonLd({
      project: view.project,
      publicUrl: backend.config.publicUrl,
      business: (await backend.site.content()).profile,
      locale,
    }),
  };
  if (!payload.preview) return payload;
  return data(payload, { headers: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } });
}

/** The loader's headers reach the browser: the preview's and the 503's. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const locale = localeFrom(matches);
  const t = translator(locale);
  if (loaderData.status === "unavailable") {
    return siteMeta(matches, (site) => ({
      title: t("projects.meta.title"),
      description: t("projects.meta.unavailable", { name: site.name, city: site.city, region: site.region }),
      path: projectHref(loaderData.slug),
      noindex: true,
      twin: false,
    }));
  }
  const { project, serviceTitle, preview, twin } = loaderData;
  const when = finishedOn(project.finishedOn, locale);
  const [title, description] = locale === "es" ? [project.titleEs, project.descriptionEs] : [project.title, project.description];
  return [
    ...siteMeta(matches, (site) => ({
      title: serviceTitle ? t("project.meta.title", { title, service: serviceTitle }) : title,
      description:
        description ||
        (serviceTitle
          ? t("project.meta.description", { service: serviceTitle, name: site.name, place: project.place, when })
          : t("project.meta.descriptionJob", { name: site.name, place: project.place, when })),
      path: projectHref(project.slug),
      photo: project.cover,
      noindex: preview,
      twin,
    })),
    { "script:ld+json": loaderData.jsonLd },
  ];
};

export default function ProjectPage({ loaderData }: Route.ComponentProps) {
  const nonce = useNonce();
  const t = useT();
  const locale = useLocale();
  const path = useLocalePath();
  if (loaderData.status === "unavailable") {
    return (
      <>
        <PageBanner title={t("projects.banner.title")} />
        <ProjectsUnavailable />
      </>
    );
  }
  const { project, photos, pairs, serviceTitle, preview } = loaderData;
  const when = finishedOn(project.finishedOn, locale);
  // The loader serves the Spanish page only with the Spanish title and story.
  const [title, description] = locale === "es" ? [project.titleEs, project.descriptionEs] : [project.title, project.description];
  // Under a cover, the pairs' and the grid's photos wait for it (app/browser/later-photos.ts).
  const underCover = Boolean(project.cover);
  return (
    <>
      {preview ? (
        <p className="draft-banner">
          <strong>{t("project.draft")}</strong> <a href={`/admin/projects/${encodeURIComponent(project.id)}`}>{t("project.draftEdit")}</a>
        </p>
      ) : null}
      <PageBanner
        title={title}
        eyebrow={serviceTitle ?? t("project.eyebrow")}
        subtitle={`${project.place} · ${when}`}
        media={
          project.cover ? <PhotoPicture photo={project.cover} sizes={COVER_SIZES} className="banner__image" priority="high" /> : undefined
        }
      />
      <article className="page-section project-story" aria-labelledby="project-story-title">
        <h2 id="project-story-title" className="visually-hidden">
          {t("project.aboutTitle")}
        </h2>
        <dl className="project-facts">
          <div>
            <dt>{t("project.facts.service")}</dt>
            <dd>{serviceTitle ? <Link to={path(`/${project.service}`)}>{serviceTitle}</Link> : project.service}</dd>
          </div>
          <div>
            <dt>{t("project.facts.where")}</dt>
            <dd>{project.place}</dd>
          </div>
          <div>
            <dt>{t("project.facts.finished")}</dt>
            <dd>
              <time dateTime={project.finishedOn}>{when}</time>
            </dd>
          </div>
        </dl>
        {description ? (
          <div className="project-story__text">
            {description.split(/\n\s*\n/).map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
        ) : null}
      </article>
      <ProjectPairs pairs={pairs} headingId="project-pairs-title" underCover={underCover} />
      {photos.length > 0 ? (
        <section className="page-section project-photos" aria-labelledby="project-photos-title">
          <h2 id="project-photos-title">{t("project.photosTitle", { count: photos.length })}</h2>
          <PhotoGallery
            id="project-photos"
            photos={photos}
            eager={pairs.length === 0 && !underCover ? EAGER_PHOTOS : 0}
            later={underCover}
            labelledBy="project-photos-title"
          />
        </section>
      ) : null}
      <p className="page-section section-more project-more">
        <Link to={path(projectsHref({ service: null, page: 1 }))}>{t("project.more")}</Link>
      </p>
      <EstimateCallToAction
        title={t("project.cta.title")}
        text={
          serviceTitle
            ? t("project.cta.textService", { service: serviceTitle.toLocaleLowerCase(languageTags[locale]) })
            : t("project.cta.text")
        }
        more={serviceTitle ? <Link to={path(`/${project.service}`)}>{t("project.cta.more", { service: serviceTitle })}</Link> : undefined}
        service={toServiceSlug(project.service)}
      />
      {underCover ? <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: LATER_PHOTOS_SCRIPT }} /> : null}
    </>
  );
}
