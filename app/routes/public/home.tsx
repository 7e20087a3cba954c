import { Link } from "react-router";
import { EstimateForm } from "#app/components/estimate-form.tsx";
import { estimateAction, estimateHeaders } from "#app/server/leads/estimate-action.server.ts";
import type { Route } from "./+types/home";
import { defaultArtwork, defaultProfile } from "#app/content/company.ts";
import { featuredCards } from "#app/content/featured.ts";
import { chosenService } from "#app/schemas/estimate-paths.ts";
import type { GalleryPhoto } from "#app/schemas/photo-view.ts";
import { plainText } from "#app/content/markdown.ts";
import { homePromise } from "#app/content/home-promise.ts";
import { ROW_CARD_SIZES, ServiceCardsSection } from "#app/components/service-card.tsx";
import { ContactDetails } from "#app/components/contact-details.tsx";
import { PhotoPicture } from "#app/components/photo-picture.tsx";
import { PhotoGallery } from "#app/components/photo-gallery.tsx";
import { ProjectCards, ROW_PROJECT_CARD_SIZES } from "#app/components/project-card.tsx";
import type { ProjectSummary } from "#app/schemas/project-view.ts";
import { RichText } from "#app/components/rich-text.tsx";
import { ServiceArea } from "#app/components/service-area.tsx";
import { Testimonials } from "#app/components/testimonials.tsx";
import { TrustStrip } from "#app/components/trust-strip.tsx";
import { pageMeta, localeFrom, publicUrlFrom, shareImageFrom } from "#app/seo.ts";
import { siteFrom, useSiteProfile } from "#app/site-profile.ts";
import { businessJsonLd } from "#app/structured-data.ts";
import { getBackend } from "#app/server/context.server.ts";
import { LangText } from "#app/components/lang-text.tsx";
import { localeOf } from "#app/i18n/locale.ts";
import { translator } from "#app/i18n/messages.ts";
import { useLocale, useLocalePath, useT } from "#app/i18n/react.ts";
import { localCards, localSlogan, localTexts } from "#app/i18n/site-texts.ts";
import { stylesIf, type RouteStyles, type StyleGroup } from "#app/styles/groups.ts";
import { LateStylesheet } from "#app/components/late-stylesheet.tsx";

/**
 * The stylesheet's groups of what shows below the first screen (ADR 065): the form, the service
 * cards, the projects, the reviews, the photos, the service area, the footer and the call bar. They come in a
 * file linked before the form, cached for every later page; the first screen (the header, the
 * hero, the trust strip) paints from the inline CSS. The photos', reviews' and projects' only when
 * the page shows them.
 */
function belowTheFold(data: unknown): StyleGroup[] {
  const page = data as Partial<Awaited<ReturnType<typeof loader>>> | undefined;
  return [
    "estimate",
    "cards",
    "service-area",
    "home-rows",
    "frame-late",
    ...stylesIf(page?.testimonials, "testimonials"),
    ...stylesIf(page?.recent, "gallery"),
    ...stylesIf(page?.projects, "projects"),
  ];
}

/** No framework in the browser: the estimate form is enhanced by its own small script (ADR 026). */
export const handle = {
  pageCache: true,
  hydrate: false,
  // The stylesheet's parts this page uses (ADR 065): the hero's and the trust strip's inline.
  styles: ((data) => ["home", "trust", ...belowTheFold(data)]) satisfies RouteStyles,
  lateStyles: belowTheFold satisfies RouteStyles,
};

/** How many testimonials and recent photos the home page shows. */
const HOME_TESTIMONIALS = 3;
const RECENT_PHOTOS = 6;
/** The latest projects on the home page (ADR 039). */
const RECENT_PROJECTS = 3;

/** The hero's photo (app.css `.hero`): the screen's width on a phone, its right 55% from 60rem. */
const HERO_SIZES = "(min-width: 60rem) 55vw, 100vw";

