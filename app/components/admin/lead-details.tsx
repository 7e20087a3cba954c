import type { LeadStatus } from "#app/schemas/lead.ts";
import { Fact } from "#app/components/admin/fact.tsx";
import { StatusBadge } from "#app/components/admin/status-badge.tsx";
import type { ContactLinks } from "#app/schemas/contact-links.ts";

/** An estimate request as its admin page shows it (made by `server/leads/desk.server.ts`). */
interface LeadDetailsView {
  /** The short reference the homeowner was given (leadReference). */
  reference: string;
  name: string;
  email: string;
  phone: string;
  telHref: string;
  subject: string;
  message: string;
  source: string;
  received: string;
  receivedIso: string;
  status: LeadStatus;
  spamReason: string | null;
  /** Why the spam checks doubted it (it was stored as "Needs review" and emailed), if they did. */
  reviewReason: string | null;
  /** Sent while signed in (the account may since have been deleted). */
  hadAccount: boolean;
  /** The optional details the form asks; null when not given. */
  zip: string | null;
  /** "in your service area" / "outside your service area"; null when unknown. */
  serviceArea: string | null;
  streetAddress: string | null;
  /** In words ("A text message"). */
  contactMethod: string | null;
  bestTime: string | null;
  /** Where the visit came from, in one label ("google / cpc", "nextdoor.com", "Direct or unknown"). */
  sourceLabel: string;
  landingPage: string | null;
  referrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

const NOT_GIVEN = <span className="admin-muted">Not given</span>;

/**
 * A request's details: who sent it and how to reach them (the email prefilled with a subject, the
 * address with directions), the job, the message; then, collapsed, where the visit came from and
 * the account, which matter for the books more than for the first call (ADR 057).
 */
export function LeadDetails({
  lead,
  account,
  links,
}: {
  lead: LeadDetailsView;
  /** The account that sent it, if it still exists. */
  account: { name: string; email: string } | null;
  links: Pick<ContactLinks, "mailto" | "directions">;
}) {
  return (
    <section className="admin-section" aria-labelledby="lead-details">
      <h2 id="lead-details">Details</h2>
      <dl className="admin-facts admin-facts--compact">
        <Fact term="Name">{lead.name}</Fact>
        <Fact term="Phone">
          <a href={lead.telHref}>{lead.phone}</a>
        </Fact>
        <Fact term="Email">
          <a href={links.mailto} className="admin-break">
            {lead.email}
          </a>
        </Fact>
        <Fact term="Address">
          {lead.streetAddress ?? NOT_GIVEN}
          {links.directions ? (
            <>
              {" "}
              <a href={links.directions} target="_blank" rel="noopener noreferrer" className="admin-nowrap">
                Directions
                <span className="visually-hidden"> to {lead.name} (opens a map in a new tab)</span>
              </a>
            </>
          ) : null}
        </Fact>
        <Fact term="ZIP code">
          {lead.zip ? (
            <>
              {lead.zip}
              {lead.serviceArea ? ` (${lead.serviceArea})` : null}
            </>
          ) : (
            NOT_GIVEN
          )}
        </Fact>
        <Fact term="Contact by">{lead.contactMethod ?? NOT_GIVEN}</Fact>
        <Fact term="Best time">{lead.bestTime ?? NOT_GIVEN}</Fact>
        <Fact term="Subject">{lead.subject}</Fact>
        <Fact term="Received">
          <time dateTime={lead.receivedIso}>{lead.received}</time>
        </Fact>
        <Fact term="Status">
          <StatusBadge status={lead.status} />
        </Fact>
        {lead.spamReason ? <Fact term="Spam check">Flagged as spam: {lead.spamReason}</Fact> : null}
        {lead.reviewReason ? <Fact term="Spam check">Needs review: {lead.reviewReason}</Fact> : null}
      </dl>
      <h3>Message</h3>
      {lead.message.trim() === "" ? <p className="admin-muted">(no message)</p> : <p className="admin-message">{lead.message}</p>}
      <details className="admin-more">
        <summary>Where it came from, and the account</summary>
        <LeadOrigin lead={lead} account={account} />
      </details>
    </section>
  );
}

/** Where the visit came from and who was signed in: the request's technical details. */
function LeadOrigin({ lead, account }: { lead: LeadDetailsView; account: { name: string; email: string } | null }) {
  return (
    <dl className="admin-facts admin-facts--compact">
      <Fact term="Sent from">
        {lead.source.startsWith("/") ? (
          <a href={lead.source} className="admin-break">
            {lead.source}
          </a>
        ) : (
          lead.source
        )}
      </Fact>
      <Fact term="Came from">{lead.sourceLabel}</Fact>
      {/* Visitor-supplied text, shown as text (never a link): a referrer can name any site. */}
      {lead.landingPage ? (
        <Fact term="Landing page" className="admin-break">
          {lead.landingPage}
        </Fact>
      ) : null}
      {lead.referrer ? (
        <Fact term="Referring site" className="admin-break">
          {lead.referrer}
        </Fact>
      ) : null}
      {lead.utmSource ? <Fact term="utm_source">{lead.utmSource}</Fact> : null}
      {lead.utmMedium ? <Fact term="utm_medium">{lead.utmMedium}</Fact> : null}
      {lead.utmCampaign ? <Fact term="utm_campaign">{lead.utmCampaign}</Fact> : null}
      <Fact term="Account">
        {account ? (
          <>
            Sent while signed in as {account.name} (<span className="admin-break">{account.email}</span>)
          </>
        ) : lead.hadAccount ? (
          "Sent while signed in, by an account that has since been deleted"
        ) : (
          "Sent without signing in"
        )}
      </Fact>
    </dl>
  );
}
