import { Form } from "react-router";
import { bookingLimits } from "#app/schemas/booking.ts";
import { bookingWeekdays, dayFields, noticeChoices, windowChoices, type BookingFormValues } from "#app/schemas/booking-form.ts";

/** What a refused post of this form sends back: the sentences by field, and what was typed. */
export interface BookingFormRefusal {
  error: string;
  values?: BookingFormValues;
  fieldErrors?: Record<string, string>;
}

interface FieldsProps {
  values: BookingFormValues;
  errors: Record<string, string>;
}

/** "1 hour", "1½ hours", "2 hours". */
function hoursWord(minutes: number): string {
  const whole = Math.floor(minutes / 60);
  const half = minutes % 60 === 30 ? "½" : "";
  return `${whole}${half} ${minutes === 60 ? "hour" : "hours"}`;
}

/** The wiring of a field to its sentence: invalid, and described by it. */
function invalid(name: string, errors: Record<string, string>) {
  return errors[name] ? { "aria-invalid": true as const, "aria-describedby": `${name}-error` } : {};
}

function FieldError({ name, errors }: { name: string; errors: Record<string, string> }) {
  return errors[name] ? (
    <p className="admin-field__error" id={`${name}-error`}>
      {errors[name]}
    </p>
  ) : null;
}

