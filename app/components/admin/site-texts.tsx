import { Form } from "react-router";
import { TEXT_MAX_LENGTH } from "#app/schemas/site-rules.ts";
import type { SiteFormResult } from "#app/components/admin/site-shared.tsx";
import { textAnchor } from "#app/content/texts.ts";

/** One editable text as the page lists it (see Site.adminTexts). */
interface SiteTextItem {
  key: string;
  group: string;
  label: string;
  kind: "line" | "markdown" | "list" | "sections";
  hint: string;
  value: string;
  defaultValue: string;
  isDefault: boolean;
  /** The owner's Spanish version, "" when none. */
  spanish: string;
}

export interface TextGroup {
  name: string;
  texts: SiteTextItem[];
}

export { textAnchor } from "#app/content/texts.ts";

const rows: Record<SiteTextItem["kind"], number> = { line: 2, markdown: 8, list: 8, sections: 14 };

/**
 * The editable texts, one collapsible group per page (so a phone shows a short list first); the
 * group holding the text just saved or refused is open. Each text has its own Save form and a
 * "Restore the default" form, both plain HTML.
 */
export function TextGroups({ groups, openKey, result }: { groups: TextGroup[]; openKey: string | null; result?: SiteFormResult }) {
  return (
    <div className="site-groups">
      {groups.map((group) => {
        const changed = group.texts.filter((text) => !text.isDefault).length;
        const isOpen = group.texts.some((text) => text.key === openKey);
        return (
          <details key={group.name} className="site-group" open={isOpen || undefined}>
            <summary>
              <span className="site-group__name">{group.name}</span>{" "}
              <span className="site-group__count">
                {group.texts.length === 1 ? "1 text" : `${group.texts.length} texts`}
                {changed > 0 ? `, ${changed} changed` : ""}
              </span>
            </summary>
            <ul className="admin-list">
              {group.texts.map((text) => (
                <TextCard key={text.key} text={text} result={result?.values?.key === text.key ? result : undefined} />
              ))}
            </ul>
          </details>
        );
      })}
    </div>
  );
}

function TextCard({ text, result: anyResult }: { text: SiteTextItem; result?: SiteFormResult }) {
  const result = anyResult?.values?.locale === "es" ? undefined : anyResult;
  const id = textAnchor(text.key);
  return (
    <li className="admin-card site-text" id={id}>
      <Form method="post" className="site-text__form">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="key" value={text.key} />
        <div className="site-text__head">
          <label htmlFor={`${id}-value`} className="site-text__label">
            {text.label}
          </label>
          <span className={`site-badge ${text.isDefault ? "site-badge--default" : "site-badge--changed"}`}>
            {text.isDefault ? "Default" : "Changed"}
          </span>
        </div>
        <p className="admin-help" id={`${id}-hint`}>
          {text.hint}
        </p>
        <TextField
          base={id}
          kind={text.kind}
          stored={`${text.isDefault ? "default" : "own"}:${text.value}`}
          value={result?.values?.value ?? text.value}
          result={result}
          required
        />
        <button type="submit" className="admin-button">
          Save
          <span className="visually-hidden">
            : {text.label} ({text.group})
          </span>
        </button>
      </Form>
      <SpanishVersion text={text} result={anyResult?.values?.locale === "es" ? anyResult : undefined} />
      {text.isDefault ? null : (
        <>
          <details className="site-text__default">
            <summary>
              See the default words<span className="visually-hidden">: {text.label}</span>
            </summary>
            <p className="admin-message">{text.defaultValue}</p>
          </details>
          <Form method="post" className="admin-inline-form">
            <input type="hidden" name="intent" value="restore" />
            <input type="hidden" name="key" value={text.key} />
            <button type="submit" className="admin-button admin-button--quiet">
              Restore the default
              <span className="visually-hidden">
                : {text.label} ({text.group})
              </span>
            </button>
          </Form>
        </>
      )}
    </li>
  );
}

/**
 * A text's field (`<base>-value`) and its refusal, described by the hint above it (`<base>-hint`).
 * Keyed by the stored words: after a save or a restore the field shows them, not what it held.
 */
function TextField({
  base,
  kind,
  stored,
  value,
  result,
  required = false,
  lang,
}: {
  base: string;
  kind: SiteTextItem["kind"];
  stored: string;
  value: string;
  result?: SiteFormResult;
  required?: boolean;
  lang?: string;
}) {
  const hintId = `${base}-hint`;
  const errorId = `${base}-error`;
  const control = {
    id: `${base}-value`,
    name: "value",
    required: required || undefined,
    lang,
    maxLength: TEXT_MAX_LENGTH,
    defaultValue: value,
    "aria-invalid": result ? true : undefined,
    "aria-describedby": result ? `${hintId} ${errorId}` : hintId,
  };
  return (
    <>
      {kind === "line" ? <input key={stored} type="text" {...control} /> : <textarea key={stored} rows={rows[kind]} {...control} />}
      {result ? (
        <p className="admin-field__error" id={errorId} role="alert">
          {result.error}
        </p>
      ) : null}
    </>
  );
}

/**
 * A text's optional Spanish version (ADR 064), saved on its own. Empty, the Spanish page shows the
 * English words (marked as English for screen readers and search engines).
 */
function SpanishVersion({ text, result }: { text: SiteTextItem; result?: SiteFormResult }) {
  const id = `${textAnchor(text.key)}-es`;
  return (
    <Form method="post" className="site-text__form site-text__spanish">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="key" value={text.key} />
      <input type="hidden" name="locale" value="es" />
      <div className="site-text__head">
        <label htmlFor={`${id}-value`} className="site-text__label">
          In Spanish <span className="admin-help">(optional)</span>
        </label>
        <span className={`site-badge ${text.spanish ? "site-badge--changed" : "site-badge--default"}`}>
          {text.spanish ? "Written" : "Not yet"}
        </span>
      </div>
      <p className="admin-help" id={`${id}-hint`}>
        {text.isDefault
          ? "Left empty, the Spanish page shows the site's own Spanish for the default words."
          : "Left empty, the Spanish page shows your English words."}
      </p>
      <TextField
        base={id}
        kind={text.kind}
        stored={`es:${text.spanish}`}
        value={result?.values?.value ?? text.spanish}
        result={result}
        lang="es"
      />
      <button type="submit" className="admin-button">
        Save the Spanish
        <span className="visually-hidden">
          : {text.label} ({text.group})
        </span>
      </button>
    </Form>
  );
}

/** How the texts may be written, once at the top of the page. */
export function MarkdownHelp() {
  return (
    <div className="site-help">
      <p>Write plain sentences. A blank line starts a new paragraph. You can also use:</p>
      <ul>
        <li>
          <code>**bold**</code> for <strong>bold</strong> and <code>*italic*</code> for <em>italic</em>,
        </li>
        <li>
          a line starting with <code>- </code> for a list item,
        </li>
        <li>
          <code>[words](https://…)</code> for a link,
        </li>
        <li>
          in the values and the questions and answers, a line starting with <code>## </code> for each title.
        </li>
      </ul>
      <p>HTML tags are not allowed. “Restore the default” brings back the original words.</p>
    </div>
  );
}
