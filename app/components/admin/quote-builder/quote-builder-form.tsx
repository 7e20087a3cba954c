import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { Form } from "react-router";
import { quoteLimits, type QuoteLine } from "#app/schemas/quote.ts";
import type { QuoteForm } from "#app/schemas/quote-form.ts";
import { applyQuoteEdit, type NewPartWords, type QuoteEdit } from "#app/schemas/quote-form-edit.ts";
import { BuilderProvider, EditButton, fieldId, useFieldProps, type Builder } from "#app/components/admin/quote-builder/builder-context.tsx";
import { QuoteOptionEditor } from "#app/components/admin/quote-builder/quote-option-editor.tsx";
import { QuoteNoticeFields, QuotePaymentFields, QuoteTermsFields } from "#app/components/admin/quote-builder/quote-terms-fields.tsx";
import { QuoteTotals, QuoteTotalsLine } from "#app/components/admin/quote-builder/quote-totals.tsx";

const noSubscription = () => () => {};
const UNITS = ["each", "sq ft", "ln ft", "hour", "day", "lot", "load"];

function TitleFields({ builder }: { builder: Builder }) {
  const title = useFieldProps("title");
  const intro = useFieldProps("intro");
  const { form, change } = builder;
  return (
    <fieldset className="admin-fieldset quote-fieldset">
      <legend>The quote</legend>
      <div className="admin-field">
        <label htmlFor={title.id}>Title</label>
        <input
          {...title}
          maxLength={quoteLimits.title.max}
          value={form.title}
          onChange={(e) => change((f) => ({ ...f, title: e.target.value }))}
        />
      </div>
      <div className="admin-field">
        <label htmlFor={intro.id}>A few words to the homeowner (optional)</label>
        <textarea
          {...intro}
          rows={3}
          maxLength={quoteLimits.text.max}
          value={form.intro}
          onChange={(e) => change((f) => ({ ...f, intro: e.target.value }))}
        />
      </div>
    </fieldset>
  );
}

/** "Save as template": the whole quote, under a name, for common jobs. */
function SaveAsTemplate({ title }: { title: string }) {
  return (
    <fieldset className="admin-fieldset quote-fieldset">
      <legend>Save as a template</legend>
      <div className="admin-field">
        <label htmlFor="q-templateName">Template name</label>
        <input
          id="q-templateName"
          name="templateName"
          maxLength={quoteLimits.title.max}
          defaultValue={title}
          aria-describedby="q-templateName-help"
        />
        <p className="admin-help" id="q-templateName-help">
          Saves this whole quote for common jobs; a template of the same name is replaced.
        </p>
      </div>
      <div className="quote-buttons">
        <button type="submit" name="intent" value="save-template" className="admin-button admin-button--quiet">
          Save as template
        </button>
      </div>
    </fieldset>
  );
}

/**
 * The whole quote as one form (ADR 066). Without JavaScript every button posts the form with its
 * intent and the server answers the form back; with JavaScript the structural buttons edit it at
 * once and the totals follow each keystroke. Only "Save" keeps it.
 */
export function QuoteBuilderForm({
  initial,
  problem,
  words,
  items,
  sendLabel,
}: {
  initial: QuoteForm;
  problem: { field: string; message: string } | null;
  /** The quote language's names for a new option ("Option {number}") and section. */
  words: { option: string; section: string };
  items: Builder["items"];
  /** "Save and send", or "Save and send version N" once one was sent. */
  sendLabel: string;
}) {
  const [form, setForm] = useState(initial);
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const pendingFocus = useRef<string | null>(null);
  useEffect(() => {
    if (!pendingFocus.current) return;
    document.getElementById(pendingFocus.current)?.focus();
    pendingFocus.current = null;
  });
  useEffect(() => {
    if (problem) document.getElementById(fieldId(problem.field))?.focus();
  }, [problem]);
  const newWords: NewPartWords = useMemo(
    () => ({ option: (number) => words.option.replace("{number}", String(number)), section: words.section }),
    [words],
  );
  const builder: Builder = {
    form,
    change: setForm,
    apply: hydrated
      ? (edit: QuoteEdit, focusId?: string, savedLine?: Omit<QuoteLine, "id">) => {
          pendingFocus.current = focusId ?? null;
          setForm((current) => applyQuoteEdit(current, edit, newWords, savedLine));
        }
      : null,
    problem,
    items,
  };
  return (
    <BuilderProvider value={builder}>
      <Form method="post" className="quote-builder" preventScrollReset>
        {/* Enter in a field saves: the first submit button is the one a browser presses for it. */}
        <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true">
          Save
        </button>
        <datalist id="quote-units">
          {UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {unit}
            </option>
          ))}
        </datalist>
        <TitleFields builder={builder} />
        {form.options.map((option, o) => (
          <QuoteOptionEditor key={option.id} o={o} option={option} />
        ))}
        {form.options.length < quoteLimits.options.max ? (
          <div className="quote-buttons">
            <EditButton edit={{ kind: "add-option" }} id="quote-add-option" focusId={fieldId(`o${form.options.length}.name`)}>
              + Add an option (good / better / best)
            </EditButton>
          </div>
        ) : null}
        <QuoteTotals />
        <QuotePaymentFields />
        <QuoteTermsFields />
        <QuoteNoticeFields />
        <div className="quote-save-bar">
          <QuoteTotalsLine />
          <button type="submit" name="intent" value="save" className="admin-button" id="quote-save">
            Save
          </button>
          {/* Saves what is on screen, then freezes it as the next version and emails the homeowner. */}
          <button type="submit" name="intent" value="send" className="admin-button admin-button--quiet" id="quote-send">
            {sendLabel}
          </button>
        </div>
        <SaveAsTemplate title={initial.title} />
      </Form>
    </BuilderProvider>
  );
}
