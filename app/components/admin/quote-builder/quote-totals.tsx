import { formatDollars } from "#app/schemas/quote-numbers.ts";
import { previewQuoteTotals } from "#app/schemas/quote-form-preview.ts";
import { useBuilder } from "#app/components/admin/quote-builder/builder-context.tsx";

/**
 * Each option's totals as the form adds up now (the same arithmetic as the server's), and each
 * payment. A preview: saving recomputes them on the server, and the page then shows those.
 */
export function QuoteTotals() {
  const { form } = useBuilder();
  const previews = previewQuoteTotals(form);
  const milestoneLabel = (id: string, index: number) => form.milestones.find((m) => m.id === id)?.label || `Payment ${index}`;
  return (
    <section className="quote-totals" aria-labelledby="quote-totals">
      <h2 id="quote-totals">Totals</h2>
      <p className="admin-help">As typed; the server adds them up again when you save.</p>
      <div className="quote-totals__options">
        {previews.map((preview) => (
          <div className="admin-card quote-totals__option" key={preview.optionId}>
            {previews.length > 1 ? <h3>{preview.name || "Unnamed option"}</h3> : null}
            <dl className="quote-figures">
              <dt>Subtotal</dt>
              <dd>{formatDollars(preview.subtotalCents)}</dd>
              {form.tax.trim() ? (
                <>
                  <dt>Tax</dt>
                  <dd>{formatDollars(preview.taxCents)}</dd>
                </>
              ) : null}
              <dt className="quote-figures__total">Total</dt>
              <dd className="quote-figures__total">{formatDollars(preview.totalCents)}</dd>
              {preview.extrasCents ? (
                <>
                  <dt>Optional extras, if all ticked</dt>
                  <dd>+ {formatDollars(preview.extrasCents)}</dd>
                </>
              ) : null}
              {preview.schedule.map((payment, index) => (
                <PaymentRow
                  key={payment.id}
                  label={
                    payment.id === "deposit"
                      ? "Deposit"
                      : payment.id === "final"
                        ? "Final, after the walk-through"
                        : milestoneLabel(payment.id, index)
                  }
                  cents={payment.cents}
                />
              ))}
            </dl>
            {preview.overCents ? (
              <p className="admin-field__error">
                The payments are {formatDollars(preview.overCents)} more than this total: lower the deposit or a payment.
              </p>
            ) : null}
          </div>
        ))}
      </div>
    </section>
  );
}

function PaymentRow({ label, cents }: { label: string; cents: number }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{formatDollars(cents)}</dd>
    </>
  );
}

/** Each option's total in one line, for the save bar that stays in view while the contractor types. */
export function QuoteTotalsLine() {
  const { form } = useBuilder();
  const previews = previewQuoteTotals(form);
  return (
    <p className="quote-save-bar__totals">
      {previews
        .map((preview) => `${previews.length > 1 ? `${preview.name || "Unnamed"}: ` : "Total: "}${formatDollars(preview.totalCents)}`)
        .join(" · ")}
    </p>
  );
}
