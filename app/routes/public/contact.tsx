import { EstimateForm, estimateClientAction } from "~/components/estimate-form";
import { estimateAction, estimateHeaders } from "~/server/leads/estimate-action.server";
import type { Route } from "./+types/contact";
import { company } from "~/content/company";
import { PageBanner } from "~/components/page-banner";
import { ContactDetails } from "~/components/contact-details";
import { pageMeta, pageTitle, publicUrlFrom } from "~/seo";

export const handle = { pageCache: true };

export function action({ request, context }: Route.ActionArgs) {
  return estimateAction({ request, context, source: "/contact" });
}

export const clientAction = estimateClientAction;

/** Passes the action's Retry-After (429) on to the page a plain form post gets back. */
export const headers = estimateHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: pageTitle("Contact us for a Free Estimate"),
    description: `Call ${company.phone.display}, email ${company.email} or send the form to get a free remodeling estimate in Houston TX, USA.`,
    path: "/contact",
    publicUrl: publicUrlFrom(matches),
  });

export default function Contact({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageBanner title="Contact us" subtitle="Free estimates for homes and businesses in Houston" image={company.heroImage} />
      <section className="page-section contact" aria-labelledby="contact-intro">
        <h2 id="contact-intro">Fill the form or contact us via other channels listed below</h2>
        <p>
          Tell us about the room, the repair or the project you have in mind. We answer within one business
          day and set up a visit to measure and give you a written quote.
        </p>
        <div className="contact__layout">
          <EstimateForm actionData={actionData} />
          <ContactDetails />
        </div>
      </section>
    </>
  );
}
