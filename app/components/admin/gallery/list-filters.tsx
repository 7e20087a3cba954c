import { Form, Link } from "react-router";
import { ProjectOptions } from "#app/components/admin/gallery/project-options.tsx";
import { ServiceOptions } from "#app/components/admin/service-options.tsx";
import { count } from "#app/components/admin/gallery/count.ts";
import type { AdminGalleryData, ListHref } from "#app/components/admin/gallery/gallery-data.ts";

/** Which photos the list shows: by status (links), by project or service (a GET form). */
export function GalleryFilters({ data, listHref }: { data: AdminGalleryData; listHref: ListHref }) {
  const filterLinks: { key: "all" | "drafts" | "published"; label: string; n: number }[] = [
    { key: "all", label: "All", n: data.counts.all },
    { key: "drafts", label: "Drafts", n: data.counts.drafts },
    { key: "published", label: "Published", n: data.counts.published },
  ];
  return (
    <>
      <nav aria-label="Which photos" className="gallery-filters">
        <ul>
          {filterLinks.map((filter) => (
            <li key={filter.key}>
              <Link
                to={listHref({ show: filter.key === "all" ? null : filter.key, spanish: null, page: null, edit: null })}
                aria-current={data.query.show === filter.key && data.query.spanish !== "missing" ? "page" : undefined}
                className="gallery-filters__link"
              >
                {filter.label} ({filter.n})
              </Link>
            </li>
          ))}
          {/* The photos whose Spanish pages still show English words (ADR 064). */}
          <li>
            <Link
              to={listHref({ spanish: data.query.spanish === "missing" ? null : "missing", show: null, page: null, edit: null })}
              aria-current={data.query.spanish === "missing" ? "page" : undefined}
              className="gallery-filters__link"
            >
              Missing Spanish ({data.counts.spanishMissing})
            </Link>
          </li>
        </ul>
      </nav>
      <Form method="get" action="/admin/gallery" className="gallery-filters__form">
        {data.query.show !== "all" ? <input type="hidden" name="show" value={data.query.show} /> : null}
        {data.query.spanish ? <input type="hidden" name="spanish" value={data.query.spanish} /> : null}
        <div className="admin-field">
          <label htmlFor="filter-project">Project</label>
          <select id="filter-project" name="project" defaultValue={data.query.projectId ?? ""} key={data.query.projectId ?? ""}>
            <ProjectOptions projects={data.projects} none="Any project or none" />
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="filter-service">Service</label>
          <select id="filter-service" name="service" defaultValue={data.query.service ?? ""} key={data.query.service ?? ""}>
            <option value="">Any service</option>
            <ServiceOptions services={data.services} />
          </select>
        </div>
        <button type="submit" className="admin-button admin-button--quiet">
          Show
        </button>
      </Form>
    </>
  );
}

/** How many photos the list holds, which page, and in what order. */
export function GallerySummary({ data, hydrated }: { data: AdminGalleryData; hydrated: boolean }) {
  const projectTitle = data.projects.find((p) => p.id === data.query.projectId)?.title;
  const serviceTitle = data.services.find((s) => s.slug === data.query.service)?.title;
  return (
    <p className="admin-help" id="photos-summary">
      {count(data.matching, "photo", "photos")}
      {projectTitle ? ` in the project “${projectTitle}”` : ""}
      {serviceTitle ? ` of ${serviceTitle}` : ""}
      {data.query.spanish === "missing" ? " still without their Spanish caption or description" : ""}
      {data.pageCount > 1 ? `, page ${data.query.page} of ${data.pageCount}` : ""}. Drafts come first, then published photos in gallery
      order{hydrated ? "; drag a published photo onto another to take its place" : ""}.
    </p>
  );
}

/** Previous and next page of tiles (48 a page). */
export function GalleryPager({ data, listHref }: { data: AdminGalleryData; listHref: ListHref }) {
  if (data.pageCount <= 1) return null;
  return (
    <nav aria-label="Pages of photos" className="gallery-pager">
      {data.query.page > 1 ? (
        <Link to={listHref({ page: data.query.page === 2 ? null : String(data.query.page - 1), edit: null })} rel="prev">
          Previous page
        </Link>
      ) : null}
      <span>
        Page {data.query.page} of {data.pageCount}
      </span>
      {data.query.page < data.pageCount ? (
        <Link to={listHref({ page: String(data.query.page + 1), edit: null })} rel="next">
          Next page
        </Link>
      ) : null}
    </nav>
  );
}
