/**
 * The contractor's reminder of a request nobody answered (issue 29): queued with every request
 * that is not spam ("needs review" too: a person until proven otherwise), in the transaction that
 * stores it, due when the set number of business hours will have passed since it came (the
 * profile's opening hours, the site's zone). When its time comes the outbox asks
 * `leadWaitingCheck` (wanted.server.ts) whether it is still wanted.
 */
import type { SiteClock } from "#app/server/time.server.ts";
import { addBusinessHours, type WeekHours } from "#app/server/leads/business-hours.server.ts";
import { leadWaitingMail } from "#app/server/mail/lead-waiting-message.server.ts";
import type { Lead, NewEmailJob } from "#app/server/repos/leads.server.ts";

/**
 * The reminder's job for a request just stored, or null: the reminder is off (0 hours), the request
 * is spam, or the week has no opening hours (no moment would ever come).
 */
export function leadWaitingJob(
  lead: Lead,
  {
    hours,
    weekHours,
    clock,
    to,
    from,
    siteUrl,
  }: {
    /** The setting: business hours without an answer; 0 for none. */
    hours: number;
    /** The profile's opening hours. */
    weekHours: WeekHours;
    clock: SiteClock;
    /** The business's lead inbox. */
    to: string;
    from: string;
    siteUrl: string;
  },
): NewEmailJob | null {
  if (hours <= 0 || lead.is_spam || lead.status === "spam") return null;
  const dueAt = addBusinessHours(new Date(lead.created_at), hours, weekHours, clock.timeZone);
  if (!dueAt) return null;
  return {
    kind: "lead-waiting",
    recipient: to.toLowerCase(),
    payload: leadWaitingMail({ to, from, siteUrl, clock, lead, hours }),
    dueAt,
  };
}
