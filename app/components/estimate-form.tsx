import { useEffect, useId, useRef } from "react";
import { estimateSubjectOptions } from "~/content/service-names";
import { setupEstimateForm, type EstimateScriptOptions } from "~/estimate/enhance-form";
import { estimatePostUrl, type EstimateFormPage } from "~/estimate/paths";
import { ATTRIBUTION_KEY } from "~/estimate/attribution";
import { FORM_TOKEN_FIELD, FORM_TOKEN_PATH, FORM_TOKEN_PLACEHOLDER, HONEYPOT_FIELD } from "~/form-token";
import { useNonce } from "~/nonce";
import {
  attributionFields,
  contactMethodLabels,
  contactMethods,
  estimateLimits,
  JOB_PHOTO_FIELD,
  MAX_JOB_PHOTOS,
  phonePattern,
  zipPattern,
} from "~/schemas/estimate-rules";
import type { EstimateActionResult, EstimateField } from "~/schemas/estimate";
import { useSiteProfile } from "~/site-profile";
import { FormField } from "./form-field";

/** The photo types the form offers; HEIC by extension too, as some phones send no type for it. */
const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif";

/**
 * The estimate request form, on the home page and /contact: plain server-rendered HTML that
 * posts (multipart, with photos) to its own page and comes back with the confirmation panel or
 * the errors next to their fields. A small inline script (app/estimate/enhance-form.ts) sends it
 * in the background with a toast, photo previews and progress: no framework is loaded
 * (docs/decisions/026-estimate-form-script.md).
 */
export function EstimateForm({
  actionData,
  page,
  uploadMaxMb,
}: {
  actionData?: EstimateActionResult;
  /** The page the form is on: the lead's `source`. */
  page: EstimateFormPage;
  /** The size limit of one photo, in MB (UPLOAD_MAX_MB). */
  uploadMaxMb: number;
}) {
  const id = useId().replaceAll(":", "");
  const rootId = `${id}-estimate`;
  const nonce = useNonce();
  const rootRef = useRef<HTMLDivElement>(null);
  const options: EstimateScriptOptions = {
    endpoint: estimatePostUrl(page),
    tokenField: FORM_TOKEN_FIELD,
    tokenPath: FORM_TOKEN_PATH,
    tokenPlaceholder: FORM_TOKEN_PLACEHOLDER,
    visitKey: ATTRIBUTION_KEY,
    attributionFields,
    photoField: JOB_PHOTO_FIELD,
    maxPhotos: MAX_JOB_PHOTOS,
    maxPhotoBytes: Math.floor(uploadMaxMb * 1024 * 1024),
    maxPhotoMb: uploadMaxMb,
  };
  // After a client-side navigation (from an admin page, which hydrates) the inline script does not run.
  const optionsJson = JSON.stringify(options);
  // The host fills every copy of the placeholder in the page with a token; the script's own copy
  // (to tell an unfilled field) is written with escaped underscores so it stays as it is.
  const scriptOptions = optionsJson.replace(FORM_TOKEN_PLACEHOLDER, FORM_TOKEN_PLACEHOLDER.replaceAll("_", "\\u005f"));
  useEffect(() => setupEstimateForm(rootRef.current, JSON.parse(optionsJson) as EstimateScriptOptions), [optionsJson]);

  const succeeded = actionData?.status === "success" ? actionData : null;
  const failed = actionData?.status === "error" ? actionData : null;
  const fieldErrors = failed?.fieldErrors ?? {};
  const values = failed?.values ?? {};

  // What each field shares: its name and length limit, what a plain post typed into it, the server's error.
  const field = (name: EstimateField) => ({
    name,
    maxLength: estimateLimits[name].max,
    defaultValue: values[name],
    error: fieldErrors[name],
  });
  const requiredField = (name: EstimateField) => ({ ...field(name), required: true, markRequired: true });

  return (
    <div className="estimate-box" id={rootId} ref={rootRef}>
      {/* After a plain post: the result in the page (with JavaScript, the toast says it). */}
      {failed ? (
        <div className="form-result form-result--error" role="alert">
          <p>{failed.message}</p>
        </div>
      ) : null}
      {succeeded ? (
        <output className="form-result form-result--success">
          <p>{succeeded.message}</p>
        </output>
      ) : null}
      <EstimateConfirmation id={id} result={succeeded} page={page} />
      {succeeded ? null : (
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
          <SubjectField id={`${id}-subject`} defaultValue={values.subject} error={fieldErrors.subject} />
          <FormField
            {...field("message")}
            label="Message (optional)"
            multiline
            rows={4}
            className="field--wide"
          />

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
            <FormField {...field("street_address")} label="Street address" type="text" autoComplete="street-address" />
            <ContactMethodField id={`${id}-contact`} defaultValue={values.contact_method} error={fieldErrors.contact_method} />
            <FormField {...field("best_time")} label="Best time to reach you" type="text" placeholder="Weekdays after 5 pm" />
            <div className="field field--wide">
              <label htmlFor={`${id}-photos`}>Photos of the job</label>
              <p className="field__hint" id={`${id}-photos-hint`}>
                Up to {MAX_JOB_PHOTOS} photos (JPEG, PNG, WebP or HEIC), each up to {uploadMaxMb} MB. From your camera or
                your library.
              </p>
              <input
                id={`${id}-photos`}
                name={JOB_PHOTO_FIELD}
                type="file"
                multiple
                accept={PHOTO_ACCEPT}
                aria-describedby={`${id}-photos-hint ${id}-photos-note`}
              />
              <p className="field__hint" id={`${id}-photos-note`} data-photo-note="" aria-live="polite" />
              <ul className="photo-picks" data-photo-list="" aria-label="Chosen photos" hidden />
            </div>
          </fieldset>

          <div className="field--trap" aria-hidden="true">
            <label htmlFor={`${id}-trap`}>Leave this field empty</label>
            <input id={`${id}-trap`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
          {/* The script fills these from the visit's first page (app/estimate/attribution.ts). */}
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
      )}
      <div className="toast-region">
        <output aria-live="polite" aria-atomic="true" data-toast="success" />
        <div role="alert" aria-live="assertive" aria-atomic="true" data-toast="error" />
      </div>
      {succeeded ? null : (
        <script
          type="module"
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{
            __html: `(${setupEstimateForm.toString()})(document.getElementById(${JSON.stringify(rootId)}),${scriptOptions});`,
          }}
        />
      )}
    </div>
  );
}

