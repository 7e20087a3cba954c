import { FormField } from "#app/components/form-field.tsx";
import { profileLimits } from "#app/schemas/site-rules.ts";
import type { SiteField } from "#app/components/admin/site-form-values.ts";

/** The business: its name, slogan, years in business and whether it is family-run. */
export function BusinessFields({ field }: { field: SiteField }) {
  const familyRun = field("family_run");
  return (
    <fieldset className="site-fieldset">
      <legend>The business</legend>
      <FormField
        {...field("name")}
        label="Business name"
        required
        markRequired
        maxLength={profileLimits.name.max}
        autoComplete="organization"
      />
      <FormField
        {...field("slogan")}
        label="Slogan"
        hint="One short line under the name on the home page."
        maxLength={profileLimits.slogan.max}
      />
      <FormField
        {...field("years_in_business")}
        label="Years in business"
        hint="A whole number, like 12. Leave it empty and the site says nothing about years."
        type="number"
        inputMode="numeric"
        min={profileLimits.yearsInBusiness.min}
        max={profileLimits.yearsInBusiness.max}
        className="site-field site-field--short"
      />
      <div className="site-check">
        <input
          type="checkbox"
          id="family-run"
          name="family_run"
          value="yes"
          defaultChecked={familyRun.defaultValue === "yes"}
          aria-describedby="family-run-hint"
        />
        <label htmlFor="family-run">The business is family-run</label>
        <p className="field__hint" id="family-run-hint">
          Only when ticked does the about page say “family-run”.
        </p>
      </div>
    </fieldset>
  );
}

/** How customers reach the business, and where estimate requests go. */
export function ReachFields({ field, leadsToOverride }: { field: SiteField; leadsToOverride: string | null }) {
  return (
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
  );
}

/** Where the business is: its address. */
export function PlaceFields({ field }: { field: SiteField }) {
  return (
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
  );
}

/** Where the business works: cities and ZIP codes. */
export function ServiceAreaFields({ field }: { field: SiteField }) {
  return (
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
  );
}
