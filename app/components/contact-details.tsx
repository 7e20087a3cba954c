import { company } from "~/content/company";

/** Phone, email and location: every way to reach the contractor besides the form. */
export function ContactDetails({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="contact-details">
      <Heading className="contact-details__title">Call, write or visit</Heading>
      <dl>
        <div>
          <dt>Phone</dt>
          <dd>
            <a href={company.phone.href}>{company.phone.display}</a>
          </dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${company.email}`}>{company.email}</a>
          </dd>
        </div>
        <div>
          <dt>Location</dt>
          <dd>{company.location}</dd>
        </div>
        <div>
          <dt>Hours</dt>
          <dd>{company.hours}</dd>
        </div>
      </dl>
    </div>
  );
}
