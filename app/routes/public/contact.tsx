import { EstimateForm } from "~/components/estimate-form";
import { estimateAction, estimateHeaders } from "~/server/leads/estimate-action.server";
import type { Route } from "./+types/contact";
import { defaultArtwork } from "~/content/company";
import { PageBanner } from "~/components/page-banner";
import { ContactDetails } from "~/components/contact-details";
import { ServiceArea } from "~/components/service-area";
import { Faq } from "~/components/faq";
import { getServices } from "~/server/context.server";
import { pageMeta, pageTitle, publicUrlFrom } from "~/seo";
import { siteFrom, useSiteProfile } from "~/site-profile";

/** No framework in the browser: the estimate form is enhanced by its own small script (ADR 026). */
export const handle = { pageCache: true, hydrate: false };

export function action({ request, context }: Route.ActionArgs) {
  return estimateAction({ request, context, source: "/contact" });
}

/** Passes the action's Retry-After (429) on to the page a plain form post gets back. */
export const headers = estimateHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const services = getServices(context);
  const { texts } = await services.site.content();
  // The form states the size limit of one photo, and its script checks it.
  return { faq: texts.faq, uploadMaxMb: services.config.env.UPLOAD_MAX_MB };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFrom(matches);
  return pageMeta({
    title: pageTitle("Contact us for a Free Estimate", site),
    description: `Call ${site.phone}${site.publicEmail ? `, email ${site.publicEmail}` : ""} or send the form to get a free remodeling estimate in ${site.location}.`,
    path: "/contact",
    publicUrl: publicUrlFrom(matches),
    site,
  });
};

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const site = useSiteProfile();
  return (
    <>
      <PageBanner
        title="Contact us"
        subtitle={`Free estimates for homes and businesses in ${site.city}`}
        image={defaultArtwork.hero}
        compactOnPhone
      />
      <section id="estimate" className="page-section contact" aria-labelledby="contact-intro">
        <h2 id="contact-intro">Fill the form or contact us via other channels listed below</h2>
        <p>
          Tell us about the room, the repair or the project you have in mind. We answer within one business
          day and set up a visit to measure and give you a written quote.
        </p>
        <div className="contact__layout">
          <EstimateForm actionData={actionData} page="/contact" uploadMaxMb={loaderData.uploadMaxMb} />
          <div className="contact__aside">
            <ContactDetails showLinks />
            <ServiceArea headingLevel={3} />
          </div>
        </div>
      </section>
      <Faq items={loaderData.faq} />
    </>
  );
}
