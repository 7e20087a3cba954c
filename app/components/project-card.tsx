import { Link } from "react-router";
import { formatFinishedOn, type ProjectSummary } from "#app/schemas/project-view.ts";
import { PhotoPicture } from "#app/components/photo-picture.tsx";
import { LangText, usePageLocale } from "#app/components/lang-text.tsx";
import { languageTags, type Locale } from "#app/i18n/locale.ts";
import { translator } from "#app/i18n/messages.ts";
import { localProjectHref, ownText, projectPageLocale } from "#app/i18n/projects.ts";
import { localServiceName } from "#app/i18n/service-names.ts";

/** The cards' columns (app.css `.card-grid`, at least 15rem): three across the 72rem page, one on a phone. */
const PROJECT_CARD_SIZES = "(min-width: 72rem) 368px, (min-width: 34rem) 48vw, 100vw";
/** The home page's row to swipe on a phone (app.css `.home-row`, below 40rem): each card 84 % wide. */
export const ROW_PROJECT_CARD_SIZES = "(min-width: 72rem) 368px, (min-width: 40rem) 48vw, 84vw";

/**
 * A project as a card (/projects, the home page, a service page): the cover, the title as the
 * link, and what, where, when and how many photos. Without a published photo yet, the service's
 * drawing stands in.
 */
function ProjectCard({
  project,
  headingLevel = 3,
  priority = "lazy",
  sizes = PROJECT_CARD_SIZES,
}: {
  project: ProjectSummary;
  headingLevel?: 2 | 3;
  priority?: "high" | "eager" | "lazy";
  sizes?: string;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const locale = usePageLocale();
  const t = translator(locale);
  const service = localServiceName(locale, project.service);
  // The owner's Spanish title when written; the Spanish page only once the story is in Spanish too.
  const title = ownText(locale, project.title, project.titleEs);
  const pageLocale = projectPageLocale(locale, project);
  return (
    <article className="card project-card">
      {project.cover ? (
        <PhotoPicture photo={project.cover} sizes={sizes} className="card__image project-card__image" priority={priority} />
      ) : (
        <img
          className="card__image"
          src={`/images/services/${project.service}.svg`}
          width={1200}
          height={800}
          alt=""
          loading={priority === "lazy" ? "lazy" : undefined}
          decoding="async"
        />
      )}
      <div className="card__body">
        <Heading className="card__title">
          <Link
            className="project-card__link"
            to={localProjectHref(locale, project)}
            hrefLang={pageLocale === locale ? undefined : pageLocale}
          >
            <LangText lang={title.lang}>{title.text}</LangText>
          </Link>
        </Heading>
        <p className="project-card__meta">{[service, project.place, finishedOn(project.finishedOn, locale)].filter(Boolean).join(" · ")}</p>
        <p className="project-card__count">{t("pages.project.photos", { count: project.photoCount })}</p>
      </div>
    </article>
  );
}

/** "April 2026" ("abril de 2026") from "2026-04"; the text itself when it is not such a month. */
export function finishedOn(value: string, locale: Locale): string {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  if (locale === "en" || !match) return formatFinishedOn(value);
  const month = new Intl.DateTimeFormat(languageTags[locale], { timeZone: "UTC", month: "long", year: "numeric" });
  return month.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 15)));
}

/** Cards in the site's card grid. */
export function ProjectCards({
  projects,
  headingLevel = 3,
  eager = 0,
  sizes,
}: {
  projects: ProjectSummary[];
  headingLevel?: 2 | 3;
  eager?: number;
  /** The `sizes` of the cards' photos: the grid's by default, ROW_PROJECT_CARD_SIZES in the home page's row. */
  sizes?: string;
}) {
  return (
    <ul className="card-grid project-cards">
      {projects.map((project, i) => (
        <li key={project.id}>
          <ProjectCard
            project={project}
            headingLevel={headingLevel}
            sizes={sizes}
            priority={i === 0 && eager > 0 ? "high" : i < eager ? "eager" : "lazy"}
          />
        </li>
      ))}
    </ul>
  );
}
