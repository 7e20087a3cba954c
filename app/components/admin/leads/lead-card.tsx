import { Link } from "react-router";
import type { LeadStatus } from "#app/schemas/lead.ts";
import type { ContactLinks, Waiting } from "#app/schemas/contact-links.ts";
import { LeadActions, WaitingMark } from "#app/components/admin/lead-actions.tsx";
import { PrefersSpanishBadge, StatusBadge } from "#app/components/admin/status-badge.tsx";

/** One request as the inbox lists it. */
interface InboxLead {
  id: string;
  /** The short reference the homeowner was given (leadReference). */
  reference: string;
  /** Sent from the Spanish site: their emails are in Spanish. */
  prefersSpanish: boolean;
  name: string;
  email: string;
  phone: string;
  subject: string;
  snippet: string;
  status: LeadStatus;
  received: string;
  receivedIso: string;
  zip: string | null;
  streetAddress: string | null;
  serviceArea: string | null;
  sourceLabel: string;
  photoCount: number;
  waiting: Waiting | null;
  links: ContactLinks;
}

/**
 * A request in the inbox: subject and status, who, the start of the message, one-tap actions, the
 * facts (among them what a search also finds: the reference, the street and the ZIP code).
 */
export function LeadCard({ lead }: { lead: InboxLead }) {
  return (
    <li className={`admin-card admin-lead${lead.waiting?.overdue ? " admin-lead--overdue" : ""}`}>
      <div className="admin-lead__head">
        <Link to={`/admin/leads/${lead.id}`} className="admin-card__title">
          {lead.subject}
        </Link>
        <StatusBadge status={lead.status} />
        {lead.prefersSpanish ? <PrefersSpanishBadge compact /> : null}
      </div>
      <p className="admin-lead__who">
        {lead.name} · <span className="admin-break">{lead.email}</span> · <span className="admin-nowrap">{lead.phone}</span>
      </p>
      {lead.snippet ? <p className="admin-lead__snippet">{lead.snippet}</p> : null}
      <LeadActions links={lead.links} name={lead.name} />
      <p className="admin-card__meta">
        Ref. <span className="admin-reference">{lead.reference}</span> · Received <time dateTime={lead.receivedIso}>{lead.received}</time>
        {lead.waiting ? (
          <>
            {" "}
            · <WaitingMark waiting={lead.waiting} />
          </>
        ) : null}
        {lead.streetAddress ? (
          <>
            {" "}
            · <span className="admin-break">{lead.streetAddress}</span>
          </>
        ) : null}
        {lead.zip ? (
          <>
            {" "}
            · ZIP <span className="admin-nowrap">{lead.zip}</span>
            {lead.serviceArea ? ` (${lead.serviceArea})` : null}
          </>
        ) : null}{" "}
        · {lead.photoCount === 1 ? "1 photo" : `${lead.photoCount} photos`} · Source:{" "}
        <span className="admin-break">{lead.sourceLabel}</span>
      </p>
    </li>
  );
}
