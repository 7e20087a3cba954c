/**
 * "Questions or changes?" on the quote page (issue 27): a plain form that works without
 * JavaScript; what is sent reaches the request's history and the contractor (email and push).
 */
import type { Translate } from "#app/i18n/messages.ts";
import { quotePageLimits, type QuoteRefusal } from "#app/schemas/quote-page.ts";

export interface AskRefused {
  refusal: QuoteRefusal;
  values: { kind: string; message: string };
}

export function QuoteAsk({
  path,
  business,
  t,
  sent,
  refused,
}: {
  path: string;
  business: string;
  t: Translate;
  sent: boolean;
  refused?: AskRefused;
}) {
  const kind = refused?.values.kind === "changes" ? "changes" : "question";
  const messageInvalid = refused && refused.refusal !== "kind";
  return (
    <section className="quote-ask" id="ask" aria-labelledby="quote-ask-title">
      <h2 id="quote-ask-title">{t("quote.ask.heading")}</h2>
      <p className="quote-help">{t("quote.ask.help", { name: business })}</p>
      {sent ? <output className="quote-message quote-message--done">{t("quote.ask.sent", { name: business })}</output> : null}
      {refused ? (
        <p className="quote-message quote-message--error" role="alert" id="quote-ask-error">
          {t(`quote.error.${refused.refusal}`, { max: quotePageLimits.message.max, version: 0 })}
        </p>
      ) : null}
      <form method="post" action={`${path}#ask`} className="quote-ask__form">
        <input type="hidden" name="intent" value="ask" />
        <fieldset className="quote-choices">
          <legend>{t("quote.ask.kind")}</legend>
          <label className="quote-check">
            <input type="radio" name="kind" value="question" defaultChecked={kind === "question"} />
            <span>{t("quote.ask.question")}</span>
          </label>
          <label className="quote-check">
            <input type="radio" name="kind" value="changes" defaultChecked={kind === "changes"} />
            <span>{t("quote.ask.changes")}</span>
          </label>
        </fieldset>
        <div className="quote-field">
          <label htmlFor="quote-ask-message">{t("quote.ask.message")}</label>
          <textarea
            id="quote-ask-message"
            name="message"
            rows={4}
            maxLength={quotePageLimits.message.max}
            defaultValue={refused?.values.message ?? ""}
            aria-invalid={messageInvalid ? true : undefined}
            aria-describedby={messageInvalid ? "quote-ask-error" : undefined}
          />
        </div>
        <button type="submit" className="button button--secondary">
          {t("quote.ask.send")}
        </button>
      </form>
    </section>
  );
}
