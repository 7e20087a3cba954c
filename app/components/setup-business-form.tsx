import { Form } from "react-router";
import { FormField } from "#app/components/form-field.tsx";
import type { FormErrors } from "#app/schemas/account.ts";
import { profileLimits } from "#app/schemas/site-rules.ts";
import { AccountSubmit } from "#app/components/account-parts.tsx";

/** The fields of the first-run business step, in the order the form shows them. */
type SetupBusinessField = "name" | "phone" | "public_email" | "lead_inbox" | "city" | "service_cities";

/**
 * The form of /setup/business (step two of the first-run setup): what a lead needs to reach the
 * business. Plain HTML that posts to its own page; a refusal comes back with what was typed.
 */
export function SetupBusinessForm({
  values,
  errors,
}: {
  values: Record<SetupBusinessField, string>;
  errors: FormErrors<SetupBusinessField>;
}) {
  return (
    <Form method="post" className="account-form">
      <FormField
        label="Business name"
        name="name"
        type="text"
        autoComplete="organization"
        required
        maxLength={profileLimits.name.max}
        defaultValue={values.name}
        error={errors.name}
      />
      <FormField
        label="Business phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        required
        maxLength={profileLimits.phone.max}
        hint="A US number with area code, like (713) 555-0147."
        defaultValue={values.phone}
        error={errors.phone}
      />
      <FormField
        label="Email shown on the site"
        name="public_email"
        type="email"
        autoComplete="email"
        required
        maxLength={profileLimits.email.max}
        hint="Visitors see it and may write to it."
        defaultValue={values.public_email}
        error={errors.public_email}
      />
      <FormField
        label="Inbox for estimate requests"
        name="lead_inbox"
        type="email"
        autoComplete="email"
        required
        maxLength={profileLimits.email.max}
        hint="Every estimate request is emailed here. Not shown on the site."
        defaultValue={values.lead_inbox}
        error={errors.lead_inbox}
      />
      <FormField
        label="City"
        name="city"
        type="text"
        autoComplete="address-level2"
        required
        maxLength={profileLimits.city.max}
        hint="Where the business is, like Houston."
        defaultValue={values.city}
        error={errors.city}
      />
      <FormField
        label="Service area"
        name="service_cities"
        multiline
        rows={3}
        maxLength={profileLimits.serviceCities.max * (profileLimits.serviceCities.itemMax + 2)}
        hint="The cities you work in, separated by commas, like Houston, Katy, Sugar Land. ZIP codes are welcome too."
        defaultValue={values.service_cities}
        error={errors.service_cities}
      />
      <AccountSubmit>Save and go to the dashboard</AccountSubmit>
    </Form>
  );
}
