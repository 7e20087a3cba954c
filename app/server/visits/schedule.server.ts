/** Scheduling a visit on a request (ADR 033): at most one upcoming visit, never on spam. */
import { randomUUID } from "node:crypto";
import type { Lead } from "#app/server/repos/leads.server.ts";
import { getLatestVisitOfLead, saveVisit, type Visit } from "#app/server/repos/visits.server.ts";
import type { VisitDeps } from "#app/server/visits/deps.server.ts";
import { visitShortLabel } from "#app/server/visits/labels.server.ts";
import { isUpcoming, type Refused, type VisitDone } from "#app/server/visits/rules.server.ts";
import { checkVisitInput, type VisitInput } from "#app/server/visits/visit-input.server.ts";
import { visitJobs } from "#app/server/visits/visit-jobs.server.ts";

function hostOf(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname || "localhost";
  } catch {
    return "localhost";
  }
}

/** Schedules a visit on a request: stored, the request marked "Visit scheduled", the invitation and reminder queued. */
export async function scheduleVisit(
  deps: VisitDeps,
  { lead, input, adminId, now = deps.clock.now() }: { lead: Lead; input: VisitInput; adminId: string; now?: Date },
): Promise<VisitDone | Refused> {
  const { timeZone } = deps.clock;
  if (lead.status === "spam") {
    return {
      outcome: "refused",
      status: 409,
      error: "This request is marked as spam. Change its status before scheduling a visit.",
    };
  }
  const checked = checkVisitInput(input, timeZone, now);
  if (checked.outcome === "refused") return checked;
  const current = await getLatestVisitOfLead({ db: deps.database.db, leadId: lead.id });
  if (current && isUpcoming(current, now)) {
    const when = visitShortLabel(new Date(current.starts_at), current.minutes, timeZone);
    return {
      outcome: "refused",
      status: 409,
      error:
        current.status === "pending"
          ? `This request already has a visit booked online for ${when}, waiting for your confirmation: confirm or decline it first.`
          : `This request already has a visit on ${when}. Reschedule or cancel that one.`,
    };
  }
  const id = randomUUID();
  const stamp = now.toISOString();
  const visit: Visit = {
    id,
    lead_id: lead.id,
    starts_at: checked.startsAt.toISOString(),
    minutes: checked.minutes,
    status: "scheduled",
    sequence: 0,
    uid: `${id}@${hostOf(deps.config.publicUrl)}`,
    note: checked.note,
    reminder_job_id: null,
    created_at: stamp,
    updated_at: stamp,
    slot_start: null,
    booked_by: null,
  };
  const { jobs, reminderId } = await visitJobs(deps, { lead, visit, kind: "visit-invitation", now });
  visit.reminder_job_id = reminderId;
  await saveVisit({ db: deps.database.db, visit, mode: "insert", jobs, leadStatus: "scheduled", answers: true, now });
  deps.logger.info("visit scheduled", { leadId: lead.id, visitId: id, startsAt: visit.starts_at, adminId });
  if (lead.status !== "scheduled") {
    deps.logger.info("lead status changed", { leadId: lead.id, from: lead.status, to: "scheduled", adminId });
  }
  deps.outbox.kick();
  return {
    outcome: "done",
    message: `Visit scheduled for ${visitShortLabel(checked.startsAt, checked.minutes, timeZone)}. The invitation is on its way to ${lead.email}.`,
  };
}
