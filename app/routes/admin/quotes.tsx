import { Link, data } from "react-router";
import type { Route } from "./+types/quotes";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { getBackend } from "#app/server/context.server.ts";
import { formatDollars } from "#app/schemas/quote-numbers.ts";
import { adminMeta } from "#app/components/admin/meta.ts";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { quoteStatusLabels } from "#app/components/admin/quote-builder/quote-labels.ts";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Quotes", matches);

/** Every quote at a glance, and the quote pages that are not a request's: templates, notices, follow-ups (ADR 066). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return getBackend(context).quotes.getQuotesPage();
}

/** Nothing is posted here: each quote's actions are on its request's page and its builder. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  return data("This page only lists the quotes: open a quote or its request to change it.", { status: 405, headers: { Allow: "GET" } });
}

export default function Quotes({ loaderData }: Route.ComponentProps) {
  const { quotes } = loaderData;
  return (
    <div className="admin-page">
      <h1>Quotes</h1>
      <p>A quote is made on its request's page: open the request and choose “New quote”. Here are all of them, the latest changed first.</p>
      <ul className="admin-links">
        <li>
          <Link to="/admin/quotes/templates">Templates and saved items</Link>: whole quotes for common jobs and lines you use often.
        </li>
        <li>
          <Link to="/admin/quotes/notices">Texas notices</Link>: the words of the notices a quote can carry, to be reviewed by your
          attorney.
        </li>
        <li>
          <Link to="/admin/quotes/settings">Follow-ups</Link>: when an unanswered quote's polite reminders go.
        </li>
      </ul>
      <section className="admin-section" aria-labelledby="quotes-list">
        <h2 id="quotes-list">All quotes</h2>
        {quotes.length === 0 ? <p className="admin-muted">No quote yet.</p> : null}
        <ol className="admin-list">
          {quotes.map((quote) => (
            <li key={quote.id} className="admin-card">
              <h3>
                <Link to={`/admin/leads/${quote.leadId}/quotes/${quote.id}`}>
                  Quote {quote.number}: {quote.title}
                </Link>
              </h3>
              <p className="admin-card__meta">
                For <Link to={`/admin/leads/${quote.leadId}`}>{quote.homeowner}</Link>
                {quote.spanish ? " · in Spanish" : ""} · {quoteStatusLabels[quote.status]}
                {quote.version > 0 ? ` (version ${quote.version})` : ""} · {quote.when}
              </p>
              {quote.totals ? (
                <p>
                  {quote.totals
                    .map((t) => (quote.totals!.length > 1 ? `${t.name}: ${formatDollars(t.totalCents)}` : formatDollars(t.totalCents)))
                    .join(" · ")}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
