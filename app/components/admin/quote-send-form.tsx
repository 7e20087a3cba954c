import { useFetcher } from "react-router";
import { resultFor, type AdminActionResult } from "#app/schemas/admin-action.ts";
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
export function answerQuoteId(answer: unknown): string | undefined {
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
  compact = false,
}: {
  action: string;
  quote: QuoteToSend;
  actionData: AdminActionResult | undefined;
  /** Inside a list that already names the quote and its stage. */
  compact?: boolean;
}) {
  const fetcher = useFetcher<AdminActionResult>();
  // A plain post's answer belongs to the quote it named.
  const result = resultFor("quote-send", fetcher.data, answerQuoteId(actionData) === quote.id ? actionData : undefined);
  const onSubmit = useKeepFocus(fetcher);
  const errorId = `quote-send-error-${quote.id}`;
  const label = quote.currentVersion === 0 ? "Send" : `Send version ${quote.currentVersion + 1}`;
  return (
    <div className="quote-send">
      {compact ? null : (
        <p>
          <strong>
            Quote {quote.number}: {quote.title}
          </strong>{" "}
          · {statusWords[quote.status]}
          {quote.currentVersion > 0 ? ` (version ${quote.currentVersion})` : ""}
        </p>
      )}
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
