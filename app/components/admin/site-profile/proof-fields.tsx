import { FormField } from "#app/components/form-field.tsx";
import { serviceNames } from "#app/content/service-names.ts";
import { serviceSlugs } from "#app/schemas/content.ts";
import { profileLimits } from "#app/schemas/site-rules.ts";
import type { SiteField } from "#app/components/admin/site-form-values.ts";

/**
 * What homeowners compare on, each optional (ADR 061): how soon the business answers, and the
 * rating a review site shows with its count and page. The row under the hero, on the service
 * pages and on the contact page shows what is filled in here, and nothing else.
 */
export function ReviewFields({ field }: { field: SiteField }) {
  return (
    <fieldset className="site-fieldset">
      <legend>Reviews and how soon you answer</legend>
      <p className="admin-help">
        Shown in the short row near the top of the home page, each service page and the contact page. Leave them empty and the row says
        nothing about them.
      </p>
      <FormField
        {...field("answer_promise")}
        label="How soon you answer"
        hint="A promise you keep, in a few words, like “We answer within one business day”."
        maxLength={profileLimits.answerPromise.max}
      />
      <p className="admin-help">
        A rating shows only with all four: the rating and the number of reviews exactly as the review site shows them today, the site's
        name, and the address of the page, so homeowners can check it. Update them when they change.
      </p>
      <div className="site-row">
        <FormField
          {...field("review_rating")}
          label="Rating"
          hint="From 0.0 to 5.0, like 4.8."
          type="number"
          inputMode="decimal"
          step="0.1"
          min={profileLimits.reviewRating.min}
          max={profileLimits.reviewRating.max}
          className="site-field site-field--short"
        />
        <FormField
          {...field("review_count")}
          label="Number of reviews"
          hint="A whole number, like 37."
          type="number"
          inputMode="numeric"
          min={profileLimits.reviewCount.min}
          max={profileLimits.reviewCount.max}
          className="site-field site-field--short"
        />
        <FormField
          {...field("review_source")}
          label="Review site"
          hint="Its name, like Google or Yelp."
          maxLength={profileLimits.reviewSource.max}
          className="site-field site-field--short"
        />
      </div>
      <FormField
        {...field("review_link")}
        label="Page that shows the rating"
        hint="The full address, starting with https://, like your Google Business Profile's reviews."
        type="url"
        inputMode="url"
        maxLength={profileLimits.link.max}
        placeholder="https://…"
      />
      <ReviewLinkFields field={field} />
    </fieldset>
  );
}

/**
 * Where a customer writes a review (issue 29): a Google Place ID, from which the review address is
 * built, or any review page's address. Every review request gives every customer this same link.
 */
function ReviewLinkFields({ field }: { field: SiteField }) {
  return (
    <>
      <p className="admin-help">
        Where customers write a review, for the review request a homeowner gets after you mark their job done. Every customer gets the same
        link, happy or not: asking only the happy ones is against Google's rules and the FTC's.
      </p>
      <FormField
        {...field("review_place_id")}
        label="Google Place ID"
        hint="Find it with Google's Place ID Finder (search “Place ID Finder”, then your business's name): it starts with ChIJ, like ChIJN1t_tDeuEmsRUsoyG83frY4. The review address is made from it."
        maxLength={profileLimits.reviewPlaceId.max}
        autoComplete="off"
        spellCheck={false}
      />
      <FormField
        {...field("review_write_link")}
        label="Or the address of your review page"
        hint="Any page where customers write a review (Yelp, Houzz, Nextdoor…), starting with https://. Used when there is no Place ID."
        type="url"
        inputMode="url"
        maxLength={profileLimits.link.max}
        placeholder="https://…"
      />
    </>
  );
}

/**
 * A typical price per service and a financing link (ADR 061). The price is shown on the service's
 * page with the words that the written estimate gives the real price; the financing label never
 * carries figures (the federal Truth in Lending rules would then require the full terms).
 */
export function PriceFields({ field, value }: { field: SiteField; value: (name: string) => string }) {
  const anyPrice = serviceSlugs.some((slug) => value(`price_from_${slug}`) !== "" || value(`price_to_${slug}`) !== "");
  return (
    <fieldset className="site-fieldset">
      <legend>Prices and financing</legend>
      <p className="admin-help">
        Optional. A typical price shows on that service's page as “Typical price: $8,000 – $15,000”, followed by “Every home is different:
        your free written estimate gives the real price for yours.” Leave a service empty and its page says nothing about price.
      </p>
      <details className="site-more" open={anyPrice || undefined}>
        <summary>Typical price per service</summary>
        <div className="site-prices">
          {serviceSlugs.map((slug) => (
            <fieldset key={slug} className="site-licence">
              <legend>{serviceNames[slug]}</legend>
              <FormField {...field(`price_from_${slug}`)} label="From ($)" inputMode="numeric" maxLength={12} placeholder="8,000" />
              <FormField {...field(`price_to_${slug}`)} label="To ($)" inputMode="numeric" maxLength={12} placeholder="15,000" />
            </fieldset>
          ))}
        </div>
      </details>
      <FormField
        {...field("financing_link")}
        label="Financing: the lender's page"
        hint="The full address of your lender's own page for your customers, starting with https://. It shows on each service page and the contact page."
        type="url"
        inputMode="url"
        maxLength={profileLimits.link.max}
        placeholder="https://…"
      />
      <FormField
        {...field("financing_label")}
        label="Financing: the link's words"
        hint="Name the lender only, like “Financing through Hearth”. No amounts, rates, months or payments: those require the full credit terms by law, which the lender's page gives."
        maxLength={profileLimits.financingLabel.max}
      />
    </fieldset>
  );
}
