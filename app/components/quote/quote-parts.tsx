/**
 * The pieces of a quote that the page and its agreement share (issue 27): a section's lines, the
 * totals and the payment schedule, the dates and terms, and the Texas notices. Plain components
 * with the words passed in (`t`), so the server can render the agreement outside the router.
 */
import type { Locale } from "#app/i18n/locale.ts";
import type { Translate } from "#app/i18n/messages.ts";
import type { NoticeText, QuoteDocument, QuoteLine, QuoteSection } from "#app/schemas/quote.ts";
import { lineCents, type QuoteTotals } from "#app/schemas/quote-money.ts";
import { formatCents, formatQuantity, formatRate } from "#app/components/quote/money.ts";

interface Words {
  t: Translate;
  locale: Locale;
}

/** Paragraphs of plain text: blank lines separate them, single newlines stay as breaks (CSS pre-line). */
export function Paragraphs({ text, className }: { text: string; className?: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .map((paragraph) => paragraph.trim())
        .filter(Boolean)
        .map((paragraph, i) => (
          <p key={i} className={className}>
            {paragraph}
          </p>
        ))}
    </>
  );
}

/** On the page (not in the agreement), an optional line's checkbox: which option it belongs to and whether it is ticked. */
export interface ExtraBoxes {
  optionId: string;
  ticked: ReadonlySet<string>;
}

/** A line's description, its allowance note and, for an extra on the page, its checkbox. */
function LineText({ line, t, extras }: { line: QuoteLine; t: Translate; extras?: ExtraBoxes }) {
  const box = line.optional && extras;
  return (
    <>
      {box ? (
        <label className="quote-extra">
          <input type="checkbox" name="extra" value={line.id} defaultChecked={extras.ticked.has(line.id)} data-extra-of={extras.optionId} />
          <span>
            {line.description}
            <span className="visually-hidden"> ({t("quote.line.optional")})</span>
          </span>
        </label>
      ) : (
        <span className="quote-line__name">{line.description}</span>
      )}
      {line.kind === "allowance" ? <span className="quote-tag">{t("quote.line.allowance")}</span> : null}
      {line.optional && !box ? <span className="quote-tag quote-tag--extra">{t("quote.line.optional")}</span> : null}
      {line.note ? <span className="quote-line__note">{line.note}</span> : null}
    </>
  );
}

/**
 * One section's lines as a table that folds into rows of label and value on a phone. `lines`
 * are the ones to show; with `extras`, an optional line has its checkbox (the page, not the agreement).
 */
