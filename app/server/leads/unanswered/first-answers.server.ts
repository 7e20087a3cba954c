/**
 * The dashboard's "Time to first answer" (issue 29): the median, in business hours (the profile's
 * opening hours, the site's zone), from a request's arrival to the contractor's first answer, over
 * the requests of the last 30 days that got one; and the requests waiting for one now, longest
 * waiting first (the oldest: business time only grows with age).
 */
import type { BackendBase } from "#app/server/backend-base.server.ts";
import { businessMsBetween, formatBusinessDuration, hasBusinessHours, median } from "#app/server/leads/business-hours.server.ts";
import { listFirstAnswerTimes, listUnansweredLeads } from "#app/server/repos/lead-answers.server.ts";

const DAYS = 30;
const DAY_MS = 86_400_000;
/** The waiting requests the dashboard names; the rest are counted and linked. */
const WAITING_SHOWN = 10;

export interface WaitingLeadView {
  id: string;
  name: string;
  service: string;
  /** Business time waited so far, "2 h 15 min". */
  waited: string;
  /** When it came, in the site's zone, and as an ISO time. */
  received: string;
  receivedIso: string;
  needsReview: boolean;
}

export interface FirstAnswersView {
  days: number;
  /** Null when no request of the period was answered. */
  median: { text: string; count: number } | null;
  /** False when the profile has no opening hours: no business time is counted. */
  hasHours: boolean;
  waiting: { total: number; leads: WaitingLeadView[] };
}

export async function getFirstAnswers(
  { database, site, clock }: Pick<BackendBase, "database" | "site" | "clock">,
  { now = clock.now() }: { now?: Date } = {},
): Promise<FirstAnswersView> {
  const { db } = database;
  const [{ profile }, answered, waiting] = await Promise.all([
    site.content(),
    listFirstAnswerTimes({ db, since: new Date(now.getTime() - DAYS * DAY_MS) }),
    listUnansweredLeads({ db, limit: WAITING_SHOWN }),
  ]);
  const business = (from: string, to: Date) => businessMsBetween(new Date(from), to, profile.hours, clock.timeZone);
  const middle = median(answered.map((row) => business(row.created_at, new Date(row.first_answered_at))));
  return {
    days: DAYS,
    median: middle === null ? null : { text: formatBusinessDuration(middle), count: answered.length },
    hasHours: hasBusinessHours(profile.hours, clock.timeZone),
    waiting: {
      total: waiting.total,
      leads: waiting.leads.map((lead) => ({
        id: lead.id,
        name: lead.from_name,
        service: lead.subject,
        waited: formatBusinessDuration(business(lead.created_at, now)),
        received: clock.formatTime(lead.created_at),
        receivedIso: lead.created_at,
        needsReview: lead.status === "review",
      })),
    },
  };
}
