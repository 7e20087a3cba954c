import { AccountSubmit, FormMessage } from "#app/components/account-parts.tsx";
import { FormField } from "#app/components/form-field.tsx";
import { useT } from "#app/i18n/react.ts";
import { refusalField, reviewFeedbackFields, reviewFeedbackLimits, reviewRatings } from "#app/schemas/review-feedback.ts";
import type { ReviewPageView, ReviewRefusedPost } from "#app/schemas/review-page.ts";

const ERROR_ID = "review-error";

/**
 * The review page of a finished job (issue 29). At the top, whatever the homeowner thinks or sent,
 * the public review link as the main button, with the sentence that every customer gets it; then,
 * beside it and never instead, "tell us privately how we did": a rating (five large radio buttons,
 * each with its words), a comment, the consent to be quoted, the first name and neighborhood. A
 * plain form: it works without JavaScript.
 */
export function ReviewPage({ view, refused, error }: { view: ReviewPageView; refused?: ReviewRefusedPost; error?: string }) {
  const t = useT();
  const { business, publicReview } = view;
  const values = refused?.values ?? {
    rating: view.form.rating === null ? "" : String(view.form.rating),
    comment: view.form.comment,
    consent: view.form.consent,
    firstName: view.form.firstName,
    place: view.form.place,
  };
  const wrong = refused ? refusalField[refused.refusal] : null;
  return (
    <div className="page-section account review">
      <h1>{t("review.title", { business: business.name })}</h1>
      {view.sent ? (
        <FormMessage kind="success">
          <p>{t("review.sent", { business: business.name })}</p>
        </FormMessage>
      ) : null}
      {publicReview ? (
        <section className="review__public" aria-label={publicReview.label}>
          <p className="account__lead">{t("review.intro")}</p>
          <p>
            <a className="button button--primary review__public-link" href={publicReview.url}>
              {publicReview.label}
            </a>
          </p>
          <p className="review__same">{t("review.public.same")}</p>
        </section>
      ) : null}

      <section className="review__private" aria-labelledby="review-private">
        <h2 id="review-private">{t("review.private.title")}</h2>
        <p>{t("review.private.intro", { business: business.name })}</p>
        {view.previous ? <p className="review__previous">{view.previous}</p> : null}
        {error ? (
          <FormMessage kind="error" id={ERROR_ID}>
            <p>{error}</p>
          </FormMessage>
        ) : null}
        <form method="post" className="account-form review__form">
          <RatingField value={values.rating} invalid={wrong === "rating"} />
          <FormField
            label={t("review.comment.label")}
            name={reviewFeedbackFields.comment}
            hint={t("review.comment.hint", { max: reviewFeedbackLimits.comment.max })}
            multiline
            rows={5}
            maxLength={reviewFeedbackLimits.comment.max}
            defaultValue={values.comment}
            error={wrong === "comment" ? error : undefined}
          />
          <ConsentField checked={values.consent} business={business.name} />
          <FormField
            label={t("review.firstName.label")}
            name={reviewFeedbackFields.firstName}
            autoComplete="given-name"
            maxLength={reviewFeedbackLimits.firstName.max}
            defaultValue={values.firstName}
            error={wrong === "firstName" ? error : undefined}
          />
          <FormField
            label={t("review.place.label")}
            name={reviewFeedbackFields.place}
            hint={t("review.place.hint")}
            maxLength={reviewFeedbackLimits.place.max}
            defaultValue={values.place}
            error={wrong === "place" ? error : undefined}
          />
          <AccountSubmit>{t("review.submit")}</AccountSubmit>
        </form>
      </section>

      <p className="review__call">
        {t("review.call")} <a href={business.phoneHref}>{business.phone}</a>
      </p>
    </div>
  );
}

/** The rating: five large rows, lowest first, each a radio button with its stars and words. */
function RatingField({ value, invalid }: { value: string; invalid: boolean }) {
  const t = useT();
  return (
    <fieldset className="review__rating">
      <legend>{t("review.rating.legend")}</legend>
      <div className="review__stars">
        {reviewRatings.map((rating) => (
          <label className="review__star" key={rating}>
            <input
              type="radio"
              name={reviewFeedbackFields.rating}
              value={rating}
              required
              defaultChecked={value === String(rating)}
              {...(invalid ? { "aria-invalid": true, "aria-describedby": ERROR_ID } : {})}
            />
            <span className="review__glyphs" aria-hidden="true">
              {"★".repeat(rating)}
              {"☆".repeat(5 - rating)}
            </span>
            <span>{t(`review.rating.${rating}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** "You may quote me…": a checkbox beside its sentence, and what it means under it. */
function ConsentField({ checked, business }: { checked: boolean; business: string }) {
  const t = useT();
  return (
    <div className="field review__consent">
      <input
        type="checkbox"
        id="review-consent"
        name={reviewFeedbackFields.consent}
        value="yes"
        defaultChecked={checked}
        aria-describedby="review-consent-hint"
      />
      <label htmlFor="review-consent">{t("review.consent.label")}</label>
      <p className="field__hint" id="review-consent-hint">
        {t("review.consent.hint", { business })}
      </p>
    </div>
  );
}
