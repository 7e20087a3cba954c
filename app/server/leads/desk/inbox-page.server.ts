/** The inbox: one page of a filter, with the count of each status (ADR 008). */
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import { countLeadsByStatus, listLeads } from "#app/server/repos/lead-search.server.ts";
import { countLeadPhotos } from "#app/server/repos/lead-photos.server.ts";
import { contactLinks, leadWaiting } from "#app/schemas/contact-links.ts";
import type { SiteClock } from "#app/server/time.server.ts";
import { INBOX_PAGE_SIZE, SEARCH_MAX_LENGTH, pageCount, parseInboxQuery } from "#app/server/leads/inbox.server.ts";
import { leadReference, leadStatusLabels, leadStatuses } from "#app/schemas/lead.ts";
import { leadSourceLabel } from "#app/schemas/lead-source.ts";
import { contactFields, serviceAreaLabel } from "#app/server/leads/desk/labels.server.ts";

type Db = Kysely<DB>;

const SNIPPET_LENGTH = 160;

/**
 * One page of the inbox for its query string (see inbox.server.ts): a page past the end shows
 * the last one and says so; each request comes with the start of its message, and the status
 * filter's options with how many requests each has.
 */
export async function getInbox({
  db,
  clock,
  params,
  siteHost = null,
  businessName,
  now = new Date(),
}: {
  db: Db;
  clock: SiteClock;
  params: URLSearchParams;
  /** The site's own host: a referrer there is no outside source. */
  siteHost?: string | null;
  /** The business's name, as the text message's greeting signs it. */
  businessName: string;
  /** The time the waits are counted to. */
  now?: Date;
}) {
  const query = parseInboxQuery(params);
  const { filter } = query;
  const notices = [...query.problems];

  let page = query.page;
  let result = await listLeads({ db, filter, limit: INBOX_PAGE_SIZE, offset: (page - 1) * INBOX_PAGE_SIZE });
  const pages = pageCount(result.total);
  if (page > pages) {
    // A page past the end (the list got shorter, or a hand-made link): show the last one.
    notices.push(`There ${pages === 1 ? "is only 1 page" : `are only ${pages} pages`}, so the last one is shown.`);
    page = pages;
    result = await listLeads({ db, filter, limit: INBOX_PAGE_SIZE, offset: (page - 1) * INBOX_PAGE_SIZE });
  }
  const [counts, photoCounts] = await Promise.all([
    countLeadsByStatus({ db }),
    countLeadPhotos({ db, leadIds: result.leads.map((lead) => lead.id) }),
  ]);
  const openCount = leadStatuses.filter((s) => s !== "spam").reduce((sum, s) => sum + counts[s], 0);
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);

  return {
    notices,
    filter,
    page,
    pages,
    total: result.total,
    pageSize: INBOX_PAGE_SIZE,
    searchMaxLength: SEARCH_MAX_LENGTH,
    statusOptions: [
      { value: "open", label: `All open (${openCount})` },
      ...leadStatuses.map((status) => ({ value: status, label: `${leadStatusLabels[status]} (${counts[status]})` })),
      { value: "all", label: `Everything, spam included (${total})` },
    ],
    leads: result.leads.map((lead) => ({
      id: lead.id,
      reference: leadReference(lead.id),
      /** Sent from the Spanish site (leads.locale, ADR 064): the homeowner's emails are in Spanish. */
      prefersSpanish: lead.locale === "es",
      name: lead.from_name,
      email: lead.email,
      phone: lead.phone,
      subject: lead.subject,
      snippet: lead.message.length > SNIPPET_LENGTH ? `${lead.message.slice(0, SNIPPET_LENGTH).trimEnd()}…` : lead.message,
      status: lead.status,
      received: clock.formatTime(lead.created_at),
      receivedIso: lead.created_at,
      zip: lead.zip,
      streetAddress: lead.street_address,
      serviceArea: serviceAreaLabel(lead.in_service_area)?.short ?? null,
      sourceLabel: leadSourceLabel(lead, siteHost),
      photoCount: photoCounts.get(lead.id) ?? 0,
      waiting: leadWaiting({ status: lead.status, createdAt: lead.created_at, now }),
      links: contactLinks(contactFields(lead, businessName)),
    })),
  };
}
