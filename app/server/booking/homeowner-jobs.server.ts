/**
 * The homeowner's emails of a booking (ADR 071), in their language: "we have your time" while it
 * waits for the contractor, "please pick another time" when declined, and, once confirmed, the
 * visit's own invitation, update or cancellation (with the calendar, and the reminder the day
 * before) from the visits feature. Every one carries the booking page's link.
 */
import { randomUUID } from "node:crypto";
import { toLocale } from "#app/i18n/locale.ts";
import type { BookingRules } from "#app/schemas/booking.ts";
import type { BookingDeps } from "#app/server/booking/deps.server.ts";
import { bookingUrl } from "#app/server/booking/link.server.ts";
import { visitMail } from "#app/server/mail/visit-messages.server.ts";
import { bookingChangeUntilLabel } from "#app/server/mail/visit-mail-words.server.ts";
import type { ScheduledEmailJob } from "#app/server/repos/email-jobs.server.ts";
import type { Lead } from "#app/server/repos/leads.server.ts";
import type { Visit } from "#app/server/repos/visits.server.ts";
import { businessFacts } from "#app/server/visits/business.server.ts";
import { visitFacts } from "#app/server/visits/visit-facts.server.ts";
import { visitJobs } from "#app/server/visits/visit-jobs.server.ts";

export type BookingMailKind = "booking-received" | "booking-declined" | "visit-invitation" | "visit-update" | "visit-cancel";

/**
 * Until when the homeowner may still move or cancel online: the contractor's cut-off before a
 * confirmed visit. A booking still waiting is not in the contractor's day yet, so it can change up
 * to its window (a window inside the cut-off may be booked, and must not be fixed at once).
 */
export function changeUntil(visit: Pick<Visit, "starts_at" | "status">, rules: BookingRules): Date {
  const start = new Date(visit.starts_at).getTime();
  return new Date(visit.status === "pending" ? start : start - rules.changeCutoffHours * 3600_000);
}

export async function homeownerBookingJobs(
  deps: Pick<BookingDeps, "config" | "site" | "clock">,
  {
    lead,
    visit,
    previous,
    kind,
    token,
    rules,
    now,
  }: { lead: Lead; visit: Visit; previous?: Visit; kind: BookingMailKind; token: string; rules: BookingRules; now: Date },
): Promise<{ jobs: ScheduledEmailJob[]; reminderId: string | null }> {
  const locale = toLocale(lead.locale);
  const until = changeUntil(visit, rules);
  const booking = {
    url: bookingUrl(deps.config.publicUrl, locale, token),
    changeUntil:
      rules.changeCutoffHours > 0 && visit.status !== "pending" ? bookingChangeUntilLabel(until, deps.clock.timeZone, locale) : null,
  };
  if (kind === "visit-invitation" || kind === "visit-update" || kind === "visit-cancel") {
    return visitJobs(deps, { lead, visit, kind, ...(previous ? { previous } : {}), booking, now });
  }
  const { profile, from } = await businessFacts(deps);
  const payload = visitMail({
    kind,
    to: lead.email,
    from,
    business: profile,
    siteUrl: deps.config.publicUrl,
    visit: visitFacts(visit, lead, deps.clock, locale),
    locale,
    booking,
  });
  const giveUpMs = deps.config.env.MAIL_GIVE_UP_HOURS * 3600_000;
  return {
    jobs: [
      { id: randomUUID(), leadId: lead.id, kind, recipient: lead.email, payload, dueAt: now, giveUpAt: new Date(now.getTime() + giveUpMs) },
    ],
    reminderId: null,
  };
}
