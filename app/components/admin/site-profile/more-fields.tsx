import { FormField } from "#app/components/form-field.tsx";
import {
  profileLimits,
  profileLinkKinds,
  profileLinkLabels,
  type ProfileLinkKind,
  weekdayLabels,
  weekdays,
} from "#app/schemas/site-rules.ts";
import type { SiteField } from "#app/components/admin/site-form-values.ts";

const linkPlaceholders: Record<ProfileLinkKind, string> = {
  google: "https://maps.app.goo.gl/…",
  facebook: "https://www.facebook.com/…",
  instagram: "https://www.instagram.com/…",
  nextdoor: "https://nextdoor.com/pages/…",
  yelp: "https://www.yelp.com/biz/…",
  bbb: "https://www.bbb.org/us/tx/houston/profile/…",
};

/** Opening hours: two times a day, both empty for a day off. */
export function HoursFields({ field }: { field: SiteField }) {
  return (
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
  );
}

/**
 * The promises the site makes only in the owner's words (ADR 056): each sentence shows where the
 * hint says, and an empty field means the site says nothing about it.
 */
export function StatementFields({ field }: { field: SiteField }) {
  const statement = (name: string, label: string, hint: string) => (
    <FormField {...field(name)} label={label} hint={hint} multiline rows={3} maxLength={profileLimits.statement.max} />
  );
  return (
    <fieldset className="site-fieldset">
      <legend>Insurance, warranty, permits and payments</legend>
      <p className="admin-help">
        The site promises none of these for you. Write a sentence only for what is true; leave a field empty and the site says nothing about
        it.
      </p>
      {statement(
        "insurance",
        "Insurance",
        "Shown near the estimate form and on the about page, e.g. “General liability insurance up to $1,000,000.” With a licence entered, the footer says “Licensed and insured.”",
      )}
      {statement(
        "warranty",
        "Warranty",
        "Shown near the estimate form and on the about page, e.g. “Two-year written warranty on all labor.”",
      )}
      {statement(
        "permits",
        "Permits",
        "The answer to “Do you pull permits?” in the questions and answers, e.g. “We apply for the permits your job needs and book the inspections.”",
      )}
      {statement(
        "payment_terms",
        "Payment terms",
        "The answer to “How do payments work?” in the questions and answers, e.g. “A deposit to order materials, then payments as the work is done.”",
      )}
    </fieldset>
  );
}

/** The business's pages elsewhere (Google, Facebook, …). */
export function LinkFields({ field }: { field: SiteField }) {
  return (
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
  );
}
