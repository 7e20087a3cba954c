import type { Testimonial } from "#app/schemas/site-rules.ts";
import { LangText, usePageLocale } from "#app/components/lang-text.tsx";
import { languageTags, type Locale } from "#app/i18n/locale.ts";
import { translator } from "#app/i18n/messages.ts";
import { localProjectHref, ownText, projectPageLocale } from "#app/i18n/projects.ts";
import { localServiceName } from "#app/i18n/service-names.ts";

/**
 * A review's date is a calendar day the admin picked, not an instant: it is read at noon UTC and
 * named in UTC, so it is that day whatever the site's or the server's time zone (ADR 050).
 */
const reviewDates: Record<Locale, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat(languageTags.en, { timeZone: "UTC", month: "long", year: "numeric" }),
  es: new Intl.DateTimeFormat(languageTags.es, { timeZone: "UTC", month: "long", year: "numeric" }),
};

/** "March 2026" ("marzo de 2026") from "2026-03-14". */
export function formatReviewDate(givenOn: string, locale: Locale = "en"): string {
  const [year = 0, month = 1, day = 1] = givenOn.split("-").map(Number);
  return reviewDates[locale].format(new Date(Date.UTC(year, month - 1, day, 12)));
}

/** Where a review was posted, named for its link ("Read on Google"). */
export function reviewSource(link: string, locale: Locale = "en"): string {
  const t = translator(locale);
  let host = "";
  try {
    host = new URL(link).hostname.replace(/^www\./, "");
  } catch {
    return t("pages.testimonials.readReview");
  }
  const on = (site: string) => t("pages.testimonials.readOn", { site });
  if (/(^|\.)google\.|(^|\.)goo\.gl$|g\.page$/.test(host)) return on("Google");
  if (/(^|\.)yelp\./.test(host)) return on("Yelp");
  if (/(^|\.)facebook\.com$/.test(host)) return on("Facebook");
  if (/(^|\.)nextdoor\.com$/.test(host)) return on("Nextdoor");
  if (/(^|\.)houzz\.com$/.test(host)) return on("Houzz");
  if (/(^|\.)bbb\.org$/.test(host)) return on(t("pages.testimonials.theBbb"));
  if (/(^|\.)angi\.com$/.test(host)) return on("Angi");
  // Any other site is named by its address, so every review says where it came from.
  return on(host);
}

/**
 * A testimonial's words on a page in `locale`: on a Spanish page the Spanish quote when the owner
 * wrote one, else the English as entered, marked English (ADR 064).
 */
export function localQuote(locale: Locale, testimonial: Pick<Testimonial, "quote" | "quoteEs">): { text: string; lang?: Locale } {
  if (locale === "en") return { text: testimonial.quote };
  const spanish = testimonial.quoteEs.trim();
  return spanish ? { text: spanish } : { text: testimonial.quote, lang: "en" };
}

/**
 * Customers' words, as the owner entered them at /admin/site: the quote, who said it, where,
 * about which service and when, with a link to where it was posted and to the project it is
 * about (while that project is published). Nothing when there are none. On a Spanish page the
 * quote is the Spanish one when written, else the English marked `lang="en"`.
 * Shown to people only: no Review markup (docs/decisions/017-business-profile.md).
 */
export function Testimonials({
  testimonials,
  title,
  id = "testimonials-title",
}: {
  testimonials: readonly Testimonial[];
  title?: string;
  id?: string;
}) {
  const locale = usePageLocale();
  const t = translator(locale);
  if (testimonials.length === 0) return null;
  return (
    <section className="page-section testimonials" aria-labelledby={id}>
      <h2 id={id}>{title ?? t("pages.testimonials.title")}</h2>
      <ul className="testimonials__list">
        {testimonials.map((testimonial) => {
          const service = localServiceName(locale, testimonial.service);
          const quote = localQuote(locale, testimonial);
          return (
            <li key={testimonial.id}>
              <figure className="testimonial">
                <blockquote className="testimonial__quote" lang={quote.lang}>
                  {quote.text.split(/\n\s*\n/).map((paragraph, i) => (
                    <p key={i}>{paragraph}</p>
                  ))}
                </blockquote>
                <figcaption className="testimonial__by">
                  <span className="testimonial__name">{testimonial.name}</span>
                  {testimonial.place ? <span>, {testimonial.place}</span> : null}
                  <span className="testimonial__meta">
                    {service ? `${service} · ` : ""}
                    <time dateTime={testimonial.givenOn}>{formatReviewDate(testimonial.givenOn, locale)}</time>
                  </span>
                  {testimonial.link ? (
                    <a className="testimonial__link" href={testimonial.link} rel="noopener">
                      {reviewSource(testimonial.link, locale)}
                      <span className="visually-hidden">{t("pages.testimonials.reviewBy", { name: testimonial.name })}</span>
                    </a>
                  ) : null}
                  {testimonial.project ? <ProjectLink project={testimonial.project} /> : null}
                </figcaption>
              </figure>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * "See the project": its title in Spanish when written, else the English one marked as such; its
 * Spanish page when it has one, else the English page (ADR 064).
 */
function ProjectLink({ project }: { project: NonNullable<Testimonial["project"]> }) {
  const locale = usePageLocale();
  const title = ownText(locale, project.title, project.titleEs);
  const pageLocale = projectPageLocale(locale, project);
  return (
    <a
      className="testimonial__link testimonial__link--project"
      href={localProjectHref(locale, project)}
      hrefLang={pageLocale === locale ? undefined : pageLocale}
    >
      {translator(locale)("pages.testimonials.project", { title: "" })}
      <LangText lang={title.lang}>{title.text}</LangText>
    </a>
  );
}
