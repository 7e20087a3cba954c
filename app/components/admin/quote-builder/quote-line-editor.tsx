import { lineCents } from "#app/schemas/quote-money.ts";
import { quoteFieldNames as n, type QuoteForm, type QuoteFormLine } from "#app/schemas/quote-form.ts";
import { formatDollars, parseDollarsToCents, parseQuantityMilli } from "#app/schemas/quote-numbers.ts";
import { EditButton, fieldId, useBuilder, useFieldProps } from "#app/components/admin/quote-builder/builder-context.tsx";

function setLine(form: QuoteForm, [o, s, l]: [number, number, number], patch: Partial<QuoteFormLine>): QuoteForm {
  return {
    ...form,
    options: form.options.map((option, i) =>
      i !== o
        ? option
        : {
            ...option,
            sections: option.sections.map((section, j) =>
              j !== s ? section : { ...section, lines: section.lines.map((line, k) => (k === l ? { ...line, ...patch } : line)) },
            ),
          },
    ),
  };
}

/** The line's amount as typed, or a dash while a number is not one yet. */
function amountOf(line: QuoteFormLine): string {
  const quantityMilli = line.quantity.trim() === "" ? 1000 : parseQuantityMilli(line.quantity);
  const unitPriceCents = parseDollarsToCents(line.price);
  if (quantityMilli === null || unitPriceCents === null) return "—";
  return formatDollars(lineCents({ quantityMilli, unitPriceCents }));
}

/**
 * Up, Down, Save as item, Remove. The move buttons carry the line's id, so they travel with it;
 * one that disappears at the top or the bottom hands the focus to the other.
 */
function LineButtons({ at, count, what, lineId }: { at: [number, number, number]; count: number; what: string; lineId: string }) {
  const [o, s, l] = at;
  return (
    <div className="quote-buttons">
      {l > 0 ? (
        <EditButton
          edit={{ kind: "line-up", at }}
          label={`Move ${what} up`}
          id={`move-${lineId}-up`}
          focusId={l === 1 ? `move-${lineId}-down` : undefined}
        >
          <span aria-hidden="true">↑ </span>Up
        </EditButton>
      ) : null}
      {l < count - 1 ? (
        <EditButton
          edit={{ kind: "line-down", at }}
          label={`Move ${what} down`}
          id={`move-${lineId}-down`}
          focusId={l === count - 2 ? `move-${lineId}-up` : undefined}
        >
          <span aria-hidden="true">↓ </span>Down
        </EditButton>
      ) : null}
      <button
        type="submit"
        name="intent"
        value={`save-item:${at.join(".")}`}
        className="admin-button admin-button--quiet quote-edit-button"
        aria-label={`Save as item: ${what}`}
      >
        Save as item
      </button>
      <EditButton edit={{ kind: "remove-line", at }} label={`Remove ${what}`} focusId={`quote-add-line-${o}-${s}`} danger>
        Remove
      </EditButton>
    </div>
  );
}

/**
 * One line of a section: what, how many, at what price, an item or an allowance (with what
 * happens above it), and whether it is an extra the homeowner may tick. Stacked on a phone, in a
 * row on a wide screen; numbers bring up the decimal keypad.
 */
export function QuoteLineEditor({
  at,
  line,
  count,
  sectionTitle,
}: {
  at: [number, number, number];
  line: QuoteFormLine;
  count: number;
  sectionTitle: string;
}) {
  const { change } = useBuilder();
  const [o, s, l] = at;
  const name = (field: keyof QuoteFormLine) => n.line(o, s, l, field);
  const set = (patch: Partial<QuoteFormLine>) => change((form) => setLine(form, at, patch));
  const what = `line ${l + 1} of ${sectionTitle || "this section"}`;
  const description = useFieldProps(name("description"));
  const quantity = useFieldProps(name("quantity"));
  const unit = useFieldProps(name("unit"));
  const price = useFieldProps(name("price"), `${fieldId(name("price"))}-help`);
  const note = useFieldProps(name("note"));
  return (
    <li className="quote-line">
      <fieldset className="quote-line__fields">
        <legend className="quote-line__legend">Line {l + 1}</legend>
        <input type="hidden" name={name("id")} value={line.id} />
        <div className="admin-field quote-line__description">
          <label htmlFor={description.id}>Description</label>
          <input {...description} value={line.description} maxLength={300} onChange={(e) => set({ description: e.target.value })} />
        </div>
        <div className="admin-field quote-line__kind">
          <label htmlFor={fieldId(name("kind"))}>Kind</label>
          <select
            name={name("kind")}
            id={fieldId(name("kind"))}
            value={line.kind}
            onChange={(e) => set({ kind: e.target.value === "allowance" ? "allowance" : "item" })}
          >
            <option value="item">Item</option>
            <option value="allowance">Allowance</option>
          </select>
        </div>
        <div className="admin-field quote-line__number">
          <label htmlFor={quantity.id}>Quantity</label>
          <input
            {...quantity}
            inputMode="decimal"
            autoComplete="off"
            value={line.quantity}
            onChange={(e) => set({ quantity: e.target.value })}
          />
        </div>
        <div className="admin-field quote-line__unit">
          <label htmlFor={unit.id}>Unit</label>
          <input {...unit} list="quote-units" maxLength={20} value={line.unit} onChange={(e) => set({ unit: e.target.value })} />
        </div>
        <div className="admin-field quote-line__number">
          <label htmlFor={price.id}>Unit price ($)</label>
          <input {...price} inputMode="decimal" autoComplete="off" value={line.price} onChange={(e) => set({ price: e.target.value })} />
          <p className="admin-help" id={`${fieldId(name("price"))}-help`}>
            Amount: <span>{amountOf(line)}</span>
          </p>
        </div>
        <div className="admin-check quote-line__optional">
          <input
            type="checkbox"
            name={name("optional")}
            id={fieldId(name("optional"))}
            checked={line.optional}
            onChange={(e) => set({ optional: e.target.checked })}
          />
          <label htmlFor={fieldId(name("optional"))}>Optional extra (the homeowner may tick it)</label>
        </div>
        <div className="admin-field quote-line__note">
          <label htmlFor={note.id}>{line.kind === "allowance" ? "What happens above the allowance" : "Note (optional)"}</label>
          <input {...note} maxLength={300} value={line.note} onChange={(e) => set({ note: e.target.value })} />
        </div>
      </fieldset>
      <LineButtons at={at} count={count} what={what} lineId={line.id} />
    </li>
  );
}
