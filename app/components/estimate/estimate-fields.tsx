import { estimateSubjectOptions, serviceNames } from "#app/content/service-names.ts";
import { useT } from "#app/i18n/react.ts";
import type { Translate } from "#app/i18n/messages.ts";
import { serviceNameKey } from "#app/i18n/service-names.ts";
import { serviceSlugs } from "#app/schemas/content.ts";
import type { ServiceSlug } from "#app/schemas/content.ts";
import type { EstimateFormPage } from "#app/schemas/estimate-paths.ts";
import { FORM_TOKEN_FIELD, FORM_TOKEN_PLACEHOLDER, HONEYPOT_FIELD } from "#app/form-token.ts";
import {
  attributionFields,
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
  const t = useT();
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
        {t("estimate.form.requiredBefore")} <span aria-hidden="true">*</span>
        <span className="visually-hidden">{t("estimate.form.requiredWord")}</span> {t("estimate.form.requiredAfter")}
      </p>
      <FormField {...requiredField("from_name")} label={t("estimate.label.from_name")} type="text" autoComplete="name" />
      <FormField {...requiredField("email")} label={t("estimate.label.email")} type="email" autoComplete="email" />
      <FormField
        {...requiredField("phone")}
        label={t("estimate.label.phone")}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        pattern={phonePattern}
        title={t("estimate.phone.title")}
      />
      <SubjectField
        t={t}
        id={`${id}-subject`}
        subjects={estimateSubjectOptions(featured)}
        defaultValue={values.subject ?? (service ? serviceNames[service] : undefined)}
        error={fieldErrors.subject}
      />
      <FormField {...field("message")} label={t("estimate.label.messageOptional")} multiline rows={4} className="field--wide" />

      <OptionalDetails t={t} id={id} field={field} values={values} fieldErrors={fieldErrors} uploadMaxMb={uploadMaxMb} />

      <div className="field--trap" aria-hidden="true">
        <label htmlFor={`${id}-trap`}>{t("estimate.trap")}</label>
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
          {t("estimate.submit")}
        </button>
      </div>
    </form>
  );
}

/** Where the job is, how to reach the homeowner, and photos of the job: all optional. */
function OptionalDetails({
  t,
  id,
  field,
  values,
  fieldErrors,
  uploadMaxMb,
}: {
  t: Translate;
  id: string;
  field: FieldOf;
  values: Values;
  fieldErrors: FieldErrors;
  uploadMaxMb: number;
}) {
  return (
    <fieldset className="estimate-form__more field--wide">
      <legend>{t("estimate.optional.legend")}</legend>
      <FormField
        {...field("zip")}
        label={t("estimate.label.zip")}
        type="text"
        inputMode="numeric"
        pattern={zipPattern}
        autoComplete="postal-code"
        title={t("estimate.zip.title")}
      />
      <FormField {...field("street_address")} label={t("estimate.label.street_address")} type="text" autoComplete="address-line1" />
      <ContactMethodField t={t} id={`${id}-contact`} defaultValue={values.contact_method} error={fieldErrors.contact_method} />
      <FormField
        {...field("best_time")}
        label={t("estimate.label.best_time")}
        type="text"
        placeholder={t("estimate.bestTime.placeholder")}
      />
      <PhotoField t={t} id={`${id}-photos`} uploadMaxMb={uploadMaxMb} />
    </fieldset>
  );
}

/**
 * Photos of the job: a real file input, labelled and posted with the form, that the page shows
 * as one "Add photos" button with the count beside it once the script runs (ADR 062). Without
 * JavaScript (`scripting: none` in app.css) the browser's own control shows instead, as nothing
 * could keep the count.
 */
function PhotoField({ t, id, uploadMaxMb }: { t: Translate; id: string; uploadMaxMb: number }) {
  return (
    <div className="field field--wide photo-field">
      <span className="photo-field__title" id={`${id}-title`}>
        {t("estimate.label.photos")}
      </span>
      <p className="field__hint" id={`${id}-hint`}>
        {t("estimate.photos.hint", { max: MAX_JOB_PHOTOS, mb: uploadMaxMb })}
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
          {t("estimate.photos.add")}
        </label>
        <p className="photo-field__count" id={`${id}-count`} data-photo-count="" aria-live="polite">
          {t("estimate.photos.count", { count: 0, max: MAX_JOB_PHOTOS })}
        </p>
      </div>
      <p className="photo-field__note" id={`${id}-note`} data-photo-note="" aria-live="polite" />
      <ul className="photo-picks" data-photo-list="" aria-label={t("estimate.photos.list")} hidden />
    </div>
  );
}

/** Each English choice's slug: its words on the page are the catalog's (`service.name.*`). */
const slugOfName = new Map<string, string>(serviceSlugs.map((slug) => [serviceNames[slug], slug]));

/**
 * "What do you need?": the services and "Something else"; a subject typed elsewhere is kept as a
 * choice. The value posted is the English name (what the contractor reads in the admin, which
 * stays English); the words shown are the page's language.
 */
function SubjectField({
  t,
  id,
  subjects,
  defaultValue,
  error,
}: {
  t: Translate;
  id: string;
  subjects: string[];
  defaultValue?: string;
  error?: string;
}) {
  const extra = defaultValue && !subjects.includes(defaultValue) && defaultValue.trim() !== "" ? defaultValue : null;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>
        {t("estimate.label.subject")} <span aria-hidden="true">*</span>
      </label>
      <select
        id={id}
        name="subject"
        required
        defaultValue={defaultValue ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
      >
        <option value="">{t("estimate.subject.choose")}</option>
        {subjects.map((subject) => (
          <option key={subject} value={subject}>
            {t(serviceNameKey(slugOfName.get(subject)))}
          </option>
        ))}
        {extra ? <option value={extra}>{extra}</option> : null}
      </select>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** How the homeowner would like to be reached: a radio group, none chosen by default. */
function ContactMethodField({ t, id, defaultValue, error }: { t: Translate; id: string; defaultValue?: string; error?: string }) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset className="field field--choices" id={id} role="radiogroup" aria-invalid={error ? true : undefined} aria-describedby={errorId}>
      <legend>{t("estimate.label.contact_method")}</legend>
      <div className="choices">
        {contactMethods.map((method) => (
          <label key={method} className="choice">
            <input type="radio" name="contact_method" value={method} defaultChecked={defaultValue === method} />
            {t(`estimate.contact.${method}`)}
          </label>
        ))}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
