import { Link } from "react-router";
import type { Service } from "~/content/types";

/** A card linking to a service page, used on the home page and /services. */
export function ServiceCard({ service, title, headingLevel = 3 }: { service: Service; title: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="card">
      <img
        className="card__image"
        src={service.image.src}
        width={service.image.width}
        height={service.image.height}
        alt=""
        loading="lazy"
        decoding="async"
      />
      <div className="card__body">
        <Heading className="card__title">{title}</Heading>
        <p>{service.summary}</p>
        <Link className="card__link" to={`/${service.slug}`} prefetch="intent">
          Learn more<span className="visually-hidden"> about {title}</span>
        </Link>
      </div>
    </article>
  );
}
