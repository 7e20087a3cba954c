/**
 * The desk's numbers: the count the admin navigation shows, and the dashboard's requests by
 * status and by source (ADR 024).
 */
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import { countLeadSources, countLeadsByStatus, listLeads } from "#app/server/repos/lead-search.server.ts";
import { countWaitingLeads } from "#app/server/repos/leads.server.ts";
import type { SiteClock } from "#app/server/time.server.ts";
import { countBySource, type SourceCount } from "#app/schemas/lead-source.ts";

type Db = Kysely<DB>;

/** The count the admin navigation shows next to "Estimate requests": requests new or needing review. */
export function countNewRequests({ db }: { db: Db }): Promise<number> {
  return countWaitingLeads({ db });
}

// --- The dashboard ------------------------------------------------------------------------------

/** How many requests have each status, and the newest `latest` of those still new. */
export async function getLeadNumbers({ db, clock, latest }: { db: Db; clock: SiteClock; latest: number }) {
  const [counts, newest] = await Promise.all([countLeadsByStatus({ db }), listLeads({ db, filter: { status: "new" }, limit: latest })]);
  return {
    counts,
    newCount: counts.new,
    latestNew: newest.leads.map((lead) => ({
      id: lead.id,
      name: lead.from_name,
      subject: lead.subject,
      received: clock.formatTime(lead.created_at),
      receivedIso: lead.created_at,
    })),
  };
}

const SOURCE_DAYS = 30;
/** Distinct (utm_source, utm_medium, referrer) groups read for the counts; see countLeadSources. */
const SOURCE_GROUPS_READ = 2000;

/**
 * "Requests by source, last 30 days": the requests that are not spam, counted by where the visit
 * came from (schemas/lead-source.ts). `siteHost`: the site's own host, whose referrers are no
 * outside source.
 */
export async function getLeadSources({
  db,
  siteHost,
  now = new Date(),
}: {
  db: Db;
  siteHost: string | null;
  now?: Date;
}): Promise<{ days: number; sources: SourceCount[]; total: number }> {
  const since = new Date(now.getTime() - SOURCE_DAYS * 24 * 3600 * 1000);
  const groups = await countLeadSources({ db, since, limit: SOURCE_GROUPS_READ });
  const sources = countBySource(groups, siteHost);
  return { days: SOURCE_DAYS, sources, total: sources.reduce((sum, source) => sum + source.count, 0) };
}

/** The host name of the site's public address, for the source labels. */
export function siteHostOf(publicUrl: string): string | null {
  try {
    return new URL(publicUrl).hostname;
  } catch {
    return null;
  }
}
