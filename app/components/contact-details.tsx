import { useSiteProfile } from "#app/site-profile.ts";
import { ProfileLinks } from "#app/components/profile-links.tsx";

/** Phone, email, address and hours from the profile: every way to reach the contractor besides the form. */
export function ContactDetails({ headingLevel = 2, showLinks = false }: { headingLevel?: 2 | 3; showLinks?: boolean }) {
  const site = useSiteProfile();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="contact-details">
      <Heading className="contact-details__title">Call, write or visit</Heading>
      <dl>
        <div>
          <dt>Phone</dt>
          <dd>
            <a href={site.phoneHref}>{site.phone}</a>
          </dd>
        </div>
        {site.publicEmail ? (
          <div>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${site.publicEmail}`}>{site.publicEmail}</a>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{site.streetAddress ? "Address" : "Location"}</dt>
          <dd>{site.streetAddress ?? site.location}</dd>
        </div>
        <div>
          <dt>Hours</dt>
          <dd>{site.hoursSummary}</dd>
        </div>
      </dl>
      {showLinks && site.profileLinks.length > 0 ? (
        <>
          <p className="contact-details__links-title">Find us online</p>
          <ProfileLinks />
        </>
      ) : null}
    </div>
  );
}
