import { estimateNextSteps } from "#app/content/estimate-next-steps.ts";
import type { EstimateFormPage } from "#app/schemas/estimate-paths.ts";
import type { EstimateActionResult } from "#app/schemas/estimate.ts";
import { useSiteProfile } from "#app/site-profile.ts";
import { useLocale, useT } from "#app/i18n/react.ts";

/**
 * What the homeowner sees once the request is stored: the reference, what happens next, the
 * phone number and any refused photo. Server-rendered after a plain post (with a link back to
 * the empty form); otherwise present but hidden, for the script to fill and show (with a button).
 */
export function EstimateConfirmation({
  id,
  result,
  page,
}: {
  id: string;
  result: Extract<EstimateActionResult, { status: "success" }> | null;
  page: EstimateFormPage;
}) {
  const site = useSiteProfile();
  const t = useT();
  const locale = useLocale();
  const refused = result?.photos?.refused ?? [];
  const reference = result?.reference ?? "";
  // The script puts the steps of its own request in their place (app/browser/estimate-form.ts).
  const steps = result?.nextSteps ?? estimateNextSteps(undefined, locale);
  return (
    <section className="estimate-done" data-estimate-panel="" aria-labelledby={`${id}-done-title`} hidden={result ? undefined : true}>
      <h3 id={`${id}-done-title`} tabIndex={-1} data-panel-heading="">
        {t("estimate.done.title")}
      </h3>
      <p data-reference-line="" hidden={result && reference === "" ? true : undefined}>
        {t("estimate.done.referenceBefore")} <strong data-reference="">{reference}</strong>
        {t("estimate.done.referenceAfter")}
      </p>
      {/* The request's booking page: the script sets its address, a plain post renders it. */}
      <p className="estimate-done__booking" data-booking-line="" hidden={result?.booking ? undefined : true}>
        <span className="estimate-done__booking-hint">{t("booking.link.estimateHint")}</span>
        <a className="button button--primary" href={result?.booking ?? "#"} data-booking-link="">
          {t("booking.link.estimate")}
        </a>
      </p>
      <h4>{t("estimate.done.next")}</h4>
      <ol className="estimate-done__steps" data-next-steps="">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p>
        {t("estimate.done.questions")} <a href={site.phoneHref}>{site.phone}</a>.
      </p>
      <div className="estimate-done__refused" data-refused="" hidden={refused.length === 0 ? true : undefined}>
        <p>{t("estimate.done.refused")}</p>
        <ul>
          {refused.map((photo, index) => (
            <li key={index}>
              {photo.name}: {photo.reason}
            </li>
          ))}
        </ul>
      </div>
      {result ? (
        // After a plain post the address is the form's (`/?index`, `/contact`, `/es/`): a link that
        // differed only by its #fragment would scroll instead of loading the empty form.
        <a className="button button--secondary" href={page === "/" || page === "/es/" ? `${page}#estimate` : page}>
          {t("estimate.done.another")}
        </a>
      ) : (
        <button type="button" className="button button--secondary" data-action="another">
          {t("estimate.done.another")}
        </button>
      )}
    </section>
  );
}
