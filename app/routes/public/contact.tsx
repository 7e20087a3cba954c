import { EstimateForm } from "#app/components/estimate-form.tsx";
import { estimateAction, estimateHeaders } from "#app/server/leads/estimate-action.server.ts";
import type { Route } from "./+types/contact";
import { defaultArtwork } from "#app/content/company.ts";
import { PageBanner } from "#app/components/page-banner.tsx";
import { PhotoPicture } from "#app/components/photo-picture.tsx";
import { chosenService } from "#app/schemas/estimate-paths.ts";
import { ContactDetails } from "#app/components/contact-details.tsx";
import { ServiceArea } from "#app/components/service-area.tsx";
import { Faq } from "#app/components/faq.tsx";
import { TrustStrip } from "#app/components/trust-strip.tsx";
import { FinancingLink } from "#app/components/typical-price.tsx";
import { getBackend } from "#app/server/context.server.ts";
import { useSiteProfile, siteMeta } from "#app/site-profile.ts";
import { localeOf } from "#app/i18n/locale.ts";
import { translate } from "#app/i18n/messages.ts";
import { useLocale, useT } from "#app/i18n/react.ts";
import { localTexts, ownLine } from "#app/i18n/site-texts.ts";
import type { StyleGroup } from "#app/styles/groups.ts";

/** No framework in the browser: the estimate form is enhanced by its own small script (ADR 026). */
export const handle = {
  pageCache: true,
  hydrate: false,
  styles: ["banner", "contact", "estimate", "trust", "trust-details", "service-area", "faq"] satisfies StyleGroup[],
};

export function action({ request, context }: Route.ActionArgs) {
  // The page's own address, English or Spanish: its language is the homeowner's (ADR 064).
  return estimateAction({ request, context, source: "/contact" });
}

/** Passes the action's Retry-After (429) on to the page a plain form post gets back. */
export const headers = estimateHeaders;

export async function loader({ url, context }: Route.LoaderArgs) {
  const backend = getBackend(context);
  const content = await backend.site.content();
  const { photos } = content;
  return {
    // The questions and answers in the page's language (the owner's Spanish, the defaults' or their English).
    faq: localTexts(localeOf(url.pathname), content.texts, content.profile, content.spanishTexts).texts.faq,
    // The form states the size limit of one photo, and its script checks it.
    uploadMaxMb: backend.config.env.UPLOAD_MAX_MB,
    // A service page's button opens the form with its service chosen (ADR 060).
    service: chosenService(url),
    photo: photos.contact,
  };
}

/** The banner's photo column (app.css `.banner--with-image`) from 48rem; a small round photo on a phone. */
const CONTACT_PHOTO_SIZES = "(min-width: 72rem) 520px, (min-width: 48rem) 45vw, 96px";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const locale = localeOf(location.pathname);
  return siteMeta(matches, (site) => ({
    title: translate(locale, "contact.meta.title"),
    description: site.publicEmail
      ? translate(locale, "contact.meta.descriptionEmail", { phone: site.phone, email: site.publicEmail, location: site.location })
      : translate(locale, "contact.meta.description", { phone: site.phone, location: site.location }),
    path: "/contact",
  }));
};

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const site = useSiteProfile();
  const t = useT();
  const locale = useLocale();
  const financing = ownLine(locale, site, "financingLabel");
  return (
    <>
      <PageBanner
        title={t("contact.title")}
        subtitle={t("contact.subtitle", { city: site.city })}
        image={{ ...defaultArtwork.contact, alt: t("pages.home.heroAlt") }}
        media={
          loaderData.photo ? (
            <PhotoPicture
              photo={loaderData.photo}
              sizes={CONTACT_PHOTO_SIZES}
              className="banner__image banner__image--contact"
              priority="high"
            />
          ) : undefined
        }
        compactOnPhone
      />
      {/* The proof where the decision is made, just above the form (ADR 061). */}
      <TrustStrip />
      <section id="estimate" className="page-section contact" aria-labelledby="contact-intro">
        <h2 id="contact-intro">{t("contact.intro.title")}</h2>
        <p>{t("contact.intro.text")}</p>
        <div className="contact__layout">
          <EstimateForm actionData={actionData} page="/contact" uploadMaxMb={loaderData.uploadMaxMb} service={loaderData.service} />
          <div className="contact__aside">
            <ContactDetails showLinks />
            <FinancingLink href={site.financingLink} label={financing.text} lang={financing.lang ?? null} />
            <ServiceArea headingLevel={3} />
          </div>
        </div>
      </section>
      <Faq items={loaderData.faq} />
    </>
  );
}
