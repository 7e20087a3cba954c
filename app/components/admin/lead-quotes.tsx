import { Form, Link } from "react-router";
import type { AdminActionResult } from "#app/schemas/admin-action.ts";
import { formatDollars } from "#app/schemas/quote-numbers.ts";
import { ActionError } from "#app/components/admin/action-error.tsx";
import { ActionDone } from "#app/components/admin/in-place-form.tsx";
import { CopyButton } from "#app/components/admin/copy-button.tsx";
import { QuoteSendForm, answerQuoteId } from "#app/components/admin/quote-send-form.tsx";
import { quoteStatusLabels } from "#app/components/admin/quote-builder/quote-labels.ts";
import type { QuoteStatus } from "#app/schemas/quote.ts";

/** One quote of the request (made by `server/quotes/lead-quotes.server.ts`). */
interface LeadQuoteView {
  id: string;
  number: number;
  status: QuoteStatus;
  version: number;
  title: string;
  address: string;
  totals: { name: string; totalCents: number }[] | null;
}

const INTENTS = ["quote-new", "quote-link"];

/**
 * A request's quotes (ADR 066): each with its stage, its version, its options' totals and the
 * homeowner's link (copy, or replace it so the old one stops), a link to its builder; and "New
 * quote", empty or from a saved template. Plain posts: a new quote opens its builder.
 */
export function LeadQuotes({
  action,
  leadId,
  quotes,
  templates,
  actionData,
}: {
  action: string;
  leadId: string;
  quotes: readonly LeadQuoteView[];
  templates: readonly { id: string; name: string }[];
  actionData: AdminActionResult | undefined;
}) {
  // A send refused for a quote not listed here (another request's, or one deleted) is said at the top.
  const stray = actionData?.intent === "quote-send" && "error" in actionData && !quotes.some((q) => q.id === answerQuoteId(actionData));
  const result = actionData && (INTENTS.includes(actionData.intent ?? "") || stray) ? actionData : undefined;
  return (
    <section className="admin-section lead-quotes" aria-labelledby="lead-quotes">
      <h2 id="lead-quotes">Quotes</h2>
      <ActionError result={result} />
      <ActionDone result={result} />
      {quotes.length === 0 ? <p className="admin-muted">No quote yet.</p> : null}
      <ol className="lead-quotes__list">
        {quotes.map((quote) => (
          <li key={quote.id} className="admin-card lead-quote">
            <h3>
              <Link to={`/admin/leads/${leadId}/quotes/${quote.id}`}>
                Quote {quote.number}: {quote.title}
              </Link>
            </h3>
            <p className="admin-card__meta">
              {quoteStatusLabels[quote.status]}
              {quote.version > 0 ? ` · version ${quote.version}` : " · not sent yet"}
              {quote.totals
                ? ` · ${quote.totals.map((t) => (quote.totals!.length > 1 ? `${t.name} ${formatDollars(t.totalCents)}` : formatDollars(t.totalCents))).join(" · ")}`
                : ""}
            </p>
            <div className="lead-quote__link">
              <div className="admin-field">
                <label htmlFor={`quote-link-${quote.id}`}>The homeowner's page of it</label>
                <input id={`quote-link-${quote.id}`} readOnly value={quote.address} />
              </div>
              <CopyButton targetId={`quote-link-${quote.id}`} label={`Copy the link of quote ${quote.number}`} />
            </div>
            <QuoteSendForm
              action={action}
              quote={{ id: quote.id, number: quote.number, title: quote.title, status: quote.status, currentVersion: quote.version }}
              actionData={actionData}
              compact
            />
            <div className="quote-buttons">
              <Link to={`/admin/leads/${leadId}/quotes/${quote.id}`} className="admin-link-button">
                {quote.status === "draft" ? "Edit the draft" : "Edit (makes a new version)"}
              </Link>
              <Form method="post" action={action} className="admin-inline-form">
                <input type="hidden" name="intent" value="quote-link" />
                <input type="hidden" name="quoteId" value={quote.id} />
                <button type="submit" className="admin-button admin-button--quiet" aria-label={`Replace link of quote ${quote.number}`}>
                  Replace link
                </button>
              </Form>
            </div>
          </li>
        ))}
      </ol>
      <Form method="post" action={action} className="admin-inline-form lead-quotes__new">
        <input type="hidden" name="intent" value="quote-new" />
        {templates.length > 0 ? (
          <div className="admin-field">
            <label htmlFor="quote-template">Start from</label>
            <select id="quote-template" name="templateId" defaultValue="">
              <option value="">An empty quote</option>
              {templates.map((template) => (
                <option key={template.id} value={template.id}>
                  {`Template: ${template.name}`}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <button type="submit" className="admin-button" id="quote-new">
          New quote
        </button>
      </Form>
      <p className="admin-help">
        <Link to="/admin/quotes/templates">Quote templates and saved items</Link>
      </p>
    </section>
  );
}
