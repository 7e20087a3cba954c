import { Form } from "react-router";
import { FormField } from "~/components/form-field";
import {
  LICENCE_ROWS,
  profileLimits,
  profileLinkKinds,
  profileLinkLabels,
  weekdayLabels,
  weekdays,
  type ProfileLinkKind,
} from "~/schemas/site-rules";
import type { SiteFormResult } from "./site-shared";

export interface ProfileFormProps {
  /** The stored profile as form fields (profileToFields). */
  fields: Record<string, string>;
  /** A refused save: what was typed and each field's problem. */
  result?: SiteFormResult;
  /** LEADS_TO, when the server sets it: estimate requests go there whatever the form says. */
  leadsToOverride: string | null;
}

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
};

const linkPlaceholders: Record<ProfileLinkKind, string> = {
  google: "https://maps.app.goo.gl/…",
  facebook: "https://www.facebook.com/…",
  instagram: "https://www.instagram.com/…",
  nextdoor: "https://nextdoor.com/pages/…",
  yelp: "https://www.yelp.com/biz/…",
  bbb: "https://www.bbb.org/us/tx/houston/profile/…",
};

/**
 * The business profile form at /admin/site: every fact the site shows about the business, in
 * groups a contractor recognises. Plain HTML that posts without JavaScript; the browser checks
 * the limits the server checks (ProfileFormSchema), and a refusal comes back with what was typed.
 */
