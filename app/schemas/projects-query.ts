/**
 * What a /projects address asks for: `?service=<service slug>` and `?page=<n>`, parsed before
 * the database is read as /gallery's query is (app/schemas/gallery-query.ts): a malformed page is
 * a 400 with its sentence, an unknown service a 404. Whether the service has projects and the
 * page exists is for the loader (404).
 */
import { serviceSlugs, type ServiceSlug } from "#app/schemas/content.ts";
import { parseGalleryQuery } from "#app/schemas/gallery-query.ts";

type ProjectsQuery = { ok: true; service: ServiceSlug | null; page: number } | { ok: false; status: 400 | 404; message: string };

export function parseProjectsQuery(params: URLSearchParams): ProjectsQuery {
  const rawService = params.get("service");
  let service: ServiceSlug | null = null;
  if (rawService !== null && rawService !== "") {
    const slug = rawService.toLowerCase();
    if (!(serviceSlugs as readonly string[]).includes(slug)) {
      return {
        ok: false,
        status: 404,
        message: "We don't offer a service by that name, so there are no projects of it.",
      };
    }
    service = slug as ServiceSlug;
  }
  // The page number follows the gallery's rules, word for word.
  const page = parseGalleryQuery(new URLSearchParams(params.has("page") ? { page: params.get("page") ?? "" } : {}));
  if (!page.ok) return page;
  return { ok: true, service, page: page.page };
}

/** The address of one page of /projects: page 1 has no `page`, a filter keeps its service. */
export function projectsHref({ service, page }: { service: string | null; page: number }): string {
  const params = new URLSearchParams();
  if (service) params.set("service", service);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/projects?${query}` : "/projects";
}
