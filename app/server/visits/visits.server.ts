/**
 * Site visits (issue 15, items 4 and 5; ADR 033): scheduling, moving and cancelling a visit on a
 * request, with the homeowner's invitation, update or cancellation (iCalendar) and the reminder
 * the day before, all through the outbox; the contractor's list of visits; and the private
 * calendar feed.
 *
 * The host builds this once (`createVisits(deps)`) and routes reach it as `services.visits`:
 * they keep the HTTP and pass the posted text; each verb answers the sentence the admin reads.
 * Times the admin types are wall clocks in SITE_TIMEZONE (the site clock, ADR 050), stored in UTC.
 */
import { cancelVisit } from "#app/server/visits/cancel.server.ts";
import type { VisitDeps } from "#app/server/visits/deps.server.ts";
import { visitFeed } from "#app/server/visits/feed.server.ts";
import { getFeedAddresses, regenerateFeedAddress } from "#app/server/visits/feed-address.server.ts";
import { getLeadVisit } from "#app/server/visits/lead-visit.server.ts";
import { rescheduleVisit } from "#app/server/visits/reschedule.server.ts";
import { scheduleVisit } from "#app/server/visits/schedule.server.ts";
import { getVisitsPage } from "#app/server/visits/visits-page.server.ts";

/** The second argument of a verb: what a caller passes once the dependencies are bound. */
type Args<F> = F extends (deps: VisitDeps, args: infer A) => unknown ? A : never;

export function createVisits(deps: VisitDeps) {
  return {
    /** The request page's visit section. */
    getLeadVisit: (args: Args<typeof getLeadVisit>) => getLeadVisit(deps, args),
    scheduleVisit: (args: Args<typeof scheduleVisit>) => scheduleVisit(deps, args),
    rescheduleVisit: (args: Args<typeof rescheduleVisit>) => rescheduleVisit(deps, args),
    cancelVisit: (args: Args<typeof cancelVisit>) => cancelVisit(deps, args),
    /** /admin/visits. */
    getVisitsPage: (args: Args<typeof getVisitsPage> = {}) => getVisitsPage(deps, args),
    getFeedAddresses: () => getFeedAddresses(deps),
    regenerateFeedAddress: (args: Args<typeof regenerateFeedAddress>) => regenerateFeedAddress(deps, args),
    /** The calendar feed's text for a token, or null when it is not the current one. */
    visitFeed: (args: Args<typeof visitFeed>) => visitFeed(deps, args),
  };
}

export type Visits = ReturnType<typeof createVisits>;
