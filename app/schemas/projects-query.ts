/**
 * What a /projects address asks for: `?service=<service slug>` and `?page=<n>`, parsed before
 * the database is read as /gallery's query is (app/schemas/gallery-query.ts): a malformed page is
 * a 400 with its sentence, an unknown service a 404. Whether the service has projects and the
 * page exists is for the loader (404).
 */
import type { ServiceSlug } from "#app/schemas/content.ts";
import { listHref, readPageNumber, readServiceFilter } from "#app/schemas/gallery-query.ts";

type ProjectsQuery = { ok: true; service: ServiceSlug | null; page: number } | { ok: false; status: 400 | 404; message: string };

export function parseProjectsQuery(params: URLSearchParams): ProjectsQuery {
  const service = readServiceFilter(params, "service");
  if (service === undefined) {
    return { ok: false, status: 404, message: "We don't offer a service by that name, so there are no projects of it." };
  }
  // The page number follows the gallery's rules, word for word.
  const page = readPageNumber(params);
  if (!page.ok) return page;
  return { ok: true, service, page: page.page };
}

/** The address of one page of /projects: page 1 has no `page`, a filter keeps its service. */
export function projectsHref({ service, page }: { service: string | null; page: number }): string {
  return listHref("/projects", ["service", service], page);
}
