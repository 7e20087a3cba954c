import { Form, Link, data } from "react-router";
import type { Route } from "./+types/leads";
import { requireAdmin } from "~/server/auth/session.server";
import { getServices } from "~/server/context.server";
import { inboxSearch } from "~/server/leads/inbox.server";
import { adminMeta } from "~/components/admin/meta";
import { AdminError } from "~/components/admin/admin-error";
import { StatusBadge } from "~/components/admin/status-badge";
import { LeadActions, WaitingMark } from "~/components/admin/lead-actions";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  adminMeta(loaderData && loaderData.pages > 1 ? `Estimate requests, page ${loaderData.page} of ${loaderData.pages}` : "Estimate requests", matches);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const inbox = await getServices(context).leads.getInbox(url.searchParams);
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
  const { filter, leads, page, pages, total, notices, statusOptions, previousHref, nextHref, csvHref, isFiltered } =
    loaderData;
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

      {/* A GET form: works without JavaScript, and the filters stay in the address to share or bookmark. */}
      <search aria-label="Filter estimate requests">
      <Form method="get" className="admin-filters">
        <div className="admin-field">
          <label htmlFor="filter-status">Status</label>
          <select id="filter-status" name="status" defaultValue={filter.status} key={`status-${filter.status}`}>
            {statusOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field admin-field--grow">
          <label htmlFor="filter-q">Search</label>
          <input
            id="filter-q"
            name="q"
            type="search"
            defaultValue={filter.q}
            key={`q-${filter.q}`}
            maxLength={loaderData.searchMaxLength}
            aria-describedby="filter-q-help"
          />
          <p className="admin-help" id="filter-q-help">
            Name, email, phone, subject or message.
          </p>
        </div>
        <div className="admin-filters__actions">
          <button type="submit" className="admin-button">
            Show
          </button>
          {isFiltered ? (
            <Link to="/admin/leads" className="admin-link-button">
              Clear filters
            </Link>
          ) : null}
        </div>
      </Form>
      </search>

      <div className="admin-results-bar">
        <p className="admin-results-bar__count">
          {total === 0
            ? "No requests match."
            : `${first}–${last} of ${total} ${total === 1 ? "request" : "requests"}, newest first.`}
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
            <li key={lead.id} className={`admin-card admin-lead${lead.waiting?.overdue ? " admin-lead--overdue" : ""}`}>
              <div className="admin-lead__head">
                <Link to={`/admin/leads/${lead.id}`} className="admin-card__title">
                  {lead.subject}
                </Link>
                <StatusBadge status={lead.status} />
              </div>
              <p className="admin-lead__who">
                {lead.name} · <span className="admin-break">{lead.email}</span> ·{" "}
                <span className="admin-nowrap">{lead.phone}</span>
              </p>
              {lead.snippet ? <p className="admin-lead__snippet">{lead.snippet}</p> : null}
              <LeadActions links={lead.links} name={lead.name} />
              <p className="admin-card__meta">
                Received <time dateTime={lead.receivedIso}>{lead.received}</time>
                {lead.waiting ? (
                  <>
                    {" "}
                    · <WaitingMark waiting={lead.waiting} />
                  </>
                ) : null}
                {lead.zip ? (
                  <>
                    {" "}
                    · ZIP <span className="admin-nowrap">{lead.zip}</span>
                    {lead.serviceArea ? ` (${lead.serviceArea})` : null}
                  </>
                ) : null}{" "}
                · {lead.photoCount === 1 ? "1 photo" : `${lead.photoCount} photos`} · Source:{" "}
                <span className="admin-break">{lead.sourceLabel}</span>
              </p>
            </li>
          ))}
        </ol>
      )}

      {pages > 1 || page > 1 ? (
        <nav className="admin-pager" aria-label="Pages">
          {previousHref ? (
            <Link to={previousHref} rel="prev">
              ← Previous page
            </Link>
          ) : (
            <span aria-hidden="true" />
          )}
          <p>
            Page {page} of {pages}
          </p>
          {nextHref ? (
            <Link to={nextHref} rel="next">
              Next page →
            </Link>
          ) : (
            <span aria-hidden="true" />
          )}
        </nav>
      ) : (
        <p className="admin-pager admin-pager--single">Page 1 of 1</p>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
