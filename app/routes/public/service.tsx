import { data, Link } from "react-router";
import type { Route } from "./+types/service";
import { company } from "~/content/company";
import { getService } from "~/content/services";
import { PageBanner } from "~/components/page-banner";
import { pageMeta, pageTitle, publicUrlFrom } from "~/seo";

/** One module serves all ten service pages; the path names the service. */
export const handle = { pageCache: true, hydrate: false };

export function loader({ url }: Route.LoaderArgs) {
  // `url` is the page's URL; `request.url` of a client-side navigation ends in ".data".
  const slug = url.pathname.replace(/^\/+|\/+$/g, "").toLowerCase();
  const service = getService(slug);
  if (!service) throw data(null, { status: 404 });
  return { service };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const service = loaderData?.service;
  if (!service) return [];
  return pageMeta({
    title: pageTitle(`${service.title} in Houston, TX`),
    description: service.summary,
    path: `/${service.slug}`,
    publicUrl: publicUrlFrom(matches),
    image: service.image,
  });
};

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const { service } = loaderData;
  return (
    <>
      <PageBanner title={service.title} subtitle={service.summary} image={service.image} eyebrow="Our services" />
      <div className="page-section service">
        <div className="service__body">
          {service.body.map((paragraph) => (
            <p key={paragraph.slice(0, 40)}>{paragraph}</p>
          ))}
        </div>
        <aside className="service__aside" aria-labelledby="service-list-title">
          <h2 id="service-list-title">{service.listTitle}</h2>
          <ul className="check-list">
            {service.list.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <div className="service__cta">
            <p>Free estimates across Houston.</p>
            <Link className="button button--primary" to="/contact">
              Request a free estimate
            </Link>
            <a className="button button--secondary" href={company.phone.href}>
              Call {company.phone.display}
            </a>
          </div>
        </aside>
      </div>
    </>
  );
}
