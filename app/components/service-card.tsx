import { Link } from "react-router";
import type { ServiceCardData } from "#app/content/featured.ts";
import { PhotoPicture } from "#app/components/photo-picture.tsx";
import { usePageLocale } from "#app/components/lang-text.tsx";
import { translator } from "#app/i18n/messages.ts";
import { localePath } from "#app/i18n/paths.ts";

/** A card's width in the grid (app.css `.card-grid`, columns of at least 15rem): a quarter of the page at most. */
const CARD_SIZES = "(min-width: 72rem) 300px, (min-width: 34rem) 50vw, 100vw";
/**
 * On the home page a phone shows the cards as a row to swipe, each 84 % of the screen wide
 * (app.css `.home-row`, below 40rem): the photo chosen for that width, not the page's.
 */
export const ROW_CARD_SIZES = "(min-width: 72rem) 300px, (min-width: 40rem) 50vw, 84vw";

/**
 * A card linking to a service page, used on the home page and /services: the service's own photo
 * when it has one (ADR 060), else its drawing.
 */
/** `priority`: the card is likely the largest thing on screen at first (the first tile on /services). */
export function ServiceCard({
  card,
  headingLevel = 3,
  priority = false,
  sizes = CARD_SIZES,
}: {
  card: ServiceCardData;
  headingLevel?: 2 | 3;
  priority?: boolean;
  /** The `sizes` of the card's photo: the grid's by default, ROW_CARD_SIZES in the home page's row. */
  sizes?: string;
}) {
  const { slug, title, summary, image, photo, lang } = card;
  const locale = usePageLocale();
  const t = translator(locale);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="card">
      {photo ? (
        <PhotoPicture photo={photo} sizes={sizes} className="card__image card__image--photo" priority={priority ? "high" : "lazy"} />
      ) : (
        <img
          className="card__image"
          src={image.src}
          width={image.width}
          height={image.height}
          alt=""
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : undefined}
          decoding="async"
        />
      )}
      <div className="card__body">
        <Heading className="card__title">{title}</Heading>
        <p lang={lang && lang !== locale ? lang : undefined}>{summary}</p>
        <Link className="card__link" to={localePath(locale, `/${slug}`)} prefetch="intent">
          {t("pages.card.learnMore")}
          <span className="visually-hidden">{t("pages.card.about", { title })}</span>
        </Link>
      </div>
    </article>
  );
}

/** A section of service cards, with a link to /services under them (the home page, the gallery). */
export function ServiceCardsSection({
  titleId,
  title,
  cards,
  more,
  sizes,
}: {
  titleId: string;
  title: string;
  cards: readonly ServiceCardData[];
  more: string;
  sizes?: string;
}) {
  const locale = usePageLocale();
  return (
    <section className="page-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <div className="card-grid">
        {cards.map((card) => (
          <ServiceCard key={card.slug} card={card} sizes={sizes} />
        ))}
      </div>
      <p className="section-more">
        <Link to={localePath(locale, "/services")}>{more}</Link>
      </p>
    </section>
  );
}
