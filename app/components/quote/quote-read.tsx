/**
 * The quote as the homeowner reads it (issue 27): who it is from, the options as cards (choosing
 * one declines the others), each with its sections, lines and optional extras, then the totals
 * of the pick with its payment schedule. One GET form: without JavaScript "Update total" reloads
 * the page with the pick (`?option=…&extra=…`); with it, app/browser/quote-page.ts updates the
 * totals at once from the data block, with the same arithmetic (`quote-money.ts`).
 */
import type { Translate } from "#app/i18n/messages.ts";
import type { QuoteOption } from "#app/schemas/quote.ts";
import type { QuotePageView } from "#app/schemas/quote-view.ts";
import { formatCents } from "#app/components/quote/money.ts";
import { Paragraphs, QuoteDetails, QuoteLists, ScheduleList, SectionLines, TotalsTable } from "#app/components/quote/quote-parts.tsx";
import { dataBlockText } from "#app/components/script-files.ts";
import { languageTags } from "#app/i18n/locale.ts";

export function QuoteHead({ view, t }: { view: QuotePageView; t: Translate }) {
  const { business } = view;
  return (
    <header className="quote-head">
      <p className="eyebrow">{t("quote.head.eyebrow", { number: view.number, version: view.version })}</p>
      <h1 id="page-title">{view.document.title}</h1>
      <p className="quote-head__from">
        {t("quote.head.from", { name: business.name })} ·{" "}
        <a href={business.phoneHref} className="quote-head__phone">
          {t("quote.head.call", { phone: business.phone })}
        </a>
      </p>
      <p className="quote-head__dates">
        {t("quote.head.sent", { date: view.sentOn })}
        {view.validUntil ? ` · ${t("quote.head.validUntil", { date: view.validUntil })}` : ""}
      </p>
      {view.expired && view.step !== "signed" ? (
        <p className="quote-warning" role="note">
          {t("quote.head.expired", { date: view.validUntil })}
        </p>
      ) : null}
      {view.document.intro ? <Paragraphs text={view.document.intro} className="quote-intro" /> : null}
    </header>
  );
}

function OptionCard({ view, option, t, many }: { view: QuotePageView; option: QuoteOption; t: Translate; many: boolean }) {
  const chosen = option.id === view.selection.optionId;
  const base = view.optionTotals.find((totals) => totals.optionId === option.id)?.baseCents ?? 0;
  const ticked = new Set(view.selection.extraIds);
  const titleId = `option-${option.id}-title`;
  return (
    <section
      className={chosen ? "quote-option quote-option--chosen" : "quote-option"}
      aria-labelledby={titleId}
      data-option-card={option.id}
    >
      <div className="quote-option__head">
        {many ? (
          <label className="quote-option__pick">
            <input type="radio" name="option" value={option.id} defaultChecked={chosen} />
            <span id={titleId} className="quote-option__name">
              {option.name}
            </span>
          </label>
        ) : (
          <h3 id={titleId} className="quote-option__name">
            {option.name}
          </h3>
        )}
        <span className="quote-option__price">{t("quote.option.from", { amount: formatCents(view.locale, base) })}</span>
      </div>
      {option.summary ? <Paragraphs text={option.summary} className="quote-option__summary" /> : null}
      {option.sections.map((section) => (
        <SectionLines
          key={section.id}
          section={section}
          lines={section.lines}
          t={t}
          locale={view.locale}
          extras={{ optionId: option.id, ticked: chosen ? ticked : new Set() }}
        />
      ))}
    </section>
  );
}

/** What the page's script needs to redo the server's sums: each option's lines, the tax and the schedule. */
function scriptData(view: QuotePageView, t: Translate): string {
  const { document } = view;
  return JSON.stringify({
    tag: languageTags[view.locale],
    updated: t("quote.totals.updated", { amount: "{amount}" }),
    forOption: t("quote.totals.forOption", { name: "{name}" }),
    document: {
      taxBasisPoints: document.taxBasisPoints,
      payment: document.payment,
      options: document.options.map((option) => ({
        id: option.id,
        name: option.name,
        sections: option.sections.map((section) => ({
          lines: section.lines.map((line) => ({
            id: line.id,
            optional: line.optional,
            quantityMilli: line.quantityMilli,
            unitPriceCents: line.unitPriceCents,
          })),
        })),
      })),
    },
  });
}

export function QuoteRead({ view, t }: { view: QuotePageView; t: Translate }) {
  const { document } = view;
  const many = document.options.length > 1;
  const option = document.options.find((o) => o.id === view.selection.optionId) ?? document.options[0]!;
  return (
    <form method="get" action={view.path} className="quote-pick" data-quote-pick="">
      {many ? null : <input type="hidden" name="option" value={option.id} />}
      <fieldset className="quote-options">
        <legend className="quote-options__legend">
          <h2 className="quote-section-title">{t(many ? "quote.options.headingMany" : "quote.options.headingOne")}</h2>
          {many ? <span className="quote-help">{t("quote.options.help")}</span> : null}
        </legend>
        <div className={many ? "quote-options__cards quote-options__cards--many" : "quote-options__cards"}>
          {document.options.map((o) => (
            <OptionCard key={o.id} view={view} option={o} t={t} many={many} />
          ))}
        </div>
      </fieldset>
      <QuoteLists document={document} t={t} />
      <section className="quote-summary" aria-labelledby="quote-total-title">
        <h2 id="quote-total-title">{t("quote.totals.heading")}</h2>
        <p className="quote-summary__for" data-total-for="">
          {t("quote.totals.forOption", { name: option.name })}
        </p>
        <TotalsTable totals={view.totals} taxBasisPoints={document.taxBasisPoints} t={t} locale={view.locale} live />
        <p className="visually-hidden" aria-live="polite" data-total-status="" />
        <ScheduleList totals={view.totals} t={t} locale={view.locale} live />
        <div className="quote-actions">
          <button type="submit" className="button button--secondary" data-update-total="">
            {t("quote.totals.update")}
          </button>
          <button type="submit" name="step" value="sign" className="button button--primary">
            {t("quote.sign.continue")}
          </button>
        </div>
      </section>
      <QuoteDetails document={document} expectedStart={view.expectedStart} t={t} />
      <script type="application/json" data-quote-data="" dangerouslySetInnerHTML={{ __html: dataBlockText(scriptData(view, t)) }} />
    </form>
  );
}
