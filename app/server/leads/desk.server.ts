/**
 * The lead desk: what the admin pages do with estimate requests. The dashboard's numbers, the
 * inbox (one page of a filter, with the count of each status), one request with its notes,
 * account and emails, changing its status, adding a note, deleting it, and the CSV export.
 *
 * Routes keep the HTTP (guards, forms, redirects, statuses): `createDesk` binds each verb (one
 * concern a file, in desk/) to the services it needs; each returns what the pages show, or an
 * outcome the route turns into its answer. A refusal carries the sentence the admin reads.
 */
import type { BackendBase } from "#app/server/backend-base.server.ts";
import type { Lead } from "#app/server/repos/leads.server.ts";
import type { LeadFilter } from "#app/server/repos/lead-search.server.ts";
import { countNewRequests, getLeadNumbers, getLeadSources, siteHostOf } from "#app/server/leads/desk/numbers.server.ts";
import { getInbox } from "#app/server/leads/desk/inbox-page.server.ts";
import { getDeskLead, getLeadPage } from "#app/server/leads/desk/lead-page.server.ts";
import { addLeadNote, changeLeadStatus, removeLead } from "#app/server/leads/desk/changes.server.ts";
import { exportLeadsCsv } from "#app/server/leads/desk/csv-export.server.ts";

export type DeskDeps = Pick<BackendBase, "config" | "database" | "logger" | "blobStore" | "site" | "clock">;

/** The desk of one site, bound to its database, storage and profile. */
export function createDesk({ config, database, logger, blobStore, site, clock }: DeskDeps) {
  const { db } = database;
  // The site's own host: a referrer there is no outside source.
  const siteHost = siteHostOf(config.publicUrl);
  // The business's name as the owner last saved it, as the text message's greeting signs it.
  const businessName = async () => (await site.content()).profile.name;
  return {
    /** The count the admin navigation shows next to "Estimate requests": requests new or needing review. */
    countNewRequests: () => countNewRequests({ db }),
    getLeadNumbers: ({ latest }: { latest: number }) => getLeadNumbers({ db, clock, latest }),
    getLeadSources: () => getLeadSources({ db, siteHost }),
    getInbox: async (params: URLSearchParams) => getInbox({ db, clock, params, siteHost, businessName: await businessName() }),
    getDeskLead: (leadId: string | undefined) => getDeskLead({ db, leadId }),
    getLeadPage: async (leadId: string | undefined) => getLeadPage({ db, clock, leadId, siteHost, businessName: await businessName() }),
    changeLeadStatus: (change: { lead: Lead; status: string | undefined; adminId: string }) =>
      changeLeadStatus({ backend: { database, logger, clock }, ...change }),
    addLeadNote: (note: { leadId: string; authorId: string; text: string }) => addLeadNote({ backend: { database }, ...note }),
    removeLead: (removal: { lead: Lead; adminId: string }) => removeLead({ backend: { database, logger, blobStore }, ...removal }),
    /** The CSV export, times in the site's zone (SITE_TIMEZONE, ADR 050). */
    exportLeadsCsv: ({ filter }: { filter: Required<LeadFilter> }) =>
      exportLeadsCsv({ backend: { database, logger }, filter, timeZone: clock.timeZone }),
  };
}

export type Desk = ReturnType<typeof createDesk>;
