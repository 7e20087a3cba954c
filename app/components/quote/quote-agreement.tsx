/**
 * The parts of the quote page a signature binds to (issue 27; DESIGN §6): the agreement for one
 * version and one pick, the ESIGN disclosures, and the notices beside and after the signature.
 * The server renders each once to HTML (app/server/quotes/shown.server.ts), hashes exactly those
 * bytes, and the page inserts the same strings: what was hashed is what was shown. Deterministic:
 * no ids from React, no clock, only the input.
 */
import type { Translate } from "#app/i18n/messages.ts";
import type { QuoteAgreementInput } from "#app/schemas/quote-view.ts";
import { findOption } from "#app/schemas/quote-money.ts";
import {
  Notices,
  Paragraphs,
  QuoteDetails,
  QuoteLists,
  ScheduleList,
  SectionLines,
  TotalsTable,
} from "#app/components/quote/quote-parts.tsx";

export function QuoteAgreement({ input, t }: { input: QuoteAgreementInput; t: Translate }) {
  const { document, totals, locale, business } = input;
  const option = findOption(document, totals.optionId);
  if (!option) return null;
  const ticked = new Set(totals.extraIds);
  return (
    <article className="quote-agreement" data-shown="agreement">
      <header className="quote-agreement__head">
        <p className="quote-agreement__business">
          {business.name} · {business.phone}
          {business.email ? ` · ${business.email}` : ""}
        </p>
        <h2>{document.title}</h2>
        <p>
          {t("quote.sign.agreementIntro", { number: input.number, version: input.version, option: option.name, date: input.sentOn })}
          {input.validUntil ? ` ${t("quote.head.validUntil", { date: input.validUntil })}.` : ""}
        </p>
      </header>
      {document.intro ? <Paragraphs text={document.intro} /> : null}
      <h3>{option.name}</h3>
      {option.summary ? <Paragraphs text={option.summary} /> : null}
      {option.sections.map((section) => (
        <SectionLines
          key={section.id}
          section={section}
          lines={section.lines.filter((line) => !line.optional || ticked.has(line.id))}
          t={t}
          locale={locale}
        />
      ))}
      <QuoteLists document={document} t={t} />
      <section className="quote-block">
        <h3>{t("quote.totals.heading")}</h3>
        <TotalsTable totals={totals} taxBasisPoints={document.taxBasisPoints} t={t} locale={locale} />
      </section>
      <ScheduleList totals={totals} t={t} locale={locale} />
      <QuoteDetails document={document} expectedStart={input.expectedStart} t={t} />
      <Notices notices={input.notices.filter((notice) => notice.placement === "before-signing")} t={t} />
    </article>
  );
}

/**
 * What 15 U.S.C. §7001(c)(1) asks a consumer be told before electronic records replace paper: the
 * right to paper and how to get it, withdrawing consent and its consequence, what the consent
 * covers, what is needed to open and keep the records, and how to update the email address.
 * The words are a starting point for the contractor's attorney (ADR note in the report), never
 * shown as such to the homeowner.
 */
export function ConsentDisclosures({ input, t }: { input: QuoteAgreementInput; t: Translate }) {
  const { business } = input;
  const values = { name: business.name, phone: business.phone, email: business.email };
  return (
    <article className="quote-consent" data-shown="consent">
      <p>{t("quote.sign.consentIntro")}</p>
      <ul className="quote-list">
        <li>{t(business.email ? "quote.sign.consentPaper" : "quote.sign.consentPaperNoEmail", values)}</li>
        <li>{t("quote.sign.consentWithdraw")}</li>
        <li>{t("quote.sign.consentScope")}</li>
        <li>{t("quote.sign.consentSystems")}</li>
        <li>{t("quote.sign.consentEmail")}</li>
      </ul>
    </article>
  );
}

/** The notices of one placement beside or after the signature; nothing when there are none. */
export function PlacedNotices({
  input,
  t,
  placement,
}: {
  input: QuoteAgreementInput;
  t: Translate;
  placement: "at-signature" | "after-signature";
}) {
  const notices = input.notices.filter((notice) => notice.placement === placement);
  if (notices.length === 0) return null;
  return (
    <article className="quote-notices" data-shown={placement}>
      <Notices notices={notices} t={t} />
    </article>
  );
}
