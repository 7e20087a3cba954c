import { LICENCE_ROWS, profileLinkKinds, profileLinkLabels, weekdayLabels, weekdays } from "#app/schemas/site-rules.ts";
import type { SiteFormResult } from "#app/components/admin/site-shared.tsx";
import { serviceNames } from "#app/content/service-names.ts";
import { serviceSlugs } from "#app/schemas/content.ts";

/** The names people read for each field, for the list of problems above the form. */
const fieldLabels: Record<string, string> = {
  name: "Business name",
  slogan: "Slogan",
  years_in_business: "Years in business",
  phone: "Phone",
  public_email: "Email shown on the site",
  lead_inbox: "Inbox for estimate requests",
  street: "Street address",
  city: "City",
  region: "State",
  postal_code: "ZIP code",
  service_cities: "Cities you serve",
  service_zips: "ZIP codes you serve",
  insurance: "Insurance",
  warranty: "Warranty",
  permits: "Permits",
  payment_terms: "Payment terms",
  family_run: "Family-run",
  ...Object.fromEntries(
    weekdays.flatMap((day) => [
      [`hours_${day}_open`, `${weekdayLabels[day].long}: opens`],
      [`hours_${day}_close`, `${weekdayLabels[day].long}: closes`],
    ]),
  ),
  ...Object.fromEntries(
    Array.from({ length: LICENCE_ROWS }, (_, i) => [
      [`licence_label_${i}`, `Licence ${i + 1}: what it is`],
      [`licence_number_${i}`, `Licence ${i + 1}: number`],
    ]).flat(),
  ),
  ...Object.fromEntries(profileLinkKinds.map((kind) => [`link_${kind}`, profileLinkLabels[kind]])),
  featured: "Services on the home page",
  ...Object.fromEntries(serviceSlugs.map((slug) => [`featured_${slug}`, `Home page place of ${serviceNames[slug]}`])),
  answer_promise: "How soon you answer",
  review_rating: "Rating",
  review_count: "Number of reviews",
  review_source: "Review site",
  review_link: "Page that shows the rating",
  review_place_id: "Google Place ID",
  review_write_link: "Or the address of your review page",
  ...Object.fromEntries(
    serviceSlugs.flatMap((slug) => [
      [`price_from_${slug}`, `${serviceNames[slug]}: from`],
      [`price_to_${slug}`, `${serviceNames[slug]}: to`],
    ]),
  ),
  financing_link: "Financing: the lender's page",
  financing_label: "Financing: the link's words",
  es_slogan: "Slogan, in Spanish",
  es_answer_promise: "How soon you answer, in Spanish",
  es_insurance: "Insurance, in Spanish",
  es_warranty: "Warranty, in Spanish",
  es_permits: "Permits, in Spanish",
  es_payment_terms: "Payment terms, in Spanish",
  es_financing_label: "Financing: the link's words, in Spanish",
};

/** A refused save: its sentence, and each field's problem by the field's name people read. */
export function ProfileProblems({ result, problems }: { result: SiteFormResult | undefined; problems: [string, string][] }) {
  if (!result?.error) return null;
  return (
    <div className="admin-alert" role="alert" id="profile-problems">
      <p>{result.error}</p>
      {problems.length > 0 ? (
        <ul>
          {problems.map(([name, message]) => (
            <li key={name}>
              {fieldLabels[name] ?? name}: {message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