export function SectionLines({
  section,
  lines,
  t,
  locale,
  extras,
}: Words & { section: QuoteSection; lines: QuoteLine[]; extras?: ExtraBoxes }) {
  if (lines.length === 0) return null;
  return (
    <table className="quote-lines">
      <caption>{section.title}</caption>
      <thead>
        <tr>
          <th scope="col">{t("quote.line.description")}</th>
          <th scope="col" className="quote-num">
            {t("quote.line.quantity")}
          </th>
          <th scope="col" className="quote-num">
            {t("quote.line.unitPrice")}
          </th>
          <th scope="col" className="quote-num">
            {t("quote.line.amount")}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.id} className={line.optional ? "quote-line quote-line--extra" : "quote-line"}>
            <th scope="row" className="quote-line__text">
              <LineText line={line} t={t} extras={extras} />
            </th>
            <td className="quote-num" data-label={t("quote.line.quantity")}>
              {formatQuantity(locale, line.quantityMilli)}
              {line.unit ? ` ${line.unit}` : ""}
            </td>
            <td className="quote-num" data-label={t("quote.line.unitPrice")}>
              {formatCents(locale, line.unitPriceCents)}
            </td>
            <td className="quote-num quote-line__amount" data-label={t("quote.line.amount")}>
              {formatCents(locale, lineCents(line))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Subtotal, tax and total of a pick; `live` marks the cells the page's script updates. */
export function TotalsTable({
  totals,
  taxBasisPoints,
  t,
  locale,
  live,
}: Words & { totals: QuoteTotals; taxBasisPoints: number | null; live?: boolean }) {
  const cell = (name: string, cents: number) => (
    <td className="quote-num" data-total={live ? name : undefined}>
      {formatCents(locale, cents)}
    </td>
  );
  return (
    <table className="quote-totals">
      <tbody>
        <tr>
          <th scope="row">{t("quote.totals.base")}</th>
          {cell("base", totals.baseCents)}
        </tr>
        <tr>
          <th scope="row">{t("quote.totals.extras")}</th>
          {cell("extras", totals.extrasCents)}
        </tr>
        <tr>
          <th scope="row">{t("quote.totals.subtotal")}</th>
          {cell("subtotal", totals.subtotalCents)}
        </tr>
        {taxBasisPoints ? (
          <tr>
            <th scope="row">{t("quote.totals.tax", { rate: formatRate(locale, taxBasisPoints) })}</th>
            {cell("tax", totals.taxCents)}
          </tr>
        ) : null}
        <tr className="quote-totals__total">
          <th scope="row">{t("quote.totals.total")}</th>
          {cell("total", totals.totalCents)}
        </tr>
      </tbody>
    </table>
  );
}

/** Deposit, milestones and the final payment after the walk-through, for a pick. */
export function ScheduleList({ totals, t, locale, live }: Words & { totals: QuoteTotals; live?: boolean }) {
  return (
    <section className="quote-block" aria-labelledby={live ? "quote-schedule-live" : "quote-schedule"}>
      <h3 id={live ? "quote-schedule-live" : "quote-schedule"}>{t("quote.schedule.heading")}</h3>
      <dl className="quote-schedule">
        {totals.schedule.map((payment) => (
          <div key={payment.id} className="quote-schedule__row">
            <dt>
              {payment.id === "deposit" ? t("quote.schedule.deposit") : payment.id === "final" ? t("quote.schedule.final") : payment.label}
            </dt>
            <dd className="quote-num" data-payment={live ? payment.id : undefined}>
              {formatCents(locale, payment.cents)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Exclusions and assumptions, when the quote has them. */
export function QuoteLists({ document, t }: { document: QuoteDocument; t: Translate }) {
  const lists = [
    ["exclusions", t("quote.exclusions.heading"), document.exclusions],
    ["assumptions", t("quote.assumptions.heading"), document.assumptions],
  ] as const;
  return (
    <>
      {lists.map(([key, heading, items]) =>
        items.length > 0 ? (
          <section key={key} className="quote-block">
            <h3>{heading}</h3>
            <ul className="quote-list">
              {items.map((item, i) => (
                <li key={i}>{item}</li>
              ))}
            </ul>
          </section>
        ) : null,
      )}
    </>
  );
}

/** Expected start, duration, warranty and terms. */
export function QuoteDetails({ document, expectedStart, t }: { document: QuoteDocument; expectedStart: string; t: Translate }) {
  const rows: [string, React.ReactNode][] = [];
  if (expectedStart) rows.push([t("quote.details.start"), expectedStart]);
  if (document.duration) {
    const { value, unit } = document.duration;
    rows.push([t("quote.details.duration"), t(unit === "days" ? "quote.details.days" : "quote.details.weeks", { count: value })]);
  }
  if (document.warranty) rows.push([t("quote.details.warranty"), <Paragraphs key="w" text={document.warranty} />]);
  if (document.terms) rows.push([t("quote.details.terms"), <Paragraphs key="t" text={document.terms} />]);
  if (rows.length === 0) return null;
  return (
    <section className="quote-block">
      <h3>{t("quote.details.heading")}</h3>
      <dl className="quote-details">
        {rows.map(([label, value]) => (
          <div key={label} className="quote-details__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The type sizes the stylesheet has (the page's CSP allows no style attribute): the statute's size or the next larger. */
export function noticePoints(minPoints: number): 10 | 12 | 14 {
  return minPoints <= 10 ? 10 : minPoints <= 12 ? 12 : 14;
}

/**
 * Texas notices of one placement, each at its statute's size or larger (`minPoints`, set as
 * the smallest the text may be) and bold when asked. None given, nothing shown.
 */
export function Notices({ notices, t }: { notices: NoticeText[]; t: Translate }) {
  if (notices.length === 0) return null;
  return (
    <>
      {notices.map((notice) => (
        <section
          key={notice.id}
          className={`quote-notice quote-notice--pt-${noticePoints(notice.minPoints)}${notice.bold ? " quote-notice--bold" : ""}`}
          data-notice={notice.id}
        >
          <h3 className="quote-notice__title">{notice.title}</h3>
          <Paragraphs text={notice.body} />
          {notice.source ? <p className="quote-notice__source">{t("quote.notices.source", { source: notice.source })}</p> : null}
        </section>
      ))}
    </>
  );
}
