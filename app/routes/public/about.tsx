import type { Route } from "./+types/about";
import { defaultArtwork } from "#app/content/company.ts";
import { PageBanner } from "#app/components/page-banner.tsx";
import { PhotoPicture } from "#app/components/photo-picture.tsx";
import { RichText } from "#app/components/rich-text.tsx";
import { Testimonials } from "#app/components/testimonials.tsx";
import { ServiceArea } from "#app/components/service-area.tsx";
import { Faq } from "#app/components/faq.tsx";
import { EstimateLink } from "#app/components/estimate-cta.tsx";
import { Credentials } from "#app/components/credentials.tsx";
import { getBackend } from "#app/server/context.server.ts";
import { useSiteProfile, siteMeta } from "#app/site-profile.ts";
import { localeOf } from "#app/i18n/locale.ts";
import { translator } from "#app/i18n/messages.ts";
import { useT } from "#app/i18n/react.ts";
import { localTexts } from "#app/i18n/site-texts.ts";
import { localeFrom } from "#app/seo.ts";
import type { StyleGroup } from "#app/styles/groups.ts";

export const handle = {
  pageCache: true,
  hydrate: false,
  styles: ["banner", "about", "trust", "trust-details", "testimonials", "service-area", "faq"] satisfies StyleGroup[],
};

/** How many testimonials the about page shows. */
const ABOUT_TESTIMONIALS = 6;

/** The story's second column (app.css `.about`): about 40% of the page from 60rem. */
const ABOUT_PHOTO_SIZES = "(min-width: 72rem) 440px, (min-width: 60rem) 40vw, 100vw";

export async function loader({ url, context }: Route.LoaderArgs) {
  const content = await getBackend(context).site.content();
  const { testimonials, photos } = content;
  // The page's language (ADR 064): the built-in texts in it, the owner's as they wrote them.
  const { texts, langs } = localTexts(localeOf(url.pathname), content.texts, content.profile, content.spanishTexts);
  return {
    about: texts.about,
    faq: texts.faq,
    langs: { heading: langs["about.heading"], body: langs["about.body"], values: langs["about.values"], faq: langs.faq },
    testimonials: testimonials.slice(0, ABOUT_TESTIMONIALS),
    photo: photos.about,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const photo = loaderData?.photo;
  const t = translator(localeFrom(matches));
  return siteMeta(matches, (site) => ({
    title: t("pages.about.metaTitle"),
    description: t("pages.about.metaDescription", {
      name: site.name,
      city: site.city,
      years: site.yearsInBusiness !== null && site.yearsInBusiness > 0 ? site.yearsInBusiness : 0,
    }),
    path: "/about",
    photo,
  }));
};

export default function About({ loaderData }: Route.ComponentProps) {
  const { about, faq, langs, testimonials, photo } = loaderData;
  const site = useSiteProfile();
  const t = useT();
  const drawing = defaultArtwork.about;
  const experience =
    site.yearsInBusiness !== null && site.yearsInBusiness > 0 ? t("pages.experience", { years: site.yearsInBusiness }) : null;
  return (
    <>
      <PageBanner title={about.heading} titleLang={langs.heading} subtitle={[site.location, experience].filter(Boolean).join(" · ")} />
      <section className="page-section about" aria-label={t("pages.about.story")}>
        <RichText source={about.body} className="about__story" lang={langs.body} />
        {photo ? (
          <PhotoPicture photo={photo} sizes={ABOUT_PHOTO_SIZES} className="about__image about__image--photo" />
        ) : (
          <img
            className="about__image"
            src={drawing.src}
            width={drawing.width}
            height={drawing.height}
            alt={t("pages.about.drawingAlt")}
            loading="lazy"
            decoding="async"
          />
        )}
      </section>
      <Credentials profile={site} />
      {about.values.length > 0 ? (
        <section className="page-section" aria-labelledby="values-title">
          <h2 id="values-title">{t("pages.about.values")}</h2>
          <ul className="values" lang={langs.values}>
            {about.values.map((value) => (
              <li key={value.title}>
                <h3>{value.title}</h3>
                <RichText source={value.body} />
              </li>
            ))}
          </ul>
          <p className="section-more">
            <EstimateLink />
          </p>
        </section>
      ) : (
        <p className="page-section">
          <EstimateLink />
        </p>
      )}
      <Testimonials testimonials={testimonials} />
      <div className="page-section">
        <ServiceArea />
      </div>
      <Faq items={faq} lang={langs.faq} />
    </>
  );
}
