/**
 * The email jobs of one change to a visit (ADR 033): the invitation, update or cancellation now,
 * with its iCalendar, and the reminder the day before (unless cancelled), all through the outbox.
 */
import { randomUUID } from "node:crypto";
import { toLocale } from "#app/i18n/locale.ts";
import type { Lead } from "#app/server/repos/leads.server.ts";
import type { ScheduledEmailJob } from "#app/server/repos/email-jobs.server.ts";
import type { Visit } from "#app/server/repos/visits.server.ts";
import { visitMail, type VisitMailKind } from "#app/server/mail/visit-messages.server.ts";
import { businessFacts } from "#app/server/visits/business.server.ts";
import type { VisitDeps } from "#app/server/visits/deps.server.ts";
import { homeownerEvent, visitInvitationCalendar } from "#app/server/visits/ical.server.ts";
import { localDayKey } from "#app/server/visits/labels.server.ts";
import { DAY_MS, REMINDER_HOUR } from "#app/server/visits/rules.server.ts";
import { visitFacts, visitWhen } from "#app/server/visits/visit-facts.server.ts";
import { wallClockAt, wallClockToInstant } from "#app/server/visits/zoned-time.server.ts";

/** When the reminder goes: 9:00 AM local the day before, or now when that has passed (the visit still ahead). */
export function reminderDueAt(startsAt: Date, timeZone: string, now: Date): Date {
  const w = wallClockAt(startsAt, timeZone);
  const dayBefore = new Date(Date.UTC(w.year, w.month - 1, w.day - 1));
  const due =
    wallClockToInstant(
      {
        year: dayBefore.getUTCFullYear(),
        month: dayBefore.getUTCMonth() + 1,
        day: dayBefore.getUTCDate(),
        hour: REMINDER_HOUR,
        minute: 0,
        second: 0,
      },
      timeZone,
    ) ?? new Date(startsAt.getTime() - DAY_MS);
  return due.getTime() > now.getTime() ? due : now;
}

/** The email jobs of one change: the message now, and the reminder the day before (unless cancelled). */
export async function visitJobs(
  deps: Pick<VisitDeps, "config" | "site" | "clock">,
  {
    lead,
    visit,
    kind,
    previous,
    booking,
    now,
  }: {
    lead: Lead;
    visit: Visit;
    kind: Exclude<VisitMailKind, "visit-reminder" | "booking-received" | "booking-declined">;
    previous?: Visit;
    /** A visit the homeowner booked online: where to move or cancel it, and until when (ADR 071). */
    booking?: { url: string; changeUntil: string | null };
    now: Date;
  },
): Promise<{ jobs: ScheduledEmailJob[]; reminderId: string | null }> {
  const { timeZone } = deps.clock;
  const { profile, from, organiser } = await businessFacts(deps);
  const start = new Date(visit.starts_at);
  // Every email and the calendar file in the homeowner's language (ADR 064).
  const locale = toLocale(lead.locale);
  const facts = visitFacts(visit, lead, deps.clock, locale);
  const mail = {
    to: lead.email,
    from,
    business: profile,
    siteUrl: deps.config.publicUrl,
    visit: facts,
    locale,
    ...(booking ? { booking } : {}),
  };
  const event = homeownerEvent(visit, facts, {
    business: profile,
    attendee: { name: lead.from_name, email: lead.email },
    locale,
  });
  const calendar = visitInvitationCalendar({ visit: event, business: organiser, timeZone: facts.when.timeZone, now });
  const previousWhen = previous ? visitWhen(previous, deps.clock, locale) : undefined;
  const giveUpMs = deps.config.env.MAIL_GIVE_UP_HOURS * 3600_000;
  const jobs: ScheduledEmailJob[] = [
    {
      id: randomUUID(),
      leadId: lead.id,
      kind,
      recipient: lead.email,
      payload: visitMail({ ...mail, kind, calendar, ...(previousWhen ? { previous: previousWhen } : {}) }),
      dueAt: now,
      giveUpAt: new Date(now.getTime() + giveUpMs),
    },
  ];
  let reminderId: string | null = null;
  if (visit.status === "scheduled") {
    reminderId = randomUUID();
    const dueAt = reminderDueAt(start, timeZone, now);
    const reminderDay = localDayKey(dueAt, timeZone) === localDayKey(start, timeZone) ? "today" : "tomorrow";
    jobs.push({
      id: reminderId,
      leadId: lead.id,
      kind: "visit-reminder",
      recipient: lead.email,
      payload: visitMail({ ...mail, kind: "visit-reminder", reminderDay }),
      dueAt,
      // A reminder after the visit began is no use: it is given up then.
      giveUpAt: start,
    });
  }
  return { jobs, reminderId };
}
