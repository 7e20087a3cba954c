import { Link } from "react-router";

/** A request waiting for its first answer, as the dashboard lists it (`backend.leads.getFirstAnswers`). */
interface WaitingLead {
  id: string;
  name: string;
  service: string;
  /** Business time waited so far, "2 h 15 min". */
  waited: string;
  received: string;
  receivedIso: string;
  needsReview: boolean;
}

export interface FirstAnswers {
  days: number;
  median: { text: string; count: number } | null;
  hasHours: boolean;
  waiting: { total: number; leads: WaitingLead[] };
}

const requests = (count: number) => `${count} ${count === 1 ? "request" : "requests"}`;

/**
 * "Time to first answer" (issue 29): the median over the last 30 days, in business hours, and the
 * requests nobody has answered yet, longest waiting first, each one tap from its page.
 */
export function FirstAnswerTimes({ answers }: { answers: FirstAnswers }) {
  const { median, waiting, days } = answers;
  return (
    <section className="admin-section" aria-labelledby="first-answers">
      <h2 id="first-answers">Time to first answer</h2>
      <p>
        {median
          ? `Median time to first answer: ${median.text} (business hours, last ${days} days, ${requests(median.count)}).`
          : `No request of the last ${days} days has been answered yet.`}
      </p>
      {answers.hasHours ? null : (
        <p>
          Your business profile has no opening hours, so no business time is counted. <Link to="/admin/site">Set your hours</Link>.
        </p>
      )}
      <h3 id="waiting-requests">Waiting for an answer ({waiting.total})</h3>
      {waiting.total === 0 ? (
        <p>Every request has had an answer.</p>
      ) : (
        <ul className="admin-unanswered" aria-labelledby="waiting-requests">
          {waiting.leads.map((lead) => (
            <li key={lead.id}>
              <Link to={`/admin/leads/${lead.id}`}>
                <span className="admin-unanswered__who">
                  {lead.name}: {lead.service}
                </span>{" "}
                <span className="admin-card__meta">
                  Waiting {lead.waited} (business hours) · received <time dateTime={lead.receivedIso}>{lead.received}</time>
                  {lead.needsReview ? " · needs review" : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {waiting.total > waiting.leads.length ? (
        <p>
          The {waiting.leads.length} waiting longest are shown. All of them: <Link to="/admin/leads?status=new">new</Link>,{" "}
          <Link to="/admin/leads?status=review">needing review</Link>.
        </p>
      ) : null}
    </section>
  );
}
