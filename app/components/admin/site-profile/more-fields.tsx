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

/** The insurance and warranty sentences. */
export function StatementFields({ field }: { field: SiteField }) {
  return (
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