export async function loader({ url, context }: Route.LoaderArgs) {
  const backend = getBackend(context);
  const content = await backend.site.content();
  // The page's language (ADR 064): the built-in texts in it, the owner's as they wrote them.
  const locale = localeOf(url.pathname);
  const { texts, langs } = localTexts(locale, content.texts, content.profile, content.spanishTexts);
  const featured = content.profile.featuredServices;
  let showcase = new Map<string, GalleryPhoto>();
  try {
    showcase = await backend.gallery.showcasePhotos(featured);
  } catch (error) {
    // The cards show their drawings.
    backend.logger.error("service card photos could not be read", { error });
  }
  let recent: Awaited<ReturnType<typeof backend.gallery.recentPhotos>> = [];
  try {
    recent = await backend.gallery.recentPhotos(RECENT_PHOTOS);
  } catch (error) {
    // The home page is useful without its strip of photos.
    backend.logger.error("recent photos could not be read", { error });
  }
  let projects: ProjectSummary[] = [];
  try {
    projects = (await backend.projectPages.latest({ limit: RECENT_PROJECTS })).projects;
  } catch (error) {
    backend.logger.error("recent projects could not be read", { error });
  }
  const hero = content.photos.hero;
  return {
    // The form states the size limit of one photo, and its script checks it.
    uploadMaxMb: backend.config.env.UPLOAD_MAX_MB,
    headline: texts.home.headline,
    intro: texts.home.intro,
    langs: { headline: langs["home.headline"], intro: langs["home.intro"] },
    heroPhoto: hero,
    cards: localCards(locale, featuredCards(featured, undefined, showcase), texts, langs),
    // `/?service=kitchen` opens the form with that service chosen (ADR 060).
    service: chosenService(url),
    testimonials: content.testimonials.slice(0, HOME_TESTIMONIALS),
    recent,
    projects,
    jsonLd: businessJsonLd({
      publicUrl: backend.config.publicUrl,
      profile: content.profile,
      heroImageUrl: hero?.master.url ?? null,
    }),
  };
}

export function action({ request, context }: Route.ActionArgs) {
  // The page's own address, English or Spanish: its language is the homeowner's (ADR 064).
  return estimateAction({ request, context, source: "/" });
}

/** Passes the action's Retry-After (429) on to the page a plain form post gets back. */
export const headers = estimateHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteFrom(matches);
  const locale = localeFrom(matches);
  const t = translator(locale);
  const hero = loaderData?.heroPhoto;
  const intro = loaderData ? plainText(loaderData.intro) : "";
  const slogan = localSlogan(locale, site, defaultProfile.slogan).text;
  return [
    ...pageMeta({
      title: t("pages.home.metaTitle", { name: site.name, city: site.city, region: site.region }),
      description: [slogan, intro, t("pages.home.metaRequest")].filter(Boolean).join(" "),
      path: "/",
      locale,
      publicUrl: publicUrlFrom(matches),
      site,
      photo: hero,
      shareImage: shareImageFrom(matches),
    }),
    ...(loaderData ? [{ "script:ld+json": loaderData.jsonLd }] : []),
  ];
};

