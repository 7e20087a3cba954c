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

export const handle = { pageCache: true, hydrate: false };

/** How many testimonials the about page shows. */
const ABOUT_TESTIMONIALS = 6;

/** The story's second column (app.css `.about`): about 40% of the page from 60rem. */
const ABOUT_PHOTO_SIZES = "(min-width: 72rem) 440px, (min-width: 60rem) 40vw, 100vw";

export async function loader({ context }: Route.LoaderArgs) {
  const { texts, testimonials, photos } = await getBackend(context).site.content();
  return {
    about: texts.about,
    faq: texts.faq,
    testimonials: testimonials.slice(0, ABOUT_TESTIMONIALS),
    photo: photos.about,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const photo = loaderData?.photo;
  return siteMeta(matches, (site) => ({
    title: "About us",
    description: `${site.name} is a ${site.city} home repair and remodeling contractor${site.experienceClaim ? ` with ${site.experienceClaim}` : ""}, working for homeowners and businesses.`,
    path: "/about",
    photo,
  }));
};

export default function About({ loaderData }: Route.ComponentProps) {
  const { about, faq, testimonials, photo } = loaderData;
  const site = useSiteProfile();
  const drawing = defaultArtwork.about;
  return (
    <>
      <PageBanner title={about.heading} subtitle={[site.location, site.experienceClaim].filter(Boolean).join(" · ")} />
      <section className="page-section about" aria-label="Our story">
        <RichText source={about.body} className="about__story" />
        {photo ? (
          <PhotoPicture photo={photo} sizes={ABOUT_PHOTO_SIZES} className="about__image about__image--photo" />
        ) : (
          <img
            className="about__image"
            src={drawing.src}
            width={drawing.width}
            height={drawing.height}
            alt={drawing.alt}
            loading="lazy"
            decoding="async"
          />
        )}
      </section>
      <Credentials profile={site} />
      {about.values.length > 0 ? (
        <section className="page-section" aria-labelledby="values-title">
          <h2 id="values-title">How we work</h2>
          <ul className="values">
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
      <Faq items={faq} />
    </>
  );
}
