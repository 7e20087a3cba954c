/**
 * What the homeowner did on this request's quotes (issue 27): opened, asked a question, asked
 * for changes, signed, with their words. The quote page writes these; the contractor was also
 * told by email and push.
 */
import type { QuoteActivityView } from "#app/schemas/quote-view.ts";

const LABELS: Record<string, string> = {
  opened: "Opened",
  question: "Asked a question",
  changes: "Asked for changes",
  signed: "Signed",
};

export function LeadQuoteActivity({ activity }: { activity: readonly QuoteActivityView[] }) {
  if (activity.length === 0) return null;
  return (
    <section className="admin-section" aria-labelledby="lead-quote-activity">
      <h2 id="lead-quote-activity">On the quotes</h2>
      <ol className="admin-list admin-notes">
        {activity.map((event) => (
          <li key={event.id} className="admin-card">
            <p className="admin-card__meta">
              {LABELS[event.kind] ?? event.kind} · quote {event.number}
              {event.version ? `, version ${event.version}` : ""} · <time dateTime={event.createdIso}>{event.created}</time>
            </p>
            {event.body ? <p className="admin-message">{event.body}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