/** A whole number with its unit in the label and its range in a hint. */
function NumberField({
  name,
  label,
  hint,
  range,
  values,
  errors,
}: FieldsProps & { name: string; label: string; hint: string; range: { min: number; max: number } }) {
  return (
    <div className="admin-field booking-field--short">
      <label htmlFor={name}>{label}</label>
      <p className="admin-help" id={`${name}-hint`}>
        {hint}
      </p>
      <input
        id={name}
        name={name}
        type="number"
        inputMode="numeric"
        min={range.min}
        max={range.max}
        step={1}
        required
        defaultValue={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={[`${name}-hint`, errors[name] ? `${name}-error` : null].filter(Boolean).join(" ")}
      />
      <FieldError name={name} errors={errors} />
    </div>
  );
}

function Checkbox({ name, label, values }: { name: string; label: string; values: BookingFormValues }) {
  return (
    <div className="admin-check booking-check">
      <input id={name} type="checkbox" name={name} value="yes" defaultChecked={values[name] === "yes"} />
      <label htmlFor={name}>{label}</label>
    </div>
  );
}

/** A weekday: open or not, and its hours. */
function DayFields({ weekday, label, values, errors }: FieldsProps & { weekday: number; label: string }) {
  const names = dayFields(weekday);
  return (
    <fieldset className="booking-day">
      <legend>{label}</legend>
      <Checkbox name={names.open} label="Open" values={values} />
      {(
        [
          [names.from, "Starts"],
          [names.to, "Ends"],
        ] as const
      ).map(([name, word]) => (
        <div className="admin-field" key={name}>
          <label htmlFor={name}>{word}</label>
          <input id={name} name={name} type="time" step={60} defaultValue={values[name]} {...invalid(name, errors)} />
        </div>
      ))}
      <FieldError name={names.open} errors={errors} />
      <FieldError name={names.from} errors={errors} />
      <FieldError name={names.to} errors={errors} />
    </fieldset>
  );
}

function VisitFields({ values, errors }: FieldsProps) {
  return (
    <fieldset className="admin-fieldset">
      <legend>Visits</legend>
      <div className="admin-field booking-field--short">
        <label htmlFor="window_minutes">Arrival window the homeowner picks</label>
        <select id="window_minutes" name="window_minutes" defaultValue={values.window_minutes} {...invalid("window_minutes", errors)}>
          {windowChoices.map((minutes) => (
            <option key={minutes} value={String(minutes)}>
              {hoursWord(minutes)}
            </option>
          ))}
        </select>
        <FieldError name="window_minutes" errors={errors} />
      </div>
      <NumberField
        name="visit_minutes"
        label="Visit length, in minutes"
        hint="How long you stay once there: told to the homeowner."
        range={bookingLimits.visitMinutes}
        values={values}
        errors={errors}
      />
      <NumberField
        name="buffer_minutes"
        label="Time between visits, in minutes"
        hint="Kept free for the drive, between visits and around your own busy times."
        range={bookingLimits.bufferMinutes}
        values={values}
        errors={errors}
      />
      <NumberField
        name="max_per_day"
        label="Most visits a day"
        hint="Visits you set by hand count too."
        range={bookingLimits.maxPerDay}
        values={values}
        errors={errors}
      />
    </fieldset>
  );
}

function WhenFields({ values, errors }: FieldsProps) {
  return (
    <fieldset className="admin-fieldset">
      <legend>When homeowners can book</legend>
      <div className="admin-field booking-field--short">
        <label htmlFor="notice_days">Shortest notice</label>
        <select id="notice_days" name="notice_days" defaultValue={values.notice_days} {...invalid("notice_days", errors)}>
          {noticeChoices.map((choice) => (
            <option key={choice.days} value={String(choice.days)}>
              {choice.label}
            </option>
          ))}
        </select>
        <FieldError name="notice_days" errors={errors} />
      </div>
      <NumberField
        name="horizon_days"
        label="How far ahead, in days"
        hint="Windows are offered this many days from today."
        range={bookingLimits.horizonDays}
        values={values}
        errors={errors}
      />
      <div className="admin-field">
        <label htmlFor="days_off">Days off</label>
        <p className="admin-help" id="days_off-hint">
          One date a line, as year-month-day (2027-12-25): holidays, vacations. No visit is offered on them.
        </p>
        <textarea
          id="days_off"
          name="days_off"
          rows={4}
          defaultValue={values.days_off}
          aria-invalid={errors.days_off ? true : undefined}
          aria-describedby={["days_off-hint", errors.days_off ? "days_off-error" : null].filter(Boolean).join(" ")}
        />
        <FieldError name="days_off" errors={errors} />
      </div>
    </fieldset>
  );
}

/** The booking rules' form: posts without JavaScript, every field labelled, grouped in fieldsets. */
export function BookingRulesForm({ values, refusal }: { values: BookingFormValues; refusal: BookingFormRefusal | undefined }) {
  const shown = refusal?.values ?? values;
  const errors = refusal?.fieldErrors ?? {};
  return (
    <Form method="post" className="admin-stack-form booking-form">
      <input type="hidden" name="intent" value="rules" />
      <fieldset className="admin-fieldset">
        <legend>Online booking</legend>
        <Checkbox name="enabled" label="Homeowners can pick a visit online" values={shown} />
        <p className="admin-help">Off, no window is offered online; these rules are kept for when you turn it on again.</p>
      </fieldset>
      <fieldset className="admin-fieldset">
        <legend>Days and hours</legend>
        <p className="admin-help">The hours windows can start and end in. Untick “Open” for a day you take no visits.</p>
        <div className="booking-days">
          {bookingWeekdays.map(({ weekday, label }) => (
            <DayFields key={weekday} weekday={weekday} label={label} values={shown} errors={errors} />
          ))}
        </div>
      </fieldset>
      <VisitFields values={shown} errors={errors} />
      <WhenFields values={shown} errors={errors} />
      <fieldset className="admin-fieldset">
        <legend>Confirming, moving and cancelling</legend>
        <Checkbox name="require_confirmation" label="A booking waits for my confirmation" values={shown} />
        <p className="admin-help">
          The window is held at once; the homeowner hears it is confirmed when you confirm it. Unticked, it is confirmed at once.
        </p>
        <NumberField
          name="change_cutoff_hours"
          label="Moving or cancelling online, up to how many hours before"
          hint="After that, the homeowner is asked to call you. 0 lets them change up to the window."
          range={bookingLimits.changeCutoffHours}
          values={shown}
          errors={errors}
        />
      </fieldset>
      <button type="submit" className="admin-button">
        Save the booking rules
      </button>
    </Form>
  );
}
