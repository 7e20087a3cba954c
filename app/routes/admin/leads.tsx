import { Link, data } from "react-router";
import type { Route } from "./+types/leads";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { getBackend } from "#app/server/context.server.ts";
import { inboxSearch } from "#app/server/leads/inbox.server.ts";
import { adminMeta } from "#app/components/admin/meta.ts";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { AdminPager } from "#app/components/admin/admin-pager.tsx";
import { LeadCard } from "#app/components/admin/leads/lead-card.tsx";
import { LeadFilters } from "#app/components/admin/leads/lead-filters.tsx";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  adminMeta(
    loaderData && loaderData.pages > 1 ? `Estimate requests, page ${loaderData.page} of ${loaderData.pages}` : "Estimate requests",
    matches,
  );

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const inbox = await getBackend(context).leads.getInbox(url.searchParams);
  const { filter, page, pages } = inbox;
  return {
    flash: url.searchParams.get("done") === "deleted" ? "The estimate request was deleted, with its notes and emails." : null,
    ...inbox,
    previousHref: page > 1 ? `/admin/leads${inboxSearch(filter, page - 1)}` : null,
    nextHref: page < pages ? `/admin/leads${inboxSearch(filter, page + 1)}` : null,
    csvHref: `/admin/leads.csv${inboxSearch(filter)}`,
    isFiltered: filter.status !== "open" || filter.q !== "",
  };
}

/** Nothing is posted to the inbox itself: its forms are GET filters, changes happen on a request's page. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  throw data("Nothing can be sent to this page. Open an estimate request to change it.", {
    status: 405,
    headers: { Allow: "GET" },
  });
}

export default function Leads({ loaderData }: Route.ComponentProps) {
  const { filter, leads, page, pages, total, notices, statusOptions, previousHref, nextHref, csvHref, isFiltered } = loaderData;
  const first = total === 0 ? 0 : (page - 1) * loaderData.pageSize + 1;
  const last = (page - 1) * loaderData.pageSize + leads.length;
  return (
    <div className="admin-page">
      <h1>Estimate requests</h1>
      {notices.length > 0 ? (
        <div className="admin-notice" role="alert">
          {notices.map((notice) => (
            <p key={notice}>{notice}</p>
          ))}
        </div>
      ) : null}

      <LeadFilters filter={filter} statusOptions={statusOptions} searchMaxLength={loaderData.searchMaxLength} isFiltered={isFiltered} />

      <div className="admin-results-bar">
        <p className="admin-results-bar__count">
          {total === 0 ? "No requests match." : `${first}–${last} of ${total} ${total === 1 ? "request" : "requests"}, newest first.`}
        </p>
        <a href={csvHref} className="admin-link-button" download>
          Download these as CSV
        </a>
      </div>

      {leads.length === 0 ? (
        <div className="admin-empty">
          {isFiltered ? (
            <p>
              No estimate requests match these filters. <Link to="/admin/leads">Show all open requests</Link>.
            </p>
          ) : (
            <p>No estimate requests yet. When someone sends the form on the website, it appears here.</p>
          )}
        </div>
      ) : (
        <ol className="admin-list admin-leads" aria-label="Estimate requests">
          {leads.map((lead) => (
            <LeadCard key={lead.id} lead={lead} />
          ))}
        </ol>
      )}

      {pages > 1 || page > 1 ? (
        <AdminPager
          label="Pages"
          page={page}
          pages={pages}
          previous={previousHref ? { href: previousHref, text: "← Previous page" } : null}
          next={nextHref ? { href: nextHref, text: "Next page →" } : null}
        />
      ) : (
        <p className="admin-pager admin-pager--single">Page 1 of 1</p>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
