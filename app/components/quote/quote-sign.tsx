/**
 * Signing, in three steps on one page that works without JavaScript (issue 27): (1) the pick and
 * the agreement it makes, (2) the ESIGN consent, (3) the typed full name, an optional drawn mark
 * (app/browser/quote-page.ts draws it on a canvas) with its keyboard alternative, then "Sign".
 * The agreement, the disclosures and the notices are the server's HTML, inserted as hashed
 * (app/server/quotes/shown.server.ts); the form carries that hash back.
 */
import type { Translate } from "#app/i18n/messages.ts";
import type { QuotePageView, ShownParts } from "#app/schemas/quote-view.ts";
import { quotePageLimits, type QuoteRefusal } from "#app/schemas/quote-page.ts";
import { formatCents } from "#app/components/quote/money.ts";

export interface SignRefused {
  refusal: QuoteRefusal;
  version: number;
  values: { fullName: string; consent: boolean; useTypedMark: boolean };
}

/** The server's HTML of a part a signature binds to (never a visitor's words unescaped: React escaped them when it was rendered). */
function Shown({ html, className }: { html: string; className?: string }) {
  if (!html) return null;
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

function pickQuery(view: QuotePageView): string {
  const params = new URLSearchParams({ option: view.selection.optionId });
  for (const id of view.selection.extraIds) params.append("extra", id);
  return params.toString();
}

const FIELD_OF: Partial<Record<QuoteRefusal, string>> = {
  consent: "quote-consent",
  "name-required": "quote-full-name",
  "name-too-long": "quote-full-name",
  "mark-invalid": "quote-use-typed",
  "mark-too-long": "quote-use-typed",
};

type Invalid = (id: string) => true | undefined;

/** Step 1: the pick and the agreement it makes. */
function PickStep({ view, shown, t }: { view: QuotePageView; shown: ShownParts; t: Translate }) {
  const option = view.document.options.find((o) => o.id === view.selection.optionId)!;
  return (
    <section className="quote-step" aria-labelledby="quote-step-1">
      <p className="eyebrow">{t("quote.sign.step", { step: 1 })}</p>
      <h2 id="quote-step-1">{t("quote.sign.pickHeading")}</h2>
      <p className="quote-step__pick">
        <strong>{option.name}</strong> · {t("quote.totals.total")} <strong>{formatCents(view.locale, view.totals.totalCents)}</strong> ·{" "}
        <a href={`${view.path}?${pickQuery(view)}`}>{t("quote.sign.changePick")}</a>
      </p>
      <h3 className="quote-step__subhead">{t("quote.sign.agreementHeading")}</h3>
      <Shown html={shown.agreement} className="quote-shown" />
    </section>
  );
}

/** Step 2: the ESIGN disclosures and the consent. */
function ConsentStep({ shown, t, checked, invalid }: { shown: ShownParts; t: Translate; checked?: boolean; invalid: Invalid }) {
  return (
    <fieldset className="quote-step">
      <legend id="quote-step-2">
        <span className="eyebrow">{t("quote.sign.step", { step: 2 })}</span>
        <span className="quote-step__title">{t("quote.sign.consentHeading")}</span>
      </legend>
      <Shown html={shown.consent} />
      <label className="quote-check">
        <input
          type="checkbox"
          name="consent"
          value="yes"
          id="quote-consent"
          defaultChecked={checked}
          aria-required="true"
          aria-invalid={invalid("quote-consent")}
          aria-describedby={invalid("quote-consent") ? "quote-sign-error" : undefined}
        />
        <span>{t("quote.sign.consentCheckbox")}</span>
      </label>
    </fieldset>
  );
}

/** Step 3: the notices beside the signature, the typed name, the drawn mark or its keyboard alternative, and "Sign". */
function SignatureStep({
  view,
  shown,
  t,
  values,
  invalid,
}: {
  view: QuotePageView;
  shown: ShownParts;
  t: Translate;
  values?: SignRefused["values"];
  invalid: Invalid;
}) {
  return (
    <fieldset className="quote-step">
      <legend>
        <span className="eyebrow">{t("quote.sign.step", { step: 3 })}</span>
        <span className="quote-step__title">{t("quote.sign.signHeading")}</span>
      </legend>
      <Shown html={shown.atSignature} />
      <div className="quote-field">
        <label htmlFor="quote-full-name">{t("quote.sign.fullName")}</label>
        <input
          id="quote-full-name"
          name="fullName"
          autoComplete="name"
          maxLength={quotePageLimits.fullName.max}
          defaultValue={values?.fullName ?? ""}
          aria-required="true"
          aria-invalid={invalid("quote-full-name")}
          aria-describedby={invalid("quote-full-name") ? "quote-sign-error quote-full-name-help" : "quote-full-name-help"}
        />
        <p className="quote-help" id="quote-full-name-help">
          {t("quote.sign.fullNameHelp")}
        </p>
      </div>
      {/* Shown by the page's script: without JavaScript the typed name is the signature. */}
      <fieldset className="quote-mark" data-mark-pad="" hidden aria-describedby="quote-mark-help">
        <legend className="quote-mark__label">{t("quote.sign.markLabel")}</legend>
        <p className="quote-help" id="quote-mark-help">
          {t("quote.sign.markHelp")}
        </p>
        <canvas className="quote-mark__canvas" width={600} height={180} data-mark-canvas="" />
        <button type="button" className="button button--secondary quote-mark__clear" data-mark-clear="">
          {t("quote.sign.markClear")}
        </button>
      </fieldset>
      <input type="hidden" name="mark" value="" data-mark-input="" />
      <label className="quote-check">
        <input
          type="checkbox"
          name="useTypedMark"
          value="yes"
          id="quote-use-typed"
          defaultChecked={values?.useTypedMark}
          aria-invalid={invalid("quote-use-typed")}
        />
        <span>{t("quote.sign.useTyped")}</span>
      </label>
      <p className="quote-legal">{t("quote.sign.legal", { total: formatCents(view.locale, view.totals.totalCents) })}</p>
      <button type="submit" className="button button--primary quote-sign__submit">
        {t("quote.sign.submit")}
      </button>
    </fieldset>
  );
}

export function QuoteSign({ view, shown, t, refused }: { view: QuotePageView; shown: ShownParts; t: Translate; refused?: SignRefused }) {
  const invalid: Invalid = (id) => (refused && FIELD_OF[refused.refusal] === id ? true : undefined);
  return (
    <>
      <PickStep view={view} shown={shown} t={t} />
      <form method="post" action={`${view.path}?step=sign`} className="quote-sign" data-quote-sign="" aria-labelledby="quote-step-2">
        <input type="hidden" name="intent" value="sign" />
        <input type="hidden" name="option" value={view.selection.optionId} />
        {view.selection.extraIds.map((id) => (
          <input key={id} type="hidden" name="extra" value={id} />
        ))}
        <input type="hidden" name="version" value={view.version} />
        <input type="hidden" name="shownSha256" value={shown.sha256} />
        {refused ? (
          <div className="quote-message quote-message--error" role="alert" id="quote-sign-error">
            <p>{t(`quote.error.${refused.refusal}`, { version: refused.version, max: quotePageLimits.fullName.max })}</p>
          </div>
        ) : null}
        <ConsentStep shown={shown} t={t} checked={refused?.values.consent} invalid={invalid} />
        <SignatureStep view={view} shown={shown} t={t} values={refused?.values} invalid={invalid} />
      </form>
      <Shown html={shown.afterSignature} className="quote-shown" />
    </>
  );
}

export function QuoteSigned({ view, shown, t, already }: { view: QuotePageView; shown: ShownParts; t: Translate; already: boolean }) {
  const signed = view.signed!;
  return (
    <>
      <section className="quote-signed" aria-labelledby="quote-signed-title">
        <h2 id="quote-signed-title">{t("quote.signed.heading")}</h2>
        {already ? <output className="quote-signed__already">{t("quote.signed.already")}</output> : null}
        <p>{t("quote.signed.by", { name: signed.fullName, date: signed.signedOn })}</p>
        <p>{t("quote.signed.thanks", { name: view.business.name })}</p>
        <p>
          <a className="button button--primary quote-signed__pdf" href={signed.pdfHref}>
            {t("quote.signed.pdf")}
          </a>
        </p>
        {signed.pdfReady ? null : <p className="quote-help">{t("quote.signed.pdfWait")}</p>}
      </section>
      <Shown html={shown.agreement} className="quote-shown" />
      <Shown html={shown.atSignature} className="quote-shown" />
      <Shown html={shown.afterSignature} className="quote-shown" />
    </>
  );
}
