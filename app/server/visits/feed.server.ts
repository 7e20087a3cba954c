/** The contractor's subscribed calendar (ADR 033), answered only for the feed's current token. */
import { listVisits } from "#app/server/repos/visits.server.ts";
import { businessFacts } from "#app/server/visits/business.server.ts";
import type { VisitDeps } from "#app/server/visits/deps.server.ts";
import { isFeedToken } from "#app/server/visits/feed-address.server.ts";
import { contractorEvent, visitFeedCalendar } from "#app/server/visits/ical.server.ts";
import { DAY_MS, RECENT_DAYS } from "#app/server/visits/rules.server.ts";
import { visitFacts } from "#app/server/visits/visit-facts.server.ts";

/**
 * The contractor's calendar for a feed token, or null when the token is not the current one:
 * every scheduled visit of the last 30 days and ahead, with what the contractor needs (name,
 * phone, service, address, the request's link) and nothing more.
 */
export async function visitFeed(
  deps: Pick<VisitDeps, "config" | "database" | "site" | "clock">,
  { token, now = new Date() }: { token: string; now?: Date },
): Promise<string | null> {
  if (!(await isFeedToken(deps, token))) return null;
  const visits = await listVisits({
    db: deps.database.db,
    status: "scheduled",
    from: new Date(now.getTime() - RECENT_DAYS * DAY_MS),
    limit: 5000,
  });
  const { organiser } = await businessFacts(deps);
  const site = deps.config.publicUrl.replace(/\/+$/, "");
  return visitFeedCalendar({
    business: organiser,
    timeZone: deps.clock.timeZone,
    now,
    visits: visits.map((visit) => contractorEvent(visit, visitFacts(visit, visit, deps.clock), `${site}/admin/leads/${visit.lead_id}`)),
  });
}
