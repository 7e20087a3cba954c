import { data, Link } from "react-router";
import type { Route } from "./+types/projects";
import { unavailableInit } from "#app/retry-after.ts";
import { serviceFilters, serviceName } from "#app/content/service-names.ts";
import { PageBanner } from "#app/components/page-banner.tsx";
import { ProjectCards } from "#app/components/project-card.tsx";
import { EstimateButtons, EstimateCallToAction } from "#app/components/estimate-cta.tsx";
import { ProjectsUnavailable } from "#app/components/unavailable-notice.tsx";
import { FilterLinks, PageLinks } from "#app/components/list-navigation.tsx";
import { parseProjectsQuery, projectsHref } from "#app/schemas/projects-query.ts";
import { getBackend } from "#app/server/context.server.ts";
import type { ProjectListPage } from "#app/server/projects/public.server.ts";
import { useSiteProfile, siteMeta } from "#app/site-profile.ts";
import type { StyleGroup } from "#app/styles/groups.ts";

/**
 * /projects, ?service=<service> and ?page=N (12 a page): finished jobs, newest first, each a card
 * to its story (docs/decisions/039-projects.md). No JavaScript: the filter and the pages are
 * links. Only the query-less /projects is kept in the page cache, as for /gallery.
 */
export const handle = { pageCache: true, hydrate: false, styles: ["banner", "listing", "cards", "projects"] satisfies StyleGroup[] };

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = parseProjectsQuery(url.searchParams);
  if (!query.ok) throw data(query.message, { status: query.status });
  const backend = getBackend(context);
  let list: ProjectListPage;
  try {
    list = await backend.projectPages.list({ service: query.service, page: query.page });
  } catch (error) {
    backend.logger.error("projects could not be read", { error });
    return data({ status: "unavailable" as const, service: query.service, page: query.page, projects: [] }, unavailableInit());
  }
  // A service without published projects has no page 1; no projects at all is the empty state.
  const counts = new Map(list.services.map((s) => [s.service, s.count]));
  if ((query.service !== null && !counts.has(query.service)) || query.page > list.pageCount) throw data(null, { status: 404 });
  return {
    status: "ok" as const,
    service: query.service,
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    projects: list.projects,
    allCount: list.services.reduce((sum, s) => sum + s.count, 0),
    filters: serviceFilters(counts),
  };
}

/** The loader's Cache-Control and Retry-After reach the browser (the 503). */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const service = serviceName(loaderData?.service);
  const page = loaderData?.page ?? 1;
  const title = [service ? `${service} projects` : "Our projects", page > 1 ? `page ${page}` : null].filter(Boolean).join(", ");
  const first = loaderData?.projects[0]?.cover;
  return siteMeta(matches, (site) => ({
    title,
    description: service
      ? `${service} jobs ${site.name} finished around ${site.city}, ${site.region}: what was done, where and when, with before and after photos.`
      : `Kitchens, bathrooms, floors and fences ${site.name} finished around ${site.city}, ${site.region}: what was done, where and when, with before and after photos.`,
    path: projectsHref({ service: loaderData?.service ?? null, page }),
    photo: first,
    noindex: loaderData?.status === "unavailable",
  }));
};

export default function Projects({ loaderData }: Route.ComponentProps) {
  const site = useSiteProfile();
  const banner = <PageBanner title="Our Projects" subtitle={`Jobs we have finished around ${site.city}: what we did, where and when`} />;
  if (loaderData.status === "unavailable") {
    return (
      <>
        {banner}
        <ProjectsUnavailable />
      </>
    );
  }
  const { service, page, pageCount, total, projects, allCount, filters } = loaderData;
  const serviceTitle = serviceName(service);
  return (
    <>
      {banner}
      {total === 0 ? (
        <EmptyProjects />
      ) : (
        <section className="page-section projects" aria-labelledby="projects-list-title">
          <h2 id="projects-list-title" className="visually-hidden">
            {serviceTitle ? `${serviceTitle} projects` : "All projects"}
            {pageCount > 1 ? `, page ${page} of ${pageCount}` : ""}
          </h2>
          {filters.length > 1 || service !== null ? (
            <FilterLinks
              label="Projects by service"
              current={service}
              allCount={allCount}
              filters={filters}
              href={(slug) => projectsHref({ service: slug, page: 1 })}
            />
          ) : null}
          <ProjectCards projects={projects} eager={page === 1 ? 3 : 0} />
          <PageLinks label="Project pages" page={page} pageCount={pageCount} href={(n) => projectsHref({ service, page: n })} />
        </section>
      )}
      {total > 0 ? <EstimateCallToAction /> : null}
    </>
  );
}

/** Before the first project is published: what a project page will show, and the ways to an estimate. */
function EmptyProjects() {
  const site = useSiteProfile();
  return (
    <section className="page-section empty-state" aria-labelledby="projects-empty-title">
      <h2 id="projects-empty-title">Our project stories are on their way</h2>
      <p>
        We are writing up recent jobs around {site.city}: the room before, the room after, and what we did in between. Until they are up,
        our gallery shows photos of finished work, and we are happy to show you examples like your job when we visit for your free estimate.
      </p>
      <p className="empty-state__actions">
        <EstimateButtons />
        <Link className="button button--secondary" to="/gallery">
          See the photo gallery
        </Link>
      </p>
    </section>
  );
}
