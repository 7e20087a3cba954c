/**
 * schema.org CreativeWork for a project's page (docs/decisions/039-projects.md): what was done,
 * where (the neighbourhood or city, never an address), when (the month finished), for which
 * service, by the business of the home page's HomeAndConstructionBusiness (same @id). In the
 * page's language (ADR 064): on the Spanish page its Spanish title, story, address and service.
 */
import type { ProjectSummary } from "#app/schemas/project-view.ts";
import { projectHref } from "#app/schemas/project-view.ts";
import { languageTags, type Locale } from "#app/i18n/locale.ts";
import { localePath } from "#app/i18n/paths.ts";
import { localServiceName } from "#app/i18n/service-names.ts";

export function projectJsonLd({
  project,
  publicUrl,
  business,
  locale = "en",
}: {
  project: Pick<
    ProjectSummary,
    "slug" | "title" | "description" | "titleEs" | "descriptionEs" | "service" | "place" | "finishedOn" | "cover"
  >;
  publicUrl: string;
  business: { name: string };
  /** The page's language: Spanish only for a project with its Spanish page. */
  locale?: Locale;
}) {
  const absolute = (path: string) => new URL(path, publicUrl + "/").href;
  const service = localServiceName(locale, project.service);
  const [name, description] = locale === "es" ? [project.titleEs, project.descriptionEs] : [project.title, project.description];
  return {
    "@context": "https://schema.org",
    "@type": "CreativeWork",
    name,
    ...(description ? { description } : {}),
    inLanguage: languageTags[locale],
    url: absolute(localePath(locale, projectHref(project.slug))),
    ...(project.cover ? { image: absolute(project.cover.master.url) } : {}),
    dateCreated: project.finishedOn,
    temporalCoverage: project.finishedOn,
    locationCreated: { "@type": "Place", name: project.place },
    ...(service ? { about: { "@type": "Service", name: service, url: absolute(localePath(locale, `/${project.service}`)) } } : {}),
    creator: {
      "@type": "HomeAndConstructionBusiness",
      "@id": `${publicUrl}/#business`,
      name: business.name,
      url: `${publicUrl}/`,
    },
  };
}