export function ProfileForm({ fields, result, leadsToOverride }: ProfileFormProps) {
  const values = result?.values ?? fields;
  const errors = result?.fieldErrors ?? {};
  const value = (name: string) => values[name] ?? "";
  const field = (name: string) => ({ name, defaultValue: value(name), error: errors[name], className: "site-field" });
  const problems = Object.entries(errors).filter(([name]) => name !== "form");

  // Licence rows: the filled ones and one blank are shown; the other blanks wait behind "More rows".
  const lastFilled = Array.from({ length: LICENCE_ROWS }, (_, i) => i)
    .filter((i) => value(`licence_label_${i}`) !== "" || value(`licence_number_${i}`) !== "")
    .at(-1);
  const shownRows = Math.min(LICENCE_ROWS, Math.max(2, (lastFilled ?? -1) + 2));

  const licenceRow = (i: number) => (
    <fieldset key={i} className="site-licence">
      <legend>Licence or registration {i + 1}</legend>
      <FormField
        {...field(`licence_label_${i}`)}
        label="What it is"
        maxLength={profileLimits.licences.labelMax}
      />
      <FormField
        {...field(`licence_number_${i}`)}
        label="Number"
        maxLength={profileLimits.licences.numberMax}
      />
    </fieldset>
  );

  return (
    <Form method="post" className="site-form" aria-describedby={problems.length > 0 ? "profile-problems" : undefined}>
      <input type="hidden" name="intent" value="save" />
      {result?.error ? (
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
      ) : null}
      <p className="admin-help">
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">“required”</span> are required. Everything else can stay empty.
      </p>

      <fieldset className="site-fieldset">
        <legend>The business</legend>
        <FormField {...field("name")} label="Business name" required markRequired maxLength={profileLimits.name.max} autoComplete="organization" />
        <FormField
          {...field("slogan")}
          label="Slogan"
          hint="One short line under the name on the home page."
          maxLength={profileLimits.slogan.max}
        />
        <FormField
          {...field("years_in_business")}
          label="Years in business"
          hint="A whole number, like 20. Leave empty if you would rather not say."
          type="number"
          inputMode="numeric"
          min={profileLimits.yearsInBusiness.min}
          max={profileLimits.yearsInBusiness.max}
          className="site-field site-field--short"
        />
      </fieldset>

      <fieldset className="site-fieldset">
        <legend>How customers reach you</legend>
        <FormField
          {...field("phone")}
          label="Phone"
          hint="A US number with area code, like (713) 555-0147. It shows on every page."
          type="tel"
          autoComplete="tel"
          required
          markRequired
          maxLength={profileLimits.phone.max}
        />
        <FormField
          {...field("public_email")}
          label="Email shown on the site"
          type="email"
          autoComplete="email"
          required
          markRequired
          maxLength={profileLimits.email.max}
        />
        <FormField
          {...field("lead_inbox")}
          label="Inbox for estimate requests"
          hint={
            leadsToOverride
              ? `Estimate requests from the website are emailed here. Right now the server's LEADS_TO setting wins: they go to ${leadsToOverride} until that setting is removed.`
              : "Estimate requests from the website are emailed here. It is never shown on the site."
          }
          type="email"
          autoComplete="email"
          required
          markRequired
          maxLength={profileLimits.email.max}
        />
      </fieldset>

      <fieldset className="site-fieldset">
        <legend>Where you are</legend>
        <FormField
          {...field("street")}
          label="Street address"
          hint="Leave empty to show only the city (for example, when you work from home)."
          autoComplete="address-line1"
          maxLength={profileLimits.street.max}
        />
        <div className="site-row">
          <FormField {...field("city")} label="City" required markRequired autoComplete="address-level2" maxLength={profileLimits.city.max} />
          <FormField
            {...field("region")}
            label="State"
            autoComplete="address-level1"
            maxLength={profileLimits.region.max}
            pattern="[A-Za-z]{2}"
            className="site-field site-field--short"
          />
          <FormField
            {...field("postal_code")}
            label="ZIP code"
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={profileLimits.postalCode.max}
            pattern="\d{5}(-\d{4})?"
            className="site-field site-field--short"
          />
        </div>
      </fieldset>

      <fieldset className="site-fieldset">
        <legend>Where you work</legend>
        <FormField
          {...field("service_cities")}
          label="Cities you serve"
          hint={`One city per line, up to ${profileLimits.serviceCities.max}. The site lists them on the home, about and contact pages.`}
          multiline
          rows={8}
          maxLength={profileLimits.serviceCities.max * (profileLimits.serviceCities.itemMax + 2)}
        />
        <FormField
          {...field("service_zips")}
          label="ZIP codes you serve (optional)"
          hint="5-digit ZIP codes, separated by spaces or commas."
          multiline
          rows={3}
          // Not inputMode="numeric": a phone's number pad has no comma or space to separate them.
          maxLength={profileLimits.serviceZips.max * 7}
        />
      </fieldset>

      <fieldset className="site-fieldset">
        <legend>Opening hours</legend>
        <p className="admin-help">Leave both times empty for a day you are closed.</p>
        <div className="site-hours">
          {weekdays.map((day) => (
            <fieldset key={day} className="site-day">
              <legend>{weekdayLabels[day].long}</legend>
              <FormField {...field(`hours_${day}_open`)} label="Opens" type="time" className="site-field site-field--time" />
              <FormField {...field(`hours_${day}_close`)} label="Closes" type="time" className="site-field site-field--time" />
            </fieldset>
          ))}
        </div>
      </fieldset>

      <fieldset className="site-fieldset">
        <legend>Licences and registrations</legend>
        <p className="admin-help">
          What each number is and the number itself, for example “TDLR electrical contractor” and “TECL 12345”, or
          “City of Houston registered contractor” and its registration number. Leave a row empty to skip it.
        </p>
        {Array.from({ length: shownRows }, (_, i) => licenceRow(i))}
        {shownRows < LICENCE_ROWS ? (
          <details className="site-more">
            <summary>More rows ({LICENCE_ROWS - shownRows})</summary>
            {Array.from({ length: LICENCE_ROWS - shownRows }, (_, i) => licenceRow(shownRows + i))}
          </details>
        ) : null}
      </fieldset>

      <fieldset className="site-fieldset">
        <legend>Insurance and warranty</legend>
        <FormField
          {...field("insurance")}
          label="Insurance"
          hint="A sentence shown near the estimate form, e.g. “General liability insurance up to $1,000,000.”"
          multiline
          rows={3}
          maxLength={profileLimits.statement.max}
        />
        <FormField
          {...field("warranty")}
          label="Warranty"
          hint="A sentence, e.g. “Two-year written warranty on all labour.”"
          multiline
          rows={3}
          maxLength={profileLimits.statement.max}
        />
      </fieldset>

      <fieldset className="site-fieldset">
        <legend>Your pages elsewhere</legend>
        <p className="admin-help">The full address of each page, starting with https://. Leave empty the ones you do not have.</p>
        {profileLinkKinds.map((kind) => (
          <FormField
            key={kind}
            {...field(`link_${kind}`)}
            label={profileLinkLabels[kind]}
            type="url"
            inputMode="url"
            maxLength={profileLimits.link.max}
            placeholder={linkPlaceholders[kind]}
          />
        ))}
      </fieldset>

      <div className="site-form__actions site-form__actions--sticky">
        <button type="submit" className="admin-button">
          Save the business details
        </button>
      </div>
    </Form>
  );
}
