import { data, Link } from "react-router";
import type { Route } from "./+types/projects";
import { unavailableInit } from "#app/retry-after.ts";
import { serviceFilters } from "#app/content/service-names.ts";
import { PageBanner } from "#app/components/page-banner.tsx";
import { ProjectCards } from "#app/components/project-card.tsx";
import { EstimateButtons, EstimateCallToAction } from "#app/components/estimate-cta.tsx";
import { ProjectsUnavailable } from "#app/components/unavailable-notice.tsx";
import { FilterLinks, PageLinks } from "#app/components/list-navigation.tsx";
import { parseProjectsQuery, projectsHref } from "#app/schemas/projects-query.ts";
import { getBackend } from "#app/server/context.server.ts";
import type { ProjectListPage } from "#app/server/projects/public.server.ts";
import { useSiteProfile, siteMeta } from "#app/site-profile.ts";
import { translate, translator } from "#app/i18n/messages.ts";
import { localeOf } from "#app/i18n/locale.ts";
import { localServiceName } from "#app/i18n/service-names.ts";
import { useLocale, useLocalePath, useT } from "#app/i18n/react.ts";
import { localeFrom } from "#app/seo.ts";
import type { StyleGroup } from "#app/styles/groups.ts";

/**
 * /projects, ?service=<service> and ?page=N (12 a page): finished jobs, newest first, each a card
 * to its story (docs/decisions/039-projects.md). No JavaScript: the filter and the pages are
 * links. Only the query-less /projects is kept in the page cache, as for /gallery. Its Spanish
 * twin is /es/proyectos (ADR 064): the same list, each card in Spanish where the owner wrote it.
 */
export const handle = { pageCache: true, hydrate: false, styles: ["banner", "listing", "cards", "projects"] satisfies StyleGroup[] };

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = parseProjectsQuery(url.searchParams);
  // A malformed page number is refused in the page's language; an unknown service is the not-found page.
  if (!query.ok)
    throw data(query.status === 400 ? translate(localeOf(url.pathname), "list.badPage") : query.message, { status: query.status });
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
  const locale = localeFrom(matches);
  const t = translator(locale);
  const service = localServiceName(locale, loaderData?.service);
  const page = loaderData?.page ?? 1;
  const base = service ? t("projects.meta.titleService", { service }) : t("projects.meta.title");
  const title = page > 1 ? t("projects.meta.titlePage", { title: base, page }) : base;
  const first = loaderData?.projects[0]?.cover;
  return siteMeta(matches, (site) => ({
    title,
    description: service
      ? t("projects.meta.descriptionService", { service, name: site.name, city: site.city, region: site.region })
      : t("projects.meta.description", { name: site.name, city: site.city, region: site.region }),
    path: projectsHref({ service: loaderData?.service ?? null, page }),
    photo: first,
    noindex: loaderData?.status === "unavailable",
  }));
};

export default function Projects({ loaderData }: Route.ComponentProps) {
  const site = useSiteProfile();
  const t = useT();
  const locale = useLocale();
  const path = useLocalePath();
  const banner = <PageBanner title={t("projects.banner.title")} subtitle={t("projects.banner.subtitle", { city: site.city })} />;
  if (loaderData.status === "unavailable") {
    return (
      <>
        {banner}
        <ProjectsUnavailable />
      </>
    );
  }
  const { service, page, pageCount, total, projects, allCount, filters } = loaderData;
  const serviceTitle = localServiceName(locale, service);
  return (
    <>
      {banner}
      {total === 0 ? (
        <EmptyProjects />
      ) : (
        <section className="page-section projects" aria-labelledby="projects-list-title">
          <h2 id="projects-list-title" className="visually-hidden">
            {serviceTitle ? t("projects.list.titleService", { service: serviceTitle }) : t("projects.list.title")}
            {pageCount > 1 ? t("projects.list.pageOf", { page, pageCount }) : ""}
          </h2>
          {filters.length > 1 || service !== null ? (
            <FilterLinks
              label={t("projects.list.filters")}
              current={service}
              allCount={allCount}
              filters={filters.map((filter) => ({ ...filter, label: localServiceName(locale, filter.slug) ?? filter.label }))}
              href={(slug) => path(projectsHref({ service: slug, page: 1 }))}
            />
          ) : null}
          <ProjectCards projects={projects} eager={page === 1 ? 3 : 0} />
          <PageLinks
            label={t("projects.list.pages")}
            page={page}
            pageCount={pageCount}
            href={(n) => path(projectsHref({ service, page: n }))}
          />
        </section>
      )}
      {total > 0 ? <EstimateCallToAction /> : null}
    </>
  );
}

/** Before the first project is published: what a project page will show, and the ways to an estimate. */
function EmptyProjects() {
  const site = useSiteProfile();
  const t = useT();
  const path = useLocalePath();
  return (
    <section className="page-section empty-state" aria-labelledby="projects-empty-title">
      <h2 id="projects-empty-title">{t("projects.empty.title")}</h2>
      <p>{t("projects.empty.text", { city: site.city })}</p>
      <p className="empty-state__actions">
        <EstimateButtons />
        <Link className="button button--secondary" to={path("/gallery")}>
          {t("projects.empty.gallery")}
        </Link>
      </p>
    </section>
  );
}
