import { useFetcher } from "react-router";
import { isActionRefused, resultFor, type AdminActionResult } from "#app/schemas/admin-action.ts";
import type { QuoteStatus } from "#app/schemas/quote.ts";
import { ActionError } from "#app/components/admin/action-error.tsx";
import { ActionDone, useKeepFocus } from "#app/components/admin/in-place-form.tsx";

/** What the send form needs of a quote. */
export interface QuoteToSend {
  id: string;
  number: number;
  title: string;
  status: QuoteStatus;
  /** The last sent version's number; 0 before the first send. */
  currentVersion: number;
}

/** The quote a `quote-send` answer is about: `quoteId` when sent, `values.quote_id` when refused. */
function answerQuoteId(answer: unknown): string | undefined {
  if (typeof answer !== "object" || answer === null) return undefined;
  const { quoteId, values } = answer as { quoteId?: unknown; values?: { quote_id?: unknown } };
  const id = quoteId ?? values?.quote_id;
  return typeof id === "string" ? id : undefined;
}

const statusWords: Record<QuoteStatus, string> = {
  draft: "Draft, not sent yet",
  sent: "Sent",
  signed: "Signed",
  declined: "Declined",
};

/**
 * "Send" (or "Send version N+1") for one quote (intent `quote-send`, `quote_id`): the draft is
 * checked on the server, frozen and emailed; a refusal says why in one sentence. A fetcher form,
 * a plain post without JavaScript (ADR 031).
 */
export function QuoteSendForm({
  action,
  quote,
  actionData,
}: {
  action: string;
  quote: QuoteToSend;
  actionData: AdminActionResult | undefined;
}) {
  const fetcher = useFetcher<AdminActionResult>();
  // A plain post's answer belongs to the quote it named.
  const result = resultFor("quote-send", fetcher.data, answerQuoteId(actionData) === quote.id ? actionData : undefined);
  const onSubmit = useKeepFocus(fetcher);
  const errorId = `quote-send-error-${quote.id}`;
  const label = quote.currentVersion === 0 ? "Send" : `Send version ${quote.currentVersion + 1}`;
  return (
    <div className="quote-send">
      <p>
        <strong>
          Quote {quote.number}: {quote.title}
        </strong>{" "}
        · {statusWords[quote.status]}
        {quote.currentVersion > 0 ? ` (version ${quote.currentVersion})` : ""}
      </p>
      <ActionError result={result} id={errorId} />
      <fetcher.Form method="post" action={action} className="admin-inline-form" onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="quote-send" />
        <input type="hidden" name="quote_id" value={quote.id} />
        <button type="submit" className="admin-button" aria-describedby={result && "error" in result ? errorId : undefined}>
          {label}
        </button>
      </fetcher.Form>
      <ActionDone result={result} />
    </div>
  );
}

/** The request's quotes with their "Send" buttons. MERGE: the builder's quotes list may host `QuoteSendForm` instead. */
export function LeadQuotesSending({
  action,
  quotes,
  actionData,
}: {
  action: string;
  quotes: QuoteToSend[];
  actionData: AdminActionResult | undefined;
}) {
  // A refusal about a quote not listed here (another request's, or one deleted) is said above the list.
  const stray =
    isActionRefused(actionData) && actionData.intent === "quote-send" && !quotes.some((q) => q.id === answerQuoteId(actionData));
  if (quotes.length === 0 && !stray) return null;
  return (
    <section className="admin-section" aria-labelledby="lead-quotes-send">
      <h2 id="lead-quotes-send">Send a quote</h2>
      {stray ? <ActionError result={actionData} /> : null}
      <p>Sending freezes the quote as it is and emails its link to the homeowner, in their language.</p>
      {quotes.map((quote) => (
        <QuoteSendForm key={quote.id} action={action} quote={quote} actionData={actionData} />
      ))}
    </section>
  );
}
