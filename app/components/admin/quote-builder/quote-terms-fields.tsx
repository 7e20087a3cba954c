import { quoteLimits } from "#app/schemas/quote.ts";
import { quoteFieldNames as n, type QuoteForm, type QuoteFormMilestone, type QuoteFormPayment } from "#app/schemas/quote-form.ts";
import { EditButton, fieldId, useBuilder, useFieldProps } from "#app/components/admin/quote-builder/builder-context.tsx";

type TextKey = { [K in keyof QuoteForm]: QuoteForm[K] extends string ? K : never }[keyof QuoteForm];

/** A text field or box bound to one of the form's text values. */
function TextField({
  field,
  label,
  help,
  rows,
  type = "text",
  inputMode,
}: {
  field: TextKey;
  label: string;
  help?: string;
  rows?: number;
  type?: "text" | "date";
  inputMode?: "decimal" | "numeric";
}) {
  const { form, change } = useBuilder();
  const helpId = help ? `${fieldId(field)}-help` : undefined;
  const props = useFieldProps(field, helpId);
  const onChange = (value: string) => change((f) => ({ ...f, [field]: value }));
  return (
    <div className="admin-field">
      <label htmlFor={props.id}>{label}</label>
      {rows ? (
        <textarea {...props} rows={rows} value={form[field]} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input
          {...props}
          type={type}
          inputMode={inputMode}
          autoComplete="off"
          value={form[field]}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {help ? (
        <p className="admin-help" id={helpId}>
          {help}
        </p>
      ) : null}
    </div>
  );
}

/** "%" or "$" and the figure: the deposit's and each milestone's amount. */
function PaymentFields({
  prefix,
  payment,
  label,
  onChange,
}: {
  prefix: string;
  payment: QuoteFormPayment;
  label: string;
  onChange: (patch: Partial<QuoteFormPayment>) => void;
}) {
  const value = useFieldProps(`${prefix}.value`);
  return (
    <div className="quote-payment">
      <div className="admin-field quote-payment__kind">
        <label htmlFor={fieldId(`${prefix}.kind`)}>{label} in</label>
        <select
          id={fieldId(`${prefix}.kind`)}
          name={`${prefix}.kind`}
          value={payment.kind}
          onChange={(e) => onChange({ kind: e.target.value === "amount" ? "amount" : "percent" })}
        >
          <option value="percent">% of total</option>
          <option value="amount">dollars</option>
        </select>
      </div>
      <div className="admin-field quote-payment__value">
        <label htmlFor={value.id}>{payment.kind === "percent" ? `${label} (%)` : `${label} ($)`}</label>
        <input
          {...value}
          inputMode="decimal"
          autoComplete="off"
          value={payment.value}
          onChange={(e) => onChange({ value: e.target.value })}
        />
      </div>
    </div>
  );
}

function setMilestone(form: QuoteForm, m: number, patch: Partial<QuoteFormMilestone>): QuoteForm {
  return { ...form, milestones: form.milestones.map((milestone, i) => (i === m ? { ...milestone, ...patch } : milestone)) };
}

function MilestoneRow({ m, milestone }: { m: number; milestone: QuoteFormMilestone }) {
  const { change } = useBuilder();
  const label = useFieldProps(n.milestone(m, "label"));
  return (
    <li className="quote-milestone">
      <input type="hidden" name={n.milestone(m, "id")} value={milestone.id} />
      <div className="admin-field">
        <label htmlFor={label.id}>Payment {m + 1} after the deposit: when it is due</label>
        <input
          {...label}
          maxLength={120}
          value={milestone.label}
          onChange={(e) => change((f) => setMilestone(f, m, { label: e.target.value }))}
        />
      </div>
      <PaymentFields
        prefix={`m${m}`}
        payment={milestone}
        label={`Payment ${m + 1}`}
        onChange={(patch) => change((f) => setMilestone(f, m, patch))}
      />
      <div className="quote-buttons">
        <EditButton edit={{ kind: "remove-milestone", at: [m] }} label={`Remove payment ${m + 1}`} focusId="quote-add-milestone" danger>
          Remove payment
        </EditButton>
      </div>
    </li>
  );
}

/** The payment schedule: the deposit, the milestones, and the final payment as what remains. */
export function QuotePaymentFields() {
  const { form, change } = useBuilder();
  return (
    <fieldset className="admin-fieldset quote-fieldset">
      <legend>Tax and payments</legend>
      <TextField field="tax" label="Sales tax rate (%)" help="Leave it empty for no tax line. 8.25 is 8.25 %." inputMode="decimal" />
      <PaymentFields
        prefix="deposit"
        payment={form.deposit}
        label="Deposit"
        onChange={(patch) => change((f) => ({ ...f, deposit: { ...f.deposit, ...patch } }))}
      />
      <ol className="quote-milestones">
        {form.milestones.map((milestone, m) => (
          <MilestoneRow key={milestone.id} m={m} milestone={milestone} />
        ))}
      </ol>
      {form.milestones.length < quoteLimits.milestones.max ? (
        <div className="quote-buttons">
          <EditButton
            edit={{ kind: "add-milestone" }}
            id="quote-add-milestone"
            focusId={fieldId(n.milestone(form.milestones.length, "label"))}
          >
            + Add a payment
          </EditButton>
        </div>
      ) : null}
      <p className="admin-help">The final payment, after the walk-through, is what remains: the totals above show it.</p>
    </fieldset>
  );
}

/** Lists, dates, warranty and terms. */
export function QuoteTermsFields() {
  const { form, change } = useBuilder();
  const duration = useFieldProps("durationValue");
  return (
    <>
      <fieldset className="admin-fieldset quote-fieldset">
        <legend>What is and isn't included</legend>
        <TextField
          field="exclusions"
          label="Exclusions, one per line"
          rows={3}
          help={`Up to ${quoteLimits.listItems.max} lines, e.g. "Permits".`}
        />
        <TextField field="assumptions" label="Assumptions, one per line" rows={3} help={`e.g. "Walls are plumb and dry".`} />
      </fieldset>
      <fieldset className="admin-fieldset quote-fieldset">
        <legend>Dates</legend>
        <TextField field="validUntil" label="Valid until" type="date" />
        <TextField field="expectedStart" label="Expected start" type="date" />
        <div className="quote-payment">
          <div className="admin-field quote-payment__value">
            <label htmlFor={duration.id}>Duration</label>
            <input
              {...duration}
              inputMode="numeric"
              autoComplete="off"
              value={form.durationValue}
              onChange={(e) => change((f) => ({ ...f, durationValue: e.target.value }))}
            />
          </div>
          <div className="admin-field quote-payment__kind">
            <label htmlFor="q-durationUnit">Duration in</label>
            <select
              id="q-durationUnit"
              name="durationUnit"
              value={form.durationUnit}
              onChange={(e) => change((f) => ({ ...f, durationUnit: e.target.value === "weeks" ? "weeks" : "days" }))}
            >
              <option value="days">days</option>
              <option value="weeks">weeks</option>
            </select>
          </div>
        </div>
      </fieldset>
      <fieldset className="admin-fieldset quote-fieldset">
        <legend>Warranty and terms</legend>
        <TextField field="warranty" label="Warranty" rows={3} help="From your business profile; change it for this quote if needed." />
        <TextField field="terms" label="Terms" rows={4} />
      </fieldset>
    </>
  );
}

const noticeChecks = [
  ["residentialDisclosure", "“Know your rights and responsibilities” disclosure (residential construction, Prop. Code §53.255)"],
  ["homestead", "Homestead warning (improvements to a homestead, Prop. Code §41.007)"],
  ["homeSolicitation", "Three-day cancellation notice and form (sold at the home, Bus. & Com. Code ch. 601)"],
] as const;

/** Which Texas notices the quote carries; their words come from the notice templates. */
export function QuoteNoticeFields() {
  const { form, change } = useBuilder();
  const list = useFieldProps("subcontractorList", "q-subcontractorList-help");
  return (
    <fieldset className="admin-fieldset quote-fieldset">
      <legend>Texas notices</legend>
      <p className="admin-help">
        Tick the notices this job needs. Their words come from your notice templates, in the homeowner's language.
      </p>
      {noticeChecks.map(([field, label]) => (
        <div className="admin-check" key={field}>
          <input
            type="checkbox"
            id={fieldId(field)}
            name={field}
            checked={form[field]}
            onChange={(e) => change((f) => ({ ...f, [field]: e.target.checked }))}
          />
          <label htmlFor={fieldId(field)}>{label}</label>
        </div>
      ))}
      <fieldset className="quote-radios">
        <legend>Subcontractors and suppliers (Prop. Code §53.256)</legend>
        {(
          [
            ["none", "Not included"],
            ["list", "The list below"],
            ["waiver", "The homeowner's waiver of the list"],
          ] as const
        ).map(([value, label]) => (
          <div className="admin-check" key={value}>
            <input
              type="radio"
              id={`q-subs-${value}`}
              name="subcontractors"
              value={value}
              checked={form.subcontractors === value}
              onChange={() => change((f) => ({ ...f, subcontractors: value }))}
            />
            <label htmlFor={`q-subs-${value}`}>{label}</label>
          </div>
        ))}
      </fieldset>
      <div className="admin-field">
        <label htmlFor={list.id}>Subcontractors and suppliers, one per line</label>
        <textarea
          {...list}
          rows={3}
          value={form.subcontractorList}
          onChange={(e) => change((f) => ({ ...f, subcontractorList: e.target.value }))}
        />
        <p className="admin-help" id="q-subcontractorList-help">
          Used when "The list below" is chosen.
        </p>
      </div>
    </fieldset>
  );
}
