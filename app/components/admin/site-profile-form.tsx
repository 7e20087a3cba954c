import { Form } from "react-router";
import { BusinessFields, PlaceFields, ReachFields, ServiceAreaFields } from "#app/components/admin/site-profile/contact-fields.tsx";
import { FeaturedFields } from "#app/components/admin/site-profile/featured-fields.tsx";
import { LicenceFields } from "#app/components/admin/site-profile/licence-fields.tsx";
import { HoursFields, LinkFields, StatementFields } from "#app/components/admin/site-profile/more-fields.tsx";
import { siteFormValues } from "#app/components/admin/site-form-values.ts";
import { PriceFields, ReviewFields } from "#app/components/admin/site-profile/proof-fields.tsx";
import { ProfileProblems } from "#app/components/admin/site-profile/profile-problems.tsx";
import { SpanishFields } from "#app/components/admin/site-profile/spanish-fields.tsx";
import type { SiteFormResult } from "#app/components/admin/site-shared.tsx";

interface ProfileFormProps {
  /** The stored profile as form fields (profileToFields). */
  fields: Record<string, string>;
  /** A refused save: what was typed and each field's problem. */
  result?: SiteFormResult;
  /** LEADS_TO, when the server sets it: estimate requests go there whatever the form says. */
  leadsToOverride: string | null;
}

/**
 * The business profile form at /admin/site: every fact the site shows about the business, in
 * groups a contractor recognises. Plain HTML that posts without JavaScript; the browser checks
 * the limits the server checks (ProfileFormSchema), and a refusal comes back with what was typed.
 */
export function ProfileForm({ fields, result, leadsToOverride }: ProfileFormProps) {
  const { value, errors, field } = siteFormValues(fields, result);
  const problems = Object.entries(errors).filter(([name]) => name !== "form");

  return (
    <Form method="post" className="site-form" aria-describedby={problems.length > 0 ? "profile-problems" : undefined}>
      <input type="hidden" name="intent" value="save" />
      <ProfileProblems result={result} problems={problems} />
      <p className="admin-help">
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">“required”</span> are required. Everything else can stay empty.
      </p>

      <BusinessFields field={field} />
      <ReachFields field={field} leadsToOverride={leadsToOverride} />
      <PlaceFields field={field} />
      <ServiceAreaFields field={field} />
      <FeaturedFields field={field} value={value} error={errors.featured} />
      <HoursFields field={field} />
      <LicenceFields field={field} value={value} />
      <StatementFields field={field} />
      <ReviewFields field={field} />
      <PriceFields field={field} value={value} />
      <LinkFields field={field} />
      <SpanishFields field={field} />

      <div className="site-form__actions site-form__actions--sticky">
        <button type="submit" className="admin-button">
          Save the business details
        </button>
      </div>
    </Form>
  );
}
