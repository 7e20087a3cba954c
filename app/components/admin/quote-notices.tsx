import { Form } from "react-router";
import { FormField } from "#app/components/form-field.tsx";
import { ActionError } from "#app/components/admin/action-error.tsx";
import type { AdminActionError } from "#app/schemas/admin-action.ts";
import { noticeLimits, noticePlaceholders, type AdminNotice } from "#app/schemas/quote-notices.ts";
import type { NoticeText } from "#app/schemas/quote.ts";

/** What the notices page's action answers when it refuses: the message, what was typed, each field's problem. */
export interface NoticeFormResult extends AdminActionError {
  fieldErrors?: Record<string, string>;
}

export const noticeAnchor = (id: string) => `notice-${id}`;

const placementWords: Record<NoticeText["placement"], string> = {
  "before-signing": "Shown before the homeowner signs.",
  "at-signature": "Printed next to the homeowner's signature line.",
  "after-signature": "Attached after the signature, to be torn off and sent back.",
};

const placeholderHelp: Record<(typeof noticePlaceholders)[number], string> = {
  business_name: "your business name, from Your site",
  business_address: "your street address, from Your site",
  transaction_date: "the day the quote is signed (a blank until then)",
  cancel_by_date: "the last day to cancel: three business days after signing (a blank until then)",
  subcontractor_list: "the subcontractors and suppliers listed on the quote, one per line",
};

/** The plain warning at the top of the page: what these texts are and what the software does not do. */
export function NoticesBanner() {
  return (
    <div className="admin-notice" id="notices-warning">
      <p>
        These are starting points taken from the named Texas statutes, to be reviewed by your attorney before use. They were written without
        checking the current law, which changes.
      </p>
      <p>This software gives no legal advice and does not decide when a notice applies: you tick the notices each quote carries.</p>
    </div>
  );
}

/** The placeholders the software fills, once for the page. */
export function NoticePlaceholders() {
  return (
    <section className="admin-card" aria-labelledby="notice-placeholders">
      <h2 className="admin-card__title" id="notice-placeholders">
        Placeholders
      </h2>
      <p className="admin-help">Type one in a title or a text, braces included; any other word in braces is refused.</p>
      <ul>
        {noticePlaceholders.map((name) => (
          <li key={name}>
            <code>{`{${name}}`}</code>: {placeholderHelp[name]}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One notice: where it comes from and how it is set, its words in English and Spanish, Save and "Restore the default". */
export function NoticeCard({ notice, result }: { notice: AdminNotice; result?: NoticeFormResult }) {
  const anchor = noticeAnchor(notice.id);
  const changed = !notice.words.en.isDefault || !notice.words.es.isDefault;
  return (
    <li className="admin-card" id={anchor} aria-labelledby={`${anchor}-name`}>
      <h2 className="admin-card__title" id={`${anchor}-name`}>
        {notice.label}{" "}
        <span className={`site-badge ${changed ? "site-badge--changed" : "site-badge--default"}`}>{changed ? "Changed" : "Default"}</span>
      </h2>
      <NoticeFacts notice={notice} />
      <ActionError result={result} />
      <NoticeWordsForm notice={notice} result={result} />
      {changed ? (
        <Form method="post" className="admin-inline-form" preventScrollReset>
          <input type="hidden" name="intent" value="restore" />
          <input type="hidden" name="id" value={notice.id} />
          <button type="submit" className="admin-button admin-button--quiet">
            Restore the default<span className="visually-hidden">: {notice.label}</span>
          </button>
        </Form>
      ) : null}
    </li>
  );
}

function NoticeFacts({ notice }: { notice: AdminNotice }) {
  return (
    <dl className="admin-facts">
      <div>
        <dt>From</dt>
        <dd>{notice.source}</dd>
      </div>
      <div>
        <dt>Type size</dt>
        <dd>
          At least {notice.minPoints}-point{notice.bold ? " bold" : ""} type
        </dd>
      </div>
      <div>
        <dt>Where</dt>
        <dd>{placementWords[notice.placement]}</dd>
      </div>
      <div>
        <dt>When</dt>
        <dd>{notice.ticked}</dd>
      </div>
    </dl>
  );
}

/**
 * The notice's title and text per language. After a refusal it shows what was typed; otherwise
 * the words in force, keyed by them so a save or a restore shows the stored words.
 */
function NoticeWordsForm({ notice, result }: { notice: AdminNotice; result?: NoticeFormResult }) {
  const typed = result?.intent === "save" ? result.values : undefined;
  const errors = result?.fieldErrors ?? {};
  const value = (field: "title" | "body" | "title_es" | "body_es") => {
    if (typed) return typed[field] ?? "";
    const words = field.endsWith("_es") ? notice.words.es : notice.words.en;
    return field.startsWith("title") ? words.title : words.body;
  };
  const rows = notice.id === "disclosure" || notice.id === "cancellation-form" ? 14 : 6;
  const field = (name: "title" | "body" | "title_es" | "body_es", label: string, extra: Record<string, unknown> = {}) => (
    <FormField
      className="admin-field"
      label={label}
      name={name}
      maxLength={name.startsWith("title") ? noticeLimits.title.max : noticeLimits.body.max}
      defaultValue={value(name)}
      error={errors[name]}
      {...(name.startsWith("body") ? { multiline: true, rows } : {})}
      {...(name.endsWith("_es") ? { lang: "es" } : {})}
      {...extra}
    />
  );
  return (
    <Form method="post" className="admin-stack-form" preventScrollReset key={`${value("title")}:${value("body")}:${value("body_es")}`}>
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="id" value={notice.id} />
      <fieldset className="admin-fieldset">
        <legend>In English</legend>
        {field("title", "Title in English")}
        {field("body", "Text in English", {
          hint: "Paragraphs are separated by an empty line. Leave a field empty to use the default words.",
        })}
      </fieldset>
      <fieldset className="admin-fieldset">
        <legend>In Spanish</legend>
        <p className="admin-help">What a homeowner whose quote is in Spanish reads.</p>
        {field("title_es", "Title in Spanish")}
        {field("body_es", "Text in Spanish")}
      </fieldset>
      <div className="admin-actions">
        <button type="submit" className="admin-button">
          Save<span className="visually-hidden">: {notice.label}</span>
        </button>
      </div>
    </Form>
  );
}