/** "What do you need?": the services and "Something else"; a subject typed elsewhere is kept as a choice. */
function SubjectField({ id, defaultValue, error }: { id: string; defaultValue?: string; error?: string }) {
  const subjects = estimateSubjectOptions();
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
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** How the homeowner would like to be reached: a radio group, none chosen by default. */
function ContactMethodField({ id, defaultValue, error }: { id: string; defaultValue?: string; error?: string }) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset
      className="field field--choices"
      id={id}
      role="radiogroup"
      aria-invalid={error ? true : undefined}
      aria-describedby={errorId}
    >
      <legend>Preferred way to reach you</legend>
      <div className="choices">
        {contactMethods.map((method) => (
          <label key={method} className="choice">
            <input type="radio" name="contact_method" value={method} defaultChecked={defaultValue === method} />
            {contactMethodLabels[method]}
          </label>
        ))}
      </div>
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * What the homeowner sees once the request is stored: the reference, what happens next, the
 * phone number and any refused photo. Server-rendered after a plain post (with a link back to
 * the empty form); otherwise present but hidden, for the script to fill and show (with a button).
 */
function EstimateConfirmation({
  id,
  result,
  page,
}: {
  id: string;
  result: Extract<EstimateActionResult, { status: "success" }> | null;
  page: EstimateFormPage;
}) {
  const site = useSiteProfile();
  const refused = result?.photos?.refused ?? [];
  const reference = result?.reference ?? "";
  return (
    <section
      className="estimate-done"
      data-estimate-panel=""
      aria-labelledby={`${id}-done-title`}
      hidden={result ? undefined : true}
    >
      <h3 id={`${id}-done-title`} tabIndex={-1} data-panel-heading="">
        We received your request
      </h3>
      <p data-reference-line="" hidden={result && reference === "" ? true : undefined}>
        Your reference: <strong data-reference="">{reference}</strong>. Please mention it if you call us.
      </p>
      <h4>What happens next</h4>
      <ol className="estimate-done__steps">
        <li>We call or text you within one business day.</li>
        <li>We visit to measure and talk through the options.</li>
        <li>You get a written quote, free and with no obligation.</li>
      </ol>
      <p>
        Questions before then? Call us at <a href={site.phoneHref}>{site.phone}</a>.
      </p>
      <div className="estimate-done__refused" data-refused="" hidden={refused.length === 0 ? true : undefined}>
        <p>These photos could not be kept; you can text or email them to us instead:</p>
        <ul>
          {refused.map((photo, index) => (
            <li key={index}>
              {photo.name}: {photo.reason}
            </li>
          ))}
        </ul>
      </div>
      {result ? (
        // After a plain post the address is the form's (`/?index` or `/contact`): a link that
        // differed only by its #fragment would scroll instead of loading the empty form.
        <a className="button button--secondary" href={page === "/" ? "/#estimate" : page}>
          Send another request
        </a>
      ) : (
        <button type="button" className="button button--secondary" data-action="another">
          Send another request
        </button>
      )}
    </section>
  );
}
