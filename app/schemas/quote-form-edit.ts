/**
 * The builder's structural buttons (ADR 066): add, duplicate, remove and move options, sections,
 * lines and payments. Each button posts an intent such as "line-up:0.1.2" (option 0, section 1,
 * line 2); without JavaScript the server applies it to the posted form and shows the form again,
 * with JavaScript the page applies the same function at once. Nothing here saves: "Save" does.
 */
import { quoteLimits, type QuoteLine } from "#app/schemas/quote.ts";
import { lineToForm, type QuoteForm, type QuoteFormLine, type QuoteFormOption, type QuoteFormSection } from "#app/schemas/quote-form.ts";

/** The words a new option or section starts with, in the quote's language (the contractor renames them). */
export interface NewPartWords {
  option: (number: number) => string;
  section: string;
}

export type QuoteEdit =
  | { kind: "add-option" }
  | { kind: "duplicate-option" | "remove-option"; at: [number] }
  | { kind: "add-section"; at: [number] }
  | { kind: "remove-section" | "section-up" | "section-down" | "add-line" | "add-item"; at: [number, number] }
  | { kind: "remove-line" | "line-up" | "line-down"; at: [number, number, number] }
  | { kind: "add-milestone" }
  | { kind: "remove-milestone"; at: [number] };

const ARITY: Record<QuoteEdit["kind"], number> = {
  "add-option": 0,
  "duplicate-option": 1,
  "remove-option": 1,
  "add-section": 1,
  "remove-section": 2,
  "section-up": 2,
  "section-down": 2,
  "add-line": 2,
  "add-item": 2,
  "remove-line": 3,
  "line-up": 3,
  "line-down": 3,
  "add-milestone": 0,
  "remove-milestone": 1,
};

/** An intent such as "remove-line:0.1.2" as an edit; null when it is not one. */
export function parseQuoteEdit(intent: string): QuoteEdit | null {
  const match = /^([a-z-]+)(?::(\d{1,3}(?:\.\d{1,3}){0,2}))?$/.exec(intent);
  if (!match || !Object.hasOwn(ARITY, match[1]!)) return null;
  const kind = match[1] as QuoteEdit["kind"];
  const at = match[2] ? match[2].split(".").map(Number) : [];
  if (at.length !== ARITY[kind]) return null;
  return (at.length ? { kind, at } : { kind }) as QuoteEdit;
}

/** The intent a button posts for `edit`. */
export function quoteEditIntent(edit: QuoteEdit): string {
  return "at" in edit ? `${edit.kind}:${edit.at.join(".")}` : edit.kind;
}

/** A fresh id with `prefix`, above every id of that shape in the form. */
function idMaker(form: QuoteForm, prefix: string): () => string {
  const ids = [
    ...form.options.flatMap((o) => [o.id, ...o.sections.flatMap((s) => [s.id, ...s.lines.map((l) => l.id)])]),
    ...form.milestones.map((m) => m.id),
  ];
  let highest = 0;
  for (const id of ids) {
    const match = new RegExp(`^${prefix}(\\d+)$`).exec(id);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return () => `${prefix}${++highest}`;
}

const blankLine = (id: string): QuoteFormLine => ({
  id,
  kind: "item",
  description: "",
  quantity: "1",
  unit: "",
  price: "",
  optional: false,
  note: "",
});

function move<T>(list: T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return list;
  const copy = [...list];
  [copy[from], copy[to]] = [copy[to]!, copy[from]!];
  return copy;
}

function withOption(form: QuoteForm, o: number, change: (option: QuoteFormOption) => QuoteFormOption): QuoteForm {
  if (!form.options[o]) return form;
  return { ...form, options: form.options.map((option, i) => (i === o ? change(option) : option)) };
}

function withSection(form: QuoteForm, o: number, s: number, change: (section: QuoteFormSection) => QuoteFormSection): QuoteForm {
  return withOption(form, o, (option) =>
    option.sections[s] ? { ...option, sections: option.sections.map((section, i) => (i === s ? change(section) : section)) } : option,
  );
}

/**
 * The form after `edit`; the same form when the edit cannot apply (a fourth option, the last
 * section of an option, a position that is not there). `savedLine` is the picked saved item for
 * "add-item".
 */
export function applyQuoteEdit(form: QuoteForm, edit: QuoteEdit, words: NewPartWords, savedLine?: Omit<QuoteLine, "id">): QuoteForm {
  switch (edit.kind) {
    case "add-option": {
      if (form.options.length >= quoteLimits.options.max) return form;
      const option = {
        id: idMaker(form, "o")(),
        name: words.option(form.options.length + 1),
        summary: "",
        sections: [{ id: idMaker(form, "s")(), title: words.section, lines: [] }],
      };
      return { ...form, options: [...form.options, option] };
    }
    case "duplicate-option": {
      const source = form.options[edit.at[0]];
      if (!source || form.options.length >= quoteLimits.options.max) return form;
      const [optionId, sectionId, lineId] = [idMaker(form, "o"), idMaker(form, "s"), idMaker(form, "l")];
      const copy: QuoteFormOption = {
        ...source,
        id: optionId(),
        name: words.option(form.options.length + 1),
        sections: source.sections.map((section) => ({
          ...section,
          id: sectionId(),
          lines: section.lines.map((line) => ({ ...line, id: lineId() })),
        })),
      };
      return { ...form, options: [...form.options, copy] };
    }
    case "remove-option":
      if (form.options.length <= 1) return form;
      return { ...form, options: form.options.filter((_, i) => i !== edit.at[0]) };
    case "add-section":
      return withOption(form, edit.at[0], (option) =>
        option.sections.length >= quoteLimits.sections.max
          ? option
          : { ...option, sections: [...option.sections, { id: idMaker(form, "s")(), title: words.section, lines: [] }] },
      );
    case "remove-section":
      return withOption(form, edit.at[0], (option) =>
        option.sections.length <= 1 ? option : { ...option, sections: option.sections.filter((_, i) => i !== edit.at[1]) },
      );
    case "section-up":
    case "section-down":
      return withOption(form, edit.at[0], (option) => ({
        ...option,
        sections: move(option.sections, edit.at[1], edit.kind === "section-up" ? -1 : 1),
      }));
    case "add-line":
    case "add-item": {
      if (edit.kind === "add-item" && !savedLine) return form;
      const id = idMaker(form, "l")();
      const line = savedLine ? lineToForm({ ...savedLine, id }) : blankLine(id);
      return withSection(form, edit.at[0], edit.at[1], (section) =>
        section.lines.length >= quoteLimits.lines.max ? section : { ...section, lines: [...section.lines, line] },
      );
    }
    case "remove-line":
      return withSection(form, edit.at[0], edit.at[1], (section) => ({
        ...section,
        lines: section.lines.filter((_, i) => i !== edit.at[2]),
      }));
    case "line-up":
    case "line-down":
      return withSection(form, edit.at[0], edit.at[1], (section) => ({
        ...section,
        lines: move(section.lines, edit.at[2], edit.kind === "line-up" ? -1 : 1),
      }));
    case "add-milestone":
      if (form.milestones.length >= quoteLimits.milestones.max) return form;
      return { ...form, milestones: [...form.milestones, { id: idMaker(form, "m")(), label: "", kind: "percent", value: "" }] };
    case "remove-milestone":
      return { ...form, milestones: form.milestones.filter((_, i) => i !== edit.at[0]) };
  }
}
