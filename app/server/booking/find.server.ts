/** What every homeowner verb of a booking starts from (ADR 071): the request its link opens, and its visit. */
import type { BookingDeps } from "#app/server/booking/deps.server.ts";
import { findBookingLink } from "#app/server/booking/link.server.ts";
import { getLead, type Lead } from "#app/server/repos/leads.server.ts";
import { getLatestVisitOfLead, type Visit } from "#app/server/repos/visits.server.ts";
import { visitEndsAt } from "#app/server/visits/rules.server.ts";

export interface FoundBooking {
  lead: Lead;
  token: string;
  /** The request's visit still ahead (held, or confirmed), or null. */
  visit: Visit | null;
  /** The latest visit, whatever its state: a cancelled one is named on the page. */
  latest: Visit | null;
}

/** The request a token opens, or null (a wrong or replaced token, a deleted request, one marked spam). */
export async function findBooking(
  deps: Pick<BookingDeps, "database">,
  { token, now }: { token: string | undefined; now: Date },
): Promise<FoundBooking | null> {
  const db = deps.database.db;
  const link = await findBookingLink(db, token);
  if (!link || !token) return null;
  const lead = await getLead({ db, id: link.lead_id });
  if (!lead || lead.status === "spam" || lead.is_spam) return null;
  const latest = await getLatestVisitOfLead({ db, leadId: lead.id });
  const ahead = latest && latest.status !== "cancelled" && visitEndsAt(latest) > now.getTime() ? latest : null;
  return { lead, token, visit: ahead, latest };
}
