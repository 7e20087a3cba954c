import type { LeadStatus } from "~/schemas/lead";
import { Fact } from "./fact";
import { StatusBadge } from "./status-badge";

/** An estimate request as its admin page shows it (made by `server/leads/desk.server.ts`). */
export interface LeadDetailsView {
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
}

/** A request's details: who sent it, how to reach them, when and from where, and the message. */
export function LeadDetails({
  lead,
  account,
}: {
  lead: LeadDetailsView;
  /** The account that sent it, if it still exists. */
  account: { name: string; email: string } | null;
}) {
  return (
    <section className="admin-section" aria-labelledby="lead-details">
      <h2 id="lead-details">Details</h2>
      <dl className="admin-facts admin-facts--wide">
        <Fact term="Name">{lead.name}</Fact>
        <Fact term="Email">
          <a href={`mailto:${lead.email}`} className="admin-break">
            {lead.email}
          </a>
        </Fact>
        <Fact term="Phone">
          <a href={lead.telHref}>{lead.phone}</a>
        </Fact>
        <Fact term="Subject">{lead.subject}</Fact>
        <Fact term="Received">
          <time dateTime={lead.receivedIso}>{lead.received}</time>
        </Fact>
        <Fact term="Sent from">
          {lead.source.startsWith("/") ? (
            <a href={lead.source} className="admin-break">
              {lead.source}
            </a>
          ) : (
            lead.source
          )}
        </Fact>
        <Fact term="Status">
          <StatusBadge status={lead.status} />
        </Fact>
        {lead.spamReason ? <Fact term="Spam check">Flagged as spam: {lead.spamReason}</Fact> : null}
        {lead.reviewReason ? <Fact term="Spam check">Needs review: {lead.reviewReason}</Fact> : null}
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
      <h3>Message</h3>
      {lead.message.trim() === "" ? (
        <p className="admin-muted">(no message)</p>
      ) : (
        <p className="admin-message">{lead.message}</p>
      )}
    </section>
  );
}
