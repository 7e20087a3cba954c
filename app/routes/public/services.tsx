import { Link } from "react-router";
import type { Route } from "./+types/services";
import { services } from "#app/content/services.ts";
import { featuredCards } from "#app/content/featured.ts";
import type { GalleryPhoto } from "#app/schemas/photo-view.ts";
import { PageBanner } from "#app/components/page-banner.tsx";
import { ServiceCard } from "#app/components/service-card.tsx";
import { getBackend } from "#app/server/context.server.ts";
import { siteMeta } from "#app/site-profile.ts";
import { EstimateCallToAction } from "#app/components/estimate-cta.tsx";
import { LangText } from "#app/components/lang-text.tsx";
import { localeOf } from "#app/i18n/locale.ts";
import { translate, translator } from "#app/i18n/messages.ts";
import { useLocalePath, useT } from "#app/i18n/react.ts";
import { serviceNameKey } from "#app/i18n/service-names.ts";
import { localCards, localTexts } from "#app/i18n/site-texts.ts";
import { localeFrom } from "#app/seo.ts";
import type { StyleGroup } from "#app/styles/groups.ts";

export const handle = { pageCache: true, hydrate: false, styles: ["banner", "cards"] satisfies StyleGroup[] };

export async function loader({ url, context }: Route.LoaderArgs) {
  const backend = getBackend(context);
  const content = await backend.site.content();
  const { profile } = content;
  const locale = localeOf(url.pathname);
  const { texts, langs } = localTexts(locale, content.texts, profile, content.spanishTexts);
  const featured = profile.featuredServices;
  let showcase = new Map<string, GalleryPhoto>();
  try {
    showcase = await backend.gallery.showcasePhotos(featured);
  } catch (error) {
    // The tiles show their drawings.
    backend.logger.error("service tile photos could not be read", { error });
  }
  return {
    tiles: localCards(locale, featuredCards(featured, undefined, showcase), texts, langs),
    others: services
      .filter((s) => !featured.includes(s.slug))
      .map((s) => ({
        slug: s.slug,
        title: translate(locale, serviceNameKey(s.slug)),
        summary: texts.services[s.slug].summary,
        lang: langs[`service.${s.slug}.summary`] ?? null,
      })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  siteMeta(matches, (site) => {
    const t = translator(localeFrom(matches));
    return {
      title: t("pages.services.metaTitle", { city: site.city }),
      description: t("pages.services.metaDescription", { name: site.name, city: site.city }),
      path: "/services",
    };
  });

export default function Services({ loaderData }: Route.ComponentProps) {
  const { tiles, others } = loaderData;
  const t = useT();
  const path = useLocalePath();
  return (
    <>
      <PageBanner title={t("pages.services.title")} subtitle={t("pages.services.subtitle")} />
      <section className="page-section" aria-labelledby="featured-title">
        <h2 id="featured-title" className="visually-hidden">
          {t("pages.services.featured")}
        </h2>
        <div className="card-grid">
          {tiles.map((card, index) => (
            <ServiceCard key={card.slug} card={card} priority={index === 0} />
          ))}
        </div>
      </section>
      <section className="page-section" aria-labelledby="more-title">
        <h2 id="more-title">{t("pages.services.more")}</h2>
        <ul className="service-list">
          {others.map((service) => (
            <li key={service.slug}>
              <Link to={path(`/${service.slug}`)} prefetch="intent">
                {service.title}
              </Link>
              <span>
                {" — "}
                <LangText lang={service.lang}>{service.summary}</LangText>
              </span>
            </li>
          ))}
        </ul>
      </section>
      <EstimateCallToAction />
    </>
  );
}
