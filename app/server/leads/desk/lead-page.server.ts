/** One request as its admin page shows it: the request, the account that sent it, its emails and its notes (ADR 031). */
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import { isUuid } from "#app/server/forms.server.ts";
import { getLead, type Lead } from "#app/server/repos/leads.server.ts";
import { LEAD_NOTE_MAX_LENGTH, listLeadNotes } from "#app/server/repos/lead-notes.server.ts";
import { getUserById } from "#app/server/repos/users.server.ts";
import { contactLinks, leadWaiting, telHref } from "#app/schemas/contact-links.ts";
import { listLeadEmails } from "#app/server/mail/jobs.server.ts";
import type { SiteClock } from "#app/server/time.server.ts";
import { leadSourceLabel } from "#app/schemas/lead-source.ts";
import { leadReference } from "#app/schemas/lead.ts";
import { contactFields, contactMethodLabel, serviceAreaLabel } from "#app/server/leads/desk/labels.server.ts";

type Db = Kysely<DB>;

/** The request an admin address names, or null (a malformed id is not looked up). */
export async function getDeskLead({ db, leadId }: { db: Db; leadId: string | undefined }): Promise<Lead | null> {
  return isUuid(leadId) ? getLead({ db, id: leadId }) : null;
}

/** A request's page: the request, the account that sent it, its emails and its notes; null when there is no such request. */
export async function getLeadPage({
  db,
  clock,
  leadId,
  siteHost = null,
  businessName,
  now = new Date(),
}: {
  db: Db;
  clock: SiteClock;
  leadId: string | undefined;
  siteHost?: string | null;
  /** The business's name, as the text message's greeting signs it. */
  businessName: string;
  /** The time the wait is counted to. */
  now?: Date;
}) {
  const lead = await getDeskLead({ db, leadId });
  if (!lead) return null;
  const [jobs, notes, account] = await Promise.all([
    listLeadEmails({ db, clock, leadId: lead.id }),
    listLeadNotes({ db, leadId: lead.id }),
    lead.user_id ? getUserById({ db, id: lead.user_id }) : Promise.resolve(null),
  ]);
  return {
    lead: {
      id: lead.id,
      reference: leadReference(lead.id),
      /** Sent from the Spanish site (leads.locale, ADR 064): the homeowner's emails are in Spanish. */
      prefersSpanish: lead.locale === "es",
      name: lead.from_name,
      email: lead.email,
      phone: lead.phone,
      telHref: telHref(lead.phone),
      subject: lead.subject,
      message: lead.message,
      source: lead.source,
      received: clock.formatLongTime(lead.created_at),
      receivedIso: lead.created_at,
      status: lead.status,
      spamReason: lead.spam_reason,
      reviewReason: lead.review_reason,
      userAgent: lead.user_agent,
      hadAccount: lead.user_id !== null,
      zip: lead.zip,
      serviceArea: serviceAreaLabel(lead.in_service_area)?.long ?? null,
      streetAddress: lead.street_address,
      contactMethod: contactMethodLabel(lead.contact_method),
      bestTime: lead.best_time,
      sourceLabel: leadSourceLabel(lead, siteHost),
      landingPage: lead.landing_page,
      referrer: lead.referrer,
      utmSource: lead.utm_source,
      utmMedium: lead.utm_medium,
      utmCampaign: lead.utm_campaign,
    },
    links: contactLinks(contactFields(lead, businessName)),
    waiting: leadWaiting({ status: lead.status, createdAt: lead.created_at, now }),
    account: account ? { name: account.name, email: account.email } : null,
    jobs,
    notes: notes.map((note) => ({
      id: note.id,
      author: note.author_name ?? "A deleted account",
      body: note.body,
      created: clock.formatTime(note.created_at),
      createdIso: note.created_at,
    })),
    noteMaxLength: LEAD_NOTE_MAX_LENGTH,
  };
}
