import { Link } from "react-router";
import { leadStatusLabels, leadStatuses, type LeadStatus } from "#app/schemas/lead.ts";
import type { SourceCount } from "#app/schemas/lead-source.ts";

/** A new request as the dashboard lists it. */
interface LatestLead {
  id: string;
  name: string;
  subject: string;
  received: string;
  receivedIso: string;
}

/** Requests by source over the last days, spam not counted. */
interface LeadSources {
  days: number;
  sources: SourceCount[];
  total: number;
}

/**
 * "New estimate requests": how many wait for an answer, those the spam checks doubted, the latest
 * five, the count by status and by source.
 */
export function NewRequests({
  newCount,
  latestNew,
  counts,
  sources,
}: {
  newCount: number;
  latestNew: LatestLead[];
  counts: Record<LeadStatus, number>;
  sources: LeadSources;
}) {
  return (
    <section className="admin-section" aria-labelledby="new-requests">
      <h2 id="new-requests">New estimate requests</h2>
      <p className="admin-stat">
        <span className="admin-stat__number">{newCount}</span> {newCount === 1 ? "new request is" : "new requests are"} waiting for an
        answer.
      </p>
      {counts.review > 0 ? (
        <p className="admin-review-note">
          <Link to="/admin/leads?status=review">
            {counts.review === 1 ? "1 request needs review" : `${counts.review} requests need review`}
          </Link>
          : the spam checks doubted {counts.review === 1 ? "it" : "them"} (sent very fast, or from an old or reused page), but the emails
          went out as usual. Check it is a real person, then mark it New or Spam.
        </p>
      ) : null}
      {latestNew.length > 0 ? (
        <>
          <h3>Latest new requests</h3>
          <ul className="admin-list">
            {latestNew.map((lead) => (
              <li key={lead.id} className="admin-card">
                <Link to={`/admin/leads/${lead.id}`} className="admin-card__title">
                  {lead.name}: {lead.subject}
                </Link>
                <p className="admin-card__meta">
                  Received <time dateTime={lead.receivedIso}>{lead.received}</time>
                </p>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>Nothing new: every request has been looked at.</p>
      )}
      <p>
        <Link to="/admin/leads?status=new">All new requests</Link> · <Link to="/admin/leads">All open requests</Link>
      </p>
      <h3>Requests by status</h3>
      <ul className="admin-counts inline-list">
        {leadStatuses.map((status) => (
          <li key={status}>
            <Link to={`/admin/leads?status=${status}`}>
              {leadStatusLabels[status]}: <strong>{counts[status]}</strong>
            </Link>
          </li>
        ))}
      </ul>
      <RequestSources sources={sources} />
    </section>
  );
}

/** Where the visits that sent the requests began. */
function RequestSources({ sources }: { sources: LeadSources }) {
  return (
    <>
      <h3 id="requests-by-source">Requests by source, last {sources.days} days</h3>
      {sources.total === 0 ? (
        <p>No requests in the last {sources.days} days.</p>
      ) : (
        <>
          <p className="admin-help">
            Where the visit that sent each request began: the campaign tags of its link, else the site that sent the visitor. Spam is not
            counted.
          </p>
          <table className="admin-table admin-sources" aria-labelledby="requests-by-source">
            <thead>
              <tr>
                <th scope="col">Source</th>
                <th scope="col">Requests</th>
              </tr>
            </thead>
            <tbody>
              {sources.sources.map((source) => (
                <tr key={source.label}>
                  <th scope="row" className="admin-break">
                    {source.label}
                  </th>
                  <td>{source.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </>
  );
}
