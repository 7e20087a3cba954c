import { Link } from "react-router";
import { useSiteProfile } from "~/site-profile";

/** While the projects cannot be read (503): the visitor is asked to come back shortly. */
export function ProjectsUnavailable() {
  const site = useSiteProfile();
  return (
    <section className="page-section empty-state" aria-labelledby="projects-unavailable-title">
      <h2 id="projects-unavailable-title">We can't show our projects right now</h2>
      <p>
        Something went wrong on our side. Please try again in a minute. Our service pages describe every kind of
        job we do, and you can request a free estimate at any time.
      </p>
      <p className="empty-state__actions">
        <Link className="button button--primary" to="/services">
          Browse our services
        </Link>
        <a className="button button--secondary" href={site.phoneHref}>
          Call {site.phone}
        </a>
      </p>
    </section>
  );
}
