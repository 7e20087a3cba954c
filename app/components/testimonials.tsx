import type { Testimonial } from "#app/schemas/site-rules.ts";
import { serviceName } from "#app/content/service-names.ts";
import { projectHref } from "#app/schemas/project-view.ts";

/**
 * A review's date is a calendar day the admin picked, not an instant: it is read at noon UTC and
 * named in UTC, so it is that day whatever the site's or the server's time zone (ADR 050).
 */
const reviewDate = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "long", year: "numeric" });

/** "March 2026" from "2026-03-14". */
export function formatReviewDate(givenOn: string): string {
  const [year = 0, month = 1, day = 1] = givenOn.split("-").map(Number);
  return reviewDate.format(new Date(Date.UTC(year, month - 1, day, 12)));
}

/** Where a review was posted, named for its link ("Read on Google"). */
export function reviewSource(link: string): string {
  let host = "";
  try {
    host = new URL(link).hostname.replace(/^www\./, "");
  } catch {
    return "Read the review";
  }
  if (/(^|\.)google\.|(^|\.)goo\.gl$|g\.page$/.test(host)) return "Read on Google";
  if (/(^|\.)yelp\./.test(host)) return "Read on Yelp";
  if (/(^|\.)facebook\.com$/.test(host)) return "Read on Facebook";
  if (/(^|\.)nextdoor\.com$/.test(host)) return "Read on Nextdoor";
  if (/(^|\.)houzz\.com$/.test(host)) return "Read on Houzz";
  if (/(^|\.)bbb\.org$/.test(host)) return "Read on the BBB";
  if (/(^|\.)angi\.com$/.test(host)) return "Read on Angi";
  // Any other site is named by its address, so every review says where it came from.
  return `Read on ${host}`;
}

/**
 * Customers' words, as the owner entered them at /admin/site: the quote, who said it, where,
 * about which service and when, with a link to where it was posted and to the project it is
 * about (while that project is published). Nothing when there are none.
 * Shown to people only: no Review markup (docs/decisions/017-business-profile.md).
 */
export function Testimonials({
  testimonials,
  title = "What our customers say",
  id = "testimonials-title",
}: {
  testimonials: readonly Testimonial[];
  title?: string;
  id?: string;
}) {
  if (testimonials.length === 0) return null;
  return (
    <section className="page-section testimonials" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="testimonials__list">
        {testimonials.map((testimonial) => {
          const service = serviceName(testimonial.service);
          return (
            <li key={testimonial.id}>
              <figure className="testimonial">
                <blockquote className="testimonial__quote">
                  {testimonial.quote.split(/\n\s*\n/).map((paragraph, i) => (
                    <p key={i}>{paragraph}</p>
                  ))}
                </blockquote>
                <figcaption className="testimonial__by">
                  <span className="testimonial__name">{testimonial.name}</span>
                  {testimonial.place ? <span>, {testimonial.place}</span> : null}
                  <span className="testimonial__meta">
                    {service ? `${service} · ` : ""}
                    <time dateTime={testimonial.givenOn}>{formatReviewDate(testimonial.givenOn)}</time>
                  </span>
                  {testimonial.link ? (
                    <a className="testimonial__link" href={testimonial.link} rel="noopener">
                      {reviewSource(testimonial.link)}
                      <span className="visually-hidden"> (review by {testimonial.name})</span>
                    </a>
                  ) : null}
                  {testimonial.project ? (
                    <a className="testimonial__link testimonial__link--project" href={projectHref(testimonial.project.slug)}>
                      See the project: {testimonial.project.title}
                    </a>
                  ) : null}
                </figcaption>
              </figure>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
