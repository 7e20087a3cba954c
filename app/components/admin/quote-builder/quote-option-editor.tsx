import { useState } from "react";
import { quoteLimits } from "#app/schemas/quote.ts";
import { quoteFieldNames as n, type QuoteForm, type QuoteFormOption, type QuoteFormSection } from "#app/schemas/quote-form.ts";
import { quoteEditIntent, type QuoteEdit } from "#app/schemas/quote-form-edit.ts";
import { EditButton, fieldId, useBuilder, useFieldProps } from "#app/components/admin/quote-builder/builder-context.tsx";
import { QuoteLineEditor } from "#app/components/admin/quote-builder/quote-line-editor.tsx";

function setOption(form: QuoteForm, o: number, patch: Partial<QuoteFormOption>): QuoteForm {
  return { ...form, options: form.options.map((option, i) => (i === o ? { ...option, ...patch } : option)) };
}

function setSection(form: QuoteForm, o: number, s: number, patch: Partial<QuoteFormSection>): QuoteForm {
  const option = form.options[o];
  if (!option) return form;
  return setOption(form, o, { sections: option.sections.map((section, j) => (j === s ? { ...section, ...patch } : section)) });
}

/** "Add a saved item": a picker of the saved lines and its button (the picker's value is posted without JavaScript). */
function SavedItemPicker({ o, s }: { o: number; s: number }) {
  const { items, apply } = useBuilder();
  const [picked, setPicked] = useState(items[0]?.id ?? "");
  if (items.length === 0) return null;
  const id = `quote-item-${o}-${s}`;
  const edit: QuoteEdit = { kind: "add-item", at: [o, s] };
  return (
    <div className="quote-picker">
      <div className="admin-field">
        <label htmlFor={id}>Saved item</label>
        <select id={id} name={`item:${o}.${s}`} value={picked} onChange={(e) => setPicked(e.target.value)}>
          {items.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        name="intent"
        value={quoteEditIntent(edit)}
        className="admin-button admin-button--quiet quote-edit-button"
        onClick={(event) => {
          const item = items.find((candidate) => candidate.id === picked);
          if (!apply || !item) return;
          event.preventDefault();
          apply(edit, undefined, item.line);
        }}
      >
        Add a saved item
      </button>
    </div>
  );
}

function SectionEditor({ o, s, section, count }: { o: number; s: number; section: QuoteFormSection; count: number }) {
  const { change } = useBuilder();
  const title = useFieldProps(n.section(o, s, "title"));
  const what = section.title.trim() || `section ${s + 1}`;
  const lastLine = section.lines.length;
  return (
    <li className="quote-section">
      <input type="hidden" name={n.section(o, s, "id")} value={section.id} />
      <div className="admin-field quote-section__title">
        <label htmlFor={title.id}>Section {s + 1}: room or phase</label>
        <input
          {...title}
          maxLength={120}
          value={section.title}
          onChange={(e) => change((form) => setSection(form, o, s, { title: e.target.value }))}
        />
      </div>
      <div className="quote-buttons">
        {s > 0 ? (
          <EditButton
            edit={{ kind: "section-up", at: [o, s] }}
            label={`Move ${what} up`}
            id={`move-${section.id}-up`}
            focusId={s === 1 ? `move-${section.id}-down` : undefined}
          >
            <span aria-hidden="true">↑ </span>Up
          </EditButton>
        ) : null}
        {s < count - 1 ? (
          <EditButton
            edit={{ kind: "section-down", at: [o, s] }}
            label={`Move ${what} down`}
            id={`move-${section.id}-down`}
            focusId={s === count - 2 ? `move-${section.id}-up` : undefined}
          >
            <span aria-hidden="true">↓ </span>Down
          </EditButton>
        ) : null}
        {count > 1 ? (
          <EditButton
            edit={{ kind: "remove-section", at: [o, s] }}
            label={`Remove section ${what} and its lines`}
            focusId={`quote-add-section-${o}`}
            danger
          >
            Remove section
          </EditButton>
        ) : null}
      </div>
      {section.lines.length === 0 ? <p className="admin-muted">No lines yet.</p> : null}
      <ol className="quote-lines">
        {section.lines.map((line, l) => (
          <QuoteLineEditor key={line.id} at={[o, s, l]} line={line} count={section.lines.length} sectionTitle={section.title.trim()} />
        ))}
      </ol>
      <div className="quote-buttons">
        {section.lines.length < quoteLimits.lines.max ? (
          <EditButton
            edit={{ kind: "add-line", at: [o, s] }}
            id={`quote-add-line-${o}-${s}`}
            label={`Add a line to ${what}`}
            focusId={fieldId(n.line(o, s, lastLine, "description"))}
          >
            + Add a line
          </EditButton>
        ) : null}
      </div>
      <SavedItemPicker o={o} s={s} />
    </li>
  );
}

/** One option (good, better or best): its name, a few words, and its sections of lines. */
export function QuoteOptionEditor({ o, option }: { o: number; option: QuoteFormOption }) {
  const { form, change } = useBuilder();
  const name = useFieldProps(n.option(o, "name"));
  const summary = useFieldProps(n.option(o, "summary"));
  const several = form.options.length > 1;
  const what = option.name.trim() || `option ${o + 1}`;
  return (
    <section className="quote-option admin-card" aria-labelledby={`quote-option-${o}`}>
      <h2 id={`quote-option-${o}`}>{several ? `Option ${o + 1}: ${option.name || "unnamed"}` : "The work"}</h2>
      <input type="hidden" name={n.option(o, "id")} value={option.id} />
      <div className="admin-field">
        <label htmlFor={name.id}>{several ? "Option's name (e.g. Good, Better, Best)" : "Name (shown when you add options)"}</label>
        <input {...name} maxLength={120} value={option.name} onChange={(e) => change((f) => setOption(f, o, { name: e.target.value }))} />
      </div>
      <div className="admin-field">
        <label htmlFor={summary.id}>What this option is, in a few words (optional)</label>
        <textarea
          {...summary}
          rows={2}
          maxLength={2000}
          value={option.summary}
          onChange={(e) => change((f) => setOption(f, o, { summary: e.target.value }))}
        />
      </div>
      <ol className="quote-sections">
        {option.sections.map((section, s) => (
          <SectionEditor key={section.id} o={o} s={s} section={section} count={option.sections.length} />
        ))}
      </ol>
      <div className="quote-buttons">
        {option.sections.length < quoteLimits.sections.max ? (
          <EditButton
            edit={{ kind: "add-section", at: [o] }}
            id={`quote-add-section-${o}`}
            label={`Add a section to ${what}`}
            focusId={fieldId(n.section(o, option.sections.length, "title"))}
          >
            + Add a section
          </EditButton>
        ) : null}
        {form.options.length < quoteLimits.options.max ? (
          <EditButton
            edit={{ kind: "duplicate-option", at: [o] }}
            label={`Duplicate option ${what}`}
            focusId={fieldId(n.option(form.options.length, "name"))}
          >
            Duplicate option
          </EditButton>
        ) : null}
        {several ? (
          <EditButton edit={{ kind: "remove-option", at: [o] }} label={`Remove option ${what}`} focusId="quote-add-option" danger>
            Remove option
          </EditButton>
        ) : null}
      </div>
    </section>
  );
}
