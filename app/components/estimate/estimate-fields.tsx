import { estimateSubjectOptions, serviceNames } from "#app/content/service-names.ts";
import type { ServiceSlug } from "#app/schemas/content.ts";
import type { EstimateFormPage } from "#app/schemas/estimate-paths.ts";
import { FORM_TOKEN_FIELD, FORM_TOKEN_PLACEHOLDER, HONEYPOT_FIELD } from "#app/form-token.ts";
import {
  attributionFields,
  contactMethodLabels,
  contactMethods,
  estimateLimits,
  JOB_PHOTO_FIELD,
  MAX_JOB_PHOTOS,
  phonePattern,
  zipPattern,
} from "#app/schemas/estimate-rules.ts";
import type { EstimateActionResult, EstimateField } from "#app/schemas/estimate.ts";
import { FieldError, FormField } from "#app/components/form-field.tsx";

/**
 * The photo types the server keeps (app/schemas/image-type.ts); HEIC by extension too, as some
 * phones send no type for it. Only a filter for the picker: the first bytes decide.
 */
const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/gif,image/heic,image/heif,.heic,.heif";

type Failed = Extract<EstimateActionResult, { status: "error" }> | null;
type Values = Record<string, string>;
type FieldErrors = NonNullable<NonNullable<Failed>["fieldErrors"]>;

/** What each field shares: its name and length limit, what a plain post typed into it, the server's error. */
type FieldOf = (name: EstimateField) => {
  name: EstimateField;
  maxLength: number;
  defaultValue: string | undefined;
  error: string | undefined;
};

/**
 * The form itself: plain HTML that posts (multipart, with photos) to its own page, with the
 * required fields first and the optional ones in a fieldset with a visible legend.
 */
