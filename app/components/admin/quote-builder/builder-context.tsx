import { createContext, useContext, type ReactNode } from "react";
import type { QuoteLine } from "#app/schemas/quote.ts";
import type { QuoteForm } from "#app/schemas/quote-form.ts";
import { quoteEditIntent, type QuoteEdit } from "#app/schemas/quote-form-edit.ts";

/** What every part of the builder reads: the form being typed, how to change it, the field to fix. */
export interface Builder {
  form: QuoteForm;
  change: (update: (form: QuoteForm) => QuoteForm) => void;
  /** Applies a structural edit at once; null before JavaScript runs (the button then posts it). */
  apply: ((edit: QuoteEdit, focusId?: string, savedLine?: Omit<QuoteLine, "id">) => void) | null;
  /** The saved items "Add a saved item" picks from. */
  items: readonly { id: string; name: string; line: Omit<QuoteLine, "id"> }[];
  /** The posted name of the field the server refused, and its sentence. */
  problem: { field: string; message: string } | null;
}

const BuilderContext = createContext<Builder | null>(null);

export function BuilderProvider({ value, children }: { value: Builder; children: ReactNode }) {
  return <BuilderContext value={value}>{children}</BuilderContext>;
}

export function useBuilder(): Builder {
  const builder = useContext(BuilderContext);
  if (!builder) throw new Error("useBuilder outside the quote builder");
  return builder;
}

/** An element id for a posted field name ("o0.s1.l2.price" → "q-o0-s1-l2-price"). */
export const fieldId = (name: string) => `q-${name.replaceAll(".", "-")}`;

/**
 * A structural button (add, remove, move): a submit button that posts its intent without
 * JavaScript, and edits the form at once with it. `focusId` is where the cursor goes afterwards
 * (a new line's description), since the button itself may be gone.
 */
export function EditButton({
  edit,
  children,
  label,
  focusId,
  danger = false,
  id,
}: {
  edit: QuoteEdit;
  children: ReactNode;
  /** The accessible name when the visible text is short ("↑" → "Move Kitchen up"). */
  label?: string;
  focusId?: string;
  danger?: boolean;
  id?: string;
}) {
  const { apply } = useBuilder();
  return (
    <button
      type="submit"
      name="intent"
      value={quoteEditIntent(edit)}
      id={id}
      className={`admin-button admin-button--quiet quote-edit-button${danger ? " quote-edit-button--danger" : ""}`}
      aria-label={label}
      onClick={(event) => {
        if (!apply) return;
        event.preventDefault();
        apply(edit, focusId);
      }}
    >
      {children}
    </button>
  );
}

/** The props that wire an input to its posted name, its id and the server's refusal. */
export function useFieldProps(name: string, describedBy?: string) {
  const { problem } = useBuilder();
  const invalid = problem?.field === name;
  const ids = [describedBy, invalid ? "quote-problem" : undefined].filter(Boolean).join(" ");
  return { name, id: fieldId(name), "aria-invalid": invalid ? true : undefined, "aria-describedby": ids || undefined };
}
