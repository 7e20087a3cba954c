/**
 * schema.org CreativeWork for a project's page (docs/decisions/039-projects.md): what was done,
 * where (the neighbourhood or city, never an address), when (the month finished), for which
 * service, by the business of the home page's HomeAndConstructionBusiness (same @id).
 */
import type { ProjectSummary } from "#app/schemas/project-view.ts";
import { projectHref } from "#app/schemas/project-view.ts";
import { serviceName } from "#app/content/service-names.ts";

export function projectJsonLd({
  project,
  publicUrl,
  business,
}: {
  project: Pick<ProjectSummary, "slug" | "title" | "description" | "service" | "place" | "finishedOn" | "cover">;
  publicUrl: string;
  business: { name: string };
}) {
  const absolute = (path: string) => new URL(path, publicUrl + "/").href;
  const service = serviceName(project.service);
  return {
    "@context": "https://schema.org",
    "@type": "CreativeWork",
    name: project.title,
    ...(project.description ? { description: project.description } : {}),
    url: absolute(projectHref(project.slug)),
    ...(project.cover ? { image: absolute(project.cover.master.url) } : {}),
    dateCreated: project.finishedOn,
    temporalCoverage: project.finishedOn,
    locationCreated: { "@type": "Place", name: project.place },
    ...(service ? { about: { "@type": "Service", name: service, url: absolute(`/${project.service}`) } } : {}),
    creator: {
      "@type": "HomeAndConstructionBusiness",
      "@id": `${publicUrl}/#business`,
      name: business.name,
      url: `${publicUrl}/`,
    },
  };
}