export function EstimateFields({
  id,
  page,
  failed,
  uploadMaxMb,
  featured = [],
  service = null,
}: {
  id: string;
  page: EstimateFormPage;
  failed: Failed;
  uploadMaxMb: number;
  /** The services the site features, listed first in "What do you need?" (ADR 060). */
  featured?: readonly ServiceSlug[];
  /** The service the visitor came from (`?service=`): chosen in "What do you need?" until they change it. */
  service?: ServiceSlug | null;
}) {
  const fieldErrors: FieldErrors = failed?.fieldErrors ?? {};
  const values: Values = failed?.values ?? {};
  const field: FieldOf = (name) => ({
    name,
    maxLength: estimateLimits[name].max,
    defaultValue: values[name],
    error: fieldErrors[name],
  });
  const requiredField = (name: EstimateField) => ({ ...field(name), required: true, markRequired: true });
  return (
    <form
      method="post"
      action={page === "/" ? "/?index" : page}
      encType="multipart/form-data"
      className="estimate-form"
      data-estimate-form=""
      aria-describedby={`${id}-required-note`}
    >
      <p className="estimate-form__note" id={`${id}-required-note`}>
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">required</span> are required.
      </p>
      <FormField {...requiredField("from_name")} label="Full name" type="text" autoComplete="name" />
      <FormField {...requiredField("email")} label="Email" type="email" autoComplete="email" />
      <FormField
        {...requiredField("phone")}
        label="Phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        pattern={phonePattern}
        title="A phone number with area code, like (713) 555-0147"
      />
      <SubjectField
        id={`${id}-subject`}
        subjects={estimateSubjectOptions(featured)}
        defaultValue={values.subject ?? (service ? serviceNames[service] : undefined)}
        error={fieldErrors.subject}
      />
      <FormField {...field("message")} label="Message (optional)" multiline rows={4} className="field--wide" />

      <OptionalDetails id={id} field={field} values={values} fieldErrors={fieldErrors} uploadMaxMb={uploadMaxMb} />

      <div className="field--trap" aria-hidden="true">
        <label htmlFor={`${id}-trap`}>Leave this field empty</label>
        <input id={`${id}-trap`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      {/* The script fills these from the visit's first page (app/browser/attribution.ts). */}
      {attributionFields.map((name) => (
        <input key={name} type="hidden" name={name} defaultValue="" />
      ))}
      {/* Only the server's HTML carries the placeholder; the host puts a fresh token in its place. In
          the browser React must not own this value (for a hidden input, defaultValue IS the
          value, written again on re-render); the script fetches a token when it is empty. */}
      <input
        type="hidden"
        name={FORM_TOKEN_FIELD}
        defaultValue={typeof document === "undefined" ? FORM_TOKEN_PLACEHOLDER : undefined}
        suppressHydrationWarning
      />
      <div className="estimate-form__actions">
        <button type="submit" className="button button--primary">
          Send request
        </button>
      </div>
    </form>
  );
}

/** Where the job is, how to reach the homeowner, and photos of the job: all optional. */
function OptionalDetails({
  id,
  field,
  values,
  fieldErrors,
  uploadMaxMb,
}: {
  id: string;
  field: FieldOf;
  values: Values;
  fieldErrors: FieldErrors;
  uploadMaxMb: number;
}) {
  return (
    <fieldset className="estimate-form__more field--wide">
      <legend>Optional: where, how to reach you, photos</legend>
      <FormField
        {...field("zip")}
        label="ZIP code"
        type="text"
        inputMode="numeric"
        pattern={zipPattern}
        autoComplete="postal-code"
        title="Five digits, like 77008"
      />
      <FormField {...field("street_address")} label="Street address" type="text" autoComplete="address-line1" />
      <ContactMethodField id={`${id}-contact`} defaultValue={values.contact_method} error={fieldErrors.contact_method} />
      <FormField {...field("best_time")} label="Best time to reach you" type="text" placeholder="Weekdays after 5 pm" />
      <PhotoField id={`${id}-photos`} uploadMaxMb={uploadMaxMb} />
    </fieldset>
  );
}

/**
 * Photos of the job: a real file input, labelled and posted with the form, that the page shows
 * as one "Add photos" button with the count beside it once the script runs (ADR 062). Without
 * JavaScript (`scripting: none` in app.css) the browser's own control shows instead, as nothing
 * could keep the count.
 */
function PhotoField({ id, uploadMaxMb }: { id: string; uploadMaxMb: number }) {
  return (
    <div className="field field--wide photo-field">
      <span className="photo-field__title" id={`${id}-title`}>
        Photos of the job
      </span>
      <p className="field__hint" id={`${id}-hint`}>
        Up to {MAX_JOB_PHOTOS} photos (JPEG, PNG, WebP or HEIC), each up to {uploadMaxMb} MB. From your camera or your library.
      </p>
      <div className="photo-field__row">
        {/* Named by the field's title and the button's words, as a screen reader and voice control find it. */}
        <input
          id={id}
          className="photo-field__input"
          name={JOB_PHOTO_FIELD}
          type="file"
          multiple
          accept={PHOTO_ACCEPT}
          aria-labelledby={`${id}-title ${id}-button`}
          aria-describedby={`${id}-hint ${id}-count ${id}-note`}
        />
        <label htmlFor={id} id={`${id}-button`} className="photo-field__button">
          <svg className="photo-field__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              d="M4 7h3l1.5-2h7L17 7h3a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
            <circle cx="12" cy="13" r="3.5" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          Add photos
        </label>
        <p className="photo-field__count" id={`${id}-count`} data-photo-count="" aria-live="polite">
          No photos chosen yet
        </p>
      </div>
      <p className="photo-field__note" id={`${id}-note`} data-photo-note="" aria-live="polite" />
      <ul className="photo-picks" data-photo-list="" aria-label="Chosen photos" hidden />
    </div>
  );
}

/** "What do you need?": the services and "Something else"; a subject typed elsewhere is kept as a choice. */
function SubjectField({ id, subjects, defaultValue, error }: { id: string; subjects: string[]; defaultValue?: string; error?: string }) {
  const extra = defaultValue && !subjects.includes(defaultValue) && defaultValue.trim() !== "" ? defaultValue : null;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>
        What do you need? <span aria-hidden="true">*</span>
      </label>
      <select
        id={id}
        name="subject"
        required
        defaultValue={defaultValue ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
      >
        <option value="">Choose a service</option>
        {subjects.map((subject) => (
          <option key={subject} value={subject}>
            {subject}
          </option>
        ))}
        {extra ? <option value={extra}>{extra}</option> : null}
      </select>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** How the homeowner would like to be reached: a radio group, none chosen by default. */
function ContactMethodField({ id, defaultValue, error }: { id: string; defaultValue?: string; error?: string }) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset className="field field--choices" id={id} role="radiogroup" aria-invalid={error ? true : undefined} aria-describedby={errorId}>
      <legend>Preferred way to reach you</legend>
      <div className="choices">
        {contactMethods.map((method) => (
          <label key={method} className="choice">
            <input type="radio" name="contact_method" value={method} defaultChecked={defaultValue === method} />
            {contactMethodLabels[method]}
          </label>
        ))}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
