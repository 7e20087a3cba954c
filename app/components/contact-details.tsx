import { useSiteProfile } from "#app/site-profile.ts";
import { ProfileLinks } from "#app/components/profile-links.tsx";
import { useLocale, useT } from "#app/i18n/react.ts";
import { hoursSummaryIn } from "#app/i18n/business-hours.ts";

/** Phone, email, address and hours from the profile: every way to reach the contractor besides the form. */
export function ContactDetails({ headingLevel = 2, showLinks = false }: { headingLevel?: 2 | 3; showLinks?: boolean }) {
  const site = useSiteProfile();
  const t = useT();
  // The hours in the page's language, from the profile's times (ADR 064).
  const locale = useLocale();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="contact-details">
      <Heading className="contact-details__title">{t("contact.details.title")}</Heading>
      <dl>
        <div>
          <dt>{t("contact.details.phone")}</dt>
          <dd>
            <a href={site.phoneHref}>{site.phone}</a>
          </dd>
        </div>
        {site.publicEmail ? (
          <div>
            <dt>{t("contact.details.email")}</dt>
            <dd>
              <a href={`mailto:${site.publicEmail}`}>{site.publicEmail}</a>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{site.streetAddress ? t("contact.details.address") : t("contact.details.location")}</dt>
          <dd>{site.streetAddress ?? site.location}</dd>
        </div>
        <div>
          <dt>{t("contact.details.hours")}</dt>
          {/* The contractor's own words, as entered (in English). */}
          <dd>{hoursSummaryIn(locale, site.hours)}</dd>
        </div>
      </dl>
      {showLinks && site.profileLinks.length > 0 ? (
        <>
          <p className="contact-details__links-title">{t("contact.details.links")}</p>
          <ProfileLinks />
        </>
      ) : null}
    </div>
  );
}