/** The hero: the contractor's work (or the drawing), the promise, the headline and the two ways to an estimate. */
function Hero({ data }: { data: Route.ComponentProps["loaderData"] }) {
  const { headline, intro, langs, heroPhoto } = data;
  const site = useSiteProfile();
  const locale = useLocale();
  const t = useT();
  const slogan = localSlogan(locale, site, defaultProfile.slogan);
  // The contractor's work leads: the photo comes first (full width on a phone), the words follow.
  return (
    <section className={heroPhoto ? "hero hero--photo" : "hero hero--drawing"} aria-labelledby="hero-title">
      <div className="hero__media">
        {heroPhoto ? (
          <PhotoPicture photo={heroPhoto} sizes={HERO_SIZES} className="hero__image" priority="high" />
        ) : (
          <img
            className="hero__image"
            src={defaultArtwork.hero.src}
            width={defaultArtwork.hero.width}
            height={defaultArtwork.hero.height}
            alt={t("pages.home.heroAlt")}
            fetchPriority="high"
            decoding="async"
          />
        )}
      </div>
      <div className="hero__text">
        <p className="hero__promise">{homePromise(site, locale)}</p>
        <h1 id="hero-title">
          <LangText lang={langs.headline}>{headline}</LangText>
        </h1>
        {slogan.text ? (
          <p className="hero__slogan">
            <LangText lang={slogan.lang}>{slogan.text}</LangText>
          </p>
        ) : null}
        <RichText source={intro} className="hero__lead" lang={langs.intro} />
        <div className="hero__actions">
          <a className="button button--primary" href="#estimate">
            {t("pages.home.heroButton")}
          </a>
          <a className="button button--ghost hero__call" href={site.phoneHref}>
            {t("pages.cta.call", { phone: site.phone })}
          </a>
        </div>
      </div>
    </section>
  );
}

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const { testimonials, recent, projects, cards } = loaderData;
  const t = useT();
  const path = useLocalePath();
  return (
    <>
      <Hero data={loaderData} />

      {/* What makes the business safe to hire, in the first screen: only what the owner entered. */}
      <TrustStrip band />

      {/* What follows, below the first screen, is styled by a cached file (ADR 065). */}
      <LateStylesheet groups={belowTheFold(loaderData)} />

      {/* The heading, one sentence, then the form: a tap on the hero's button lands on its first field. */}
      <section id="estimate" className="page-section estimate" aria-labelledby="estimate-title">
        <div className="estimate__intro">
          <h2 id="estimate-title">{t("pages.home.estimateTitle")}</h2>
          <p>{t("pages.home.estimateIntro")}</p>
        </div>
        <EstimateForm actionData={actionData} page="/" uploadMaxMb={loaderData.uploadMaxMb} service={loaderData.service} />
        <div className="estimate__aside">
          <ContactDetails headingLevel={3} />
        </div>
      </section>

      {/* On a phone the cards and projects are rows to swipe; from 40rem they are grids. */}
      <div className="home-row home-services">
        <ServiceCardsSection
          titleId="services-title"
          title={t("pages.home.servicesTitle")}
          cards={cards}
          more={t("pages.home.servicesMore")}
          sizes={ROW_CARD_SIZES}
        />
      </div>

      {projects.length > 0 ? (
        <section className="page-section recent-projects home-row" aria-labelledby="recent-projects-title">
          <h2 id="recent-projects-title">{t("pages.home.projectsTitle")}</h2>
          <ProjectCards projects={projects} sizes={ROW_PROJECT_CARD_SIZES} />
          <p className="section-more">
            <Link to={path("/projects")}>{t("pages.home.projectsMore")}</Link>
          </p>
        </section>
      ) : null}

      {testimonials.length > 0 ? (
        // On a phone the reviews are a row to swipe. Their quotes hold no link to tab to, so the
        // row itself takes the keyboard's focus: arrow keys then scroll it (app.css "Home page";
        // axe's scrollable-region-focusable). A group named by the reviews' heading, as axe advises.
        // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex, jsx-a11y/prefer-tag-over-role
        <div className="home-reviews" tabIndex={0} role="group" aria-labelledby="testimonials-title">
          <Testimonials testimonials={testimonials} />
        </div>
      ) : null}

      {recent.length > 0 ? (
        <section className="page-section recent-work" aria-labelledby="recent-work-title">
          <h2 id="recent-work-title">{t("pages.home.recentTitle")}</h2>
          <PhotoGallery id="recent-work" photos={recent} labelledBy="recent-work-title" />
          <p className="section-more">
            <Link to={path("/gallery")}>{t("pages.home.recentMore")}</Link>
          </p>
        </section>
      ) : null}

      <div className="page-section">
        <ServiceArea compact />
      </div>
    </>
  );
}
