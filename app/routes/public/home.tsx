import { Link } from "react-router";
import { EstimateForm, estimateClientAction } from "~/components/estimate-form";
import { estimateAction, estimateHeaders } from "~/server/leads/estimate-action.server";
import type { Route } from "./+types/home";
import { company } from "~/content/company";
import { featuredCards } from "~/content/featured";
import { ServiceCard } from "~/components/service-card";
import { ContactDetails } from "~/components/contact-details";
import { pageMeta, publicUrlFrom } from "~/seo";
import { businessJsonLd } from "~/structured-data";
import { getServices } from "~/server/context.server";

export const handle = { pageCache: true };

export function loader({ context }: Route.LoaderArgs) {
  return {
    cards: featuredCards("cardTitle"),
    jsonLd: businessJsonLd(getServices(context).config.publicUrl),
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return estimateAction({ request, context, source: "/" });
}

export const clientAction = estimateClientAction;

/** Passes the action's Retry-After (429) on to the page a plain form post gets back. */
export const headers = estimateHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const publicUrl = publicUrlFrom(matches);
  return [
    ...pageMeta({
      title: `${company.name} | Home Repair & Remodeling in Houston, TX`,
      description: `${company.slogan} Kitchens, bathrooms, floors, tile, fences and repairs in Houston, with ${company.experienceClaim}. Request a free estimate.`,
      path: "/",
      publicUrl,
    }),
    ...(loaderData ? [{ "script:ld+json": loaderData.jsonLd }] : []),
  ];
};

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const hero = company.heroImage;
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__text">
          <h1 id="hero-title">{company.name}</h1>
          <p className="hero__slogan">{company.slogan}</p>
          <p className="hero__lead">
            Home repair and remodeling in {company.address.locality} with {company.experienceClaim}, for
            homeowners and businesses alike.
          </p>
          <div className="hero__actions">
            <a className="button button--primary" href="#estimate">
              Get a free estimate
            </a>
            <a className="button button--ghost" href={company.phone.href}>
              Call {company.phone.display}
            </a>
          </div>
        </div>
        <img
          className="hero__image"
          src={hero.src}
          width={hero.width}
          height={hero.height}
          alt={hero.alt}
          fetchPriority="high"
          decoding="async"
        />
      </section>

      <section id="estimate" className="page-section estimate" aria-labelledby="estimate-title">
        <div className="estimate__intro">
          <h2 id="estimate-title">Request For a Free Estimate</h2>
          <p>
            Tell us what you have in mind and we will set up a visit to measure, talk through options and
            give you a written quote, free and with no obligation.
          </p>
          <ContactDetails headingLevel={3} />
        </div>
        <EstimateForm actionData={actionData} />
      </section>

      <section className="page-section" aria-labelledby="services-title">
        <h2 id="services-title">General Remodeling Services</h2>
        <div className="card-grid">
          {loaderData.cards.map((card) => (
            <ServiceCard key={card.slug} card={card} />
          ))}
        </div>
        <p className="section-more">
          <Link to="/services">See all our services</Link>
        </p>
      </section>
    </>
  );
}
