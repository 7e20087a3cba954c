/** The request page's visit section (ADR 033): the upcoming visit (set by hand, or booked online: ADR 071) with the form's values, or the last one. */
import { getLatestVisitOfLead } from "#app/server/repos/visits.server.ts";
import type { VisitDeps } from "#app/server/visits/deps.server.ts";
import { dateInput, lengthLabel, visitShortLabel } from "#app/server/visits/labels.server.ts";
import { DAY_MS, VISIT_DEFAULT_MINUTES, VISIT_LENGTHS, VISIT_NOTE_MAX_LENGTH, isUpcoming } from "#app/server/visits/rules.server.ts";
import { visitWhen } from "#app/server/visits/visit-facts.server.ts";

/** The request page's visit section: the upcoming visit (with the form's current values), or none. */
export async function getLeadVisit(
  deps: Pick<VisitDeps, "database" | "clock">,
  { leadId, now = new Date() }: { leadId: string; now?: Date },
) {
  const { timeZone } = deps.clock;
  const latest = await getLatestVisitOfLead({ db: deps.database.db, leadId });
  const tomorrow = dateInput(new Date(now.getTime() + DAY_MS), timeZone).date;
  const base = {
    lengths: VISIT_LENGTHS.map((minutes) => ({ value: minutes, label: lengthLabel(minutes) })),
    defaultMinutes: VISIT_DEFAULT_MINUTES,
    suggestedDate: tomorrow,
    today: dateInput(now, timeZone).date,
    noteMaxLength: VISIT_NOTE_MAX_LENGTH,
  };
  if (!latest || !isUpcoming(latest, now)) {
    const last =
      latest && latest.status === "cancelled"
        ? `The last visit (${visitShortLabel(new Date(latest.starts_at), latest.minutes, timeZone)}) was cancelled.`
        : latest
          ? `The last visit was on ${visitShortLabel(new Date(latest.starts_at), latest.minutes, timeZone)}.`
          : null;
    return { ...base, current: null, last };
  }
  const { day, window } = visitWhen(latest, deps.clock);
  return {
    ...base,
    last: null,
    current: {
      id: latest.id,
      /** Booked online and waiting for the contractor's Confirm or Decline (ADR 071). */
      pending: latest.status === "pending",
      bookedOnline: latest.booked_by === "homeowner",
      /** "Sat, Dec 5, 8:00–10:00 AM": the buttons' accessible names. */
      label: visitShortLabel(new Date(latest.starts_at), latest.minutes, timeZone),
      day,
      window,
      startsAtIso: latest.starts_at,
      minutes: latest.minutes,
      note: latest.note,
      changes: latest.sequence,
      ...dateInput(new Date(latest.starts_at), timeZone),
    },
  };
}
