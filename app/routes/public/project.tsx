import { data, Link } from "react-router";
import type { Route } from "./+types/project";
import { unavailableInit } from "#app/retry-after.ts";
import { serviceName } from "#app/content/service-names.ts";
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
import { formatFinishedOn, projectHref } from "#app/schemas/project-view.ts";
import { projectsHref } from "#app/schemas/projects-query.ts";
import { getUser } from "#app/server/auth/session.server.ts";
import { getBackend } from "#app/server/context.server.ts";
import { isProjectSlug, type ProjectView } from "#app/server/projects/public.server.ts";
import { siteMeta } from "#app/site-profile.ts";
import type { StyleGroup } from "#app/styles/groups.ts";

/**
 * /projects/:slug: one finished job's story, its before/after pairs and its photos in the
 * gallery's lightbox (docs/decisions/039-projects.md). Kept in the page cache like every public
 * page. A draft is a 404 for visitors; a signed-in admin gets a preview that is never cached
 * (a session cookie keeps a page out of the cache, and the preview says no-store) nor indexed.
 */
export const handle = {
  pageCache: true,
  hydrate: false,
  styles: ["banner", "cards", "gallery", "before-after", "projects"] satisfies StyleGroup[],
};

/** The banner's columns (app.css `.banner--with-image`): the cover fills about 45% from 48rem. */
const COVER_SIZES = "(min-width: 72rem) 520px, (min-width: 48rem) 45vw, 100vw";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const slug = params.slug;
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
    return data({ status: "unavailable" as const, slug }, unavailableInit());
  }
  if (!view) throw data(null, { status: 404 });
  const payload = {
    ...view,
    status: "ok" as const,
    projectStatus: view.status,
    serviceTitle: serviceName(view.project.service),
    preview: view.status === "draft",
    jsonLd: projectJsonLd({
      project: view.project,
      publicUrl: backend.config.publicUrl,
      business: (await backend.site.content()).profile,
    }),
  };
  if (!payload.preview) return payload;
  return data(payload, { headers: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } });
}

/** The loader's headers reach the browser: the preview's and the 503's. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  if (loaderData.status === "unavailable") {
    return siteMeta(matches, (site) => ({
      title: "Our projects",
      description: `Jobs ${site.name} finished around ${site.city}, ${site.region}.`,
      path: projectHref(loaderData.slug),
      noindex: true,
    }));
  }
  const { project, serviceTitle, preview } = loaderData;
  const when = formatFinishedOn(project.finishedOn);
  const cover = project.cover;
  return [
    ...siteMeta(matches, (site) => ({
      title: serviceTitle ? `${project.title} | ${serviceTitle} project` : project.title,
      description: project.description || `${serviceTitle ?? "A job"} finished by ${site.name} in ${project.place}, ${when}.`,
      path: projectHref(project.slug),
      photo: cover,
      noindex: preview,
    })),
    { "script:ld+json": loaderData.jsonLd },
  ];
};

export default function ProjectPage({ loaderData }: Route.ComponentProps) {
  const nonce = useNonce();
  if (loaderData.status === "unavailable") {
    return (
      <>
        <PageBanner title="Our Projects" />
        <ProjectsUnavailable />
      </>
    );
  }
  const { project, photos, pairs, serviceTitle, preview } = loaderData;
  const when = formatFinishedOn(project.finishedOn);
  // Under a cover, the pairs' and the grid's photos wait for it (app/browser/later-photos.ts).
  const underCover = Boolean(project.cover);
  return (
    <>
      {preview ? (
        <p className="draft-banner">
          <strong>Draft: only admins can see this page.</strong>{" "}
          <a href={`/admin/projects/${encodeURIComponent(project.id)}`}>Edit the project</a>
        </p>
      ) : null}
      <PageBanner
        title={project.title}
        eyebrow={serviceTitle ?? "Our projects"}
        subtitle={`${project.place} · ${when}`}
        media={
          project.cover ? <PhotoPicture photo={project.cover} sizes={COVER_SIZES} className="banner__image" priority="high" /> : undefined
        }
      />
      <article className="page-section project-story" aria-labelledby="project-story-title">
        <h2 id="project-story-title" className="visually-hidden">
          About this project
        </h2>
        <dl className="project-facts">
          <div>
            <dt>Service</dt>
            <dd>{serviceTitle ? <Link to={`/${project.service}`}>{serviceTitle}</Link> : project.service}</dd>
          </div>
          <div>
            <dt>Where</dt>
            <dd>{project.place}</dd>
          </div>
          <div>
            <dt>Finished</dt>
            <dd>
              <time dateTime={project.finishedOn}>{when}</time>
            </dd>
          </div>
        </dl>
        {project.description ? (
          <div className="project-story__text">
            {project.description.split(/\n\s*\n/).map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
        ) : null}
      </article>
      <ProjectPairs pairs={pairs} headingId="project-pairs-title" underCover={underCover} />
      {photos.length > 0 ? (
        <section className="page-section project-photos" aria-labelledby="project-photos-title">
          <h2 id="project-photos-title">{photos.length === 1 ? "The photo" : `All ${photos.length} photos`}</h2>
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
        <Link to={projectsHref({ service: null, page: 1 })}>See all our projects</Link>
      </p>
      <EstimateCallToAction
        title="Want a job like this one?"
        text={`Tell us about your ${serviceTitle ? `${serviceTitle.toLowerCase()} ` : ""}project and we will set up a visit to measure and give you a written quote, free and with no obligation.`}
        more={serviceTitle ? <Link to={`/${project.service}`}>More about our {serviceTitle} service</Link> : undefined}
        service={toServiceSlug(project.service)}
      />
      {underCover ? <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: LATER_PHOTOS_SCRIPT }} /> : null}
    </>
  );
}
