/** Moving a visit (ADR 033): SEQUENCE one up, the update sent, the reminder replaced. */
import type { Lead } from "#app/server/repos/leads.server.ts";
import type { Visit } from "#app/server/repos/visits.server.ts";
import type { VisitDeps } from "#app/server/visits/deps.server.ts";
import { visitShortLabel } from "#app/server/visits/labels.server.ts";
import type { Refused, VisitDone } from "#app/server/visits/rules.server.ts";
import { saveVisitChange, upcomingVisitToChange } from "#app/server/visits/change.server.ts";
import { checkVisitInput, type VisitInput } from "#app/server/visits/visit-input.server.ts";
import { visitJobs } from "#app/server/visits/visit-jobs.server.ts";

/** Moves the request's upcoming visit: SEQUENCE one up, the update sent, the reminder replaced. */
export async function rescheduleVisit(
  deps: VisitDeps,
  {
    lead,
    visitId,
    input,
    adminId,
    now = deps.clock.now(),
  }: { lead: Lead; visitId: string | undefined; input: VisitInput; adminId: string; now?: Date },
): Promise<VisitDone | Refused> {
  const { timeZone } = deps.clock;
  const found = await upcomingVisitToChange(deps, { leadId: lead.id, visitId, now });
  if (found.outcome === "refused") return found;
  const { current } = found;
  const checked = checkVisitInput({ ...input, note: input.note ?? current.note ?? "" }, timeZone, now);
  if (checked.outcome === "refused") return checked;
  // Only a new time or length is a change the homeowner is told about (the note is the contractor's).
  if (checked.startsAt.toISOString() === current.starts_at && checked.minutes === current.minutes) {
    return {
      outcome: "refused",
      status: 400,
      error: "That is the time the visit already has. Choose another day or time to move it.",
    };
  }
  const visit: Visit = {
    ...current,
    starts_at: checked.startsAt.toISOString(),
    minutes: checked.minutes,
    note: checked.note,
    // A time set by hand holds no booked window: the one the homeowner booked online opens again.
    slot_start: null,
    sequence: current.sequence + 1,
    updated_at: now.toISOString(),
  };
  const { jobs, reminderId } = await visitJobs(deps, { lead, visit, kind: "visit-update", previous: current, now });
  visit.reminder_job_id = reminderId;
  // A new time set by the contractor answers the request, if nothing did before (issue 29).
  const refused = await saveVisitChange(deps, { current, visit, jobs, leadStatus: "scheduled", answers: true, now });
  if (refused) return refused;
  deps.logger.info("visit rescheduled", {
    leadId: lead.id,
    visitId: visit.id,
    from: current.starts_at,
    to: visit.starts_at,
    adminId,
  });
  deps.outbox.kick();
  return {
    outcome: "done",
    message: `Visit moved to ${visitShortLabel(checked.startsAt, checked.minutes, timeZone)}. The new time is on its way to ${lead.email}.`,
  };
}
