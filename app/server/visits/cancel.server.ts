/** Cancelling a visit (ADR 033): METHOD:CANCEL sent, the reminder dropped, the request back to "Contacted". */
import type { Lead } from "#app/server/repos/leads.server.ts";
import type { Visit } from "#app/server/repos/visits.server.ts";
import { leadStatusLabels } from "#app/schemas/lead.ts";
import type { VisitDeps } from "#app/server/visits/deps.server.ts";
import { visitShortLabel } from "#app/server/visits/labels.server.ts";
import type { Refused, VisitDone } from "#app/server/visits/rules.server.ts";
import { saveVisitChange, upcomingVisitToChange } from "#app/server/visits/change.server.ts";
import { visitJobs } from "#app/server/visits/visit-jobs.server.ts";

/** Cancels the request's upcoming visit: the cancellation (METHOD:CANCEL) sent, the reminder dropped. */
export async function cancelVisit(
  deps: VisitDeps,
  {
    lead,
    visitId,
    confirmed,
    adminId,
    now = new Date(),
  }: { lead: Lead; visitId: string | undefined; confirmed: boolean; adminId: string; now?: Date },
): Promise<VisitDone | Refused> {
  if (!confirmed) {
    return { outcome: "refused", status: 400, error: "Tick “Yes, cancel this visit” to confirm. The visit was kept." };
  }
  const found = await upcomingVisitToChange(deps, { leadId: lead.id, visitId, now });
  if (found.outcome === "refused") return found;
  const { current } = found;
  const visit: Visit = {
    ...current,
    status: "cancelled",
    // A window the homeowner booked online opens again.
    slot_start: null,
    sequence: current.sequence + 1,
    updated_at: now.toISOString(),
    reminder_job_id: null,
  };
  const { jobs } = await visitJobs(deps, { lead, visit, kind: "visit-cancel", now });
  // A request still marked "Visit scheduled" goes back to "Contacted": no visit is planned any more.
  const leadStatus = lead.status === "scheduled" ? "contacted" : undefined;
  const refused = await saveVisitChange(deps, { current, visit, jobs, leadStatus, now });
  if (refused) return refused;
  deps.logger.info("visit cancelled", { leadId: lead.id, visitId: visit.id, adminId });
  if (leadStatus) deps.logger.info("lead status changed", { leadId: lead.id, from: lead.status, to: leadStatus, adminId });
  deps.outbox.kick();
  const when = visitShortLabel(new Date(current.starts_at), current.minutes, deps.clock.timeZone);
  return {
    outcome: "done",
    message: `Visit on ${when} cancelled. ${lead.from_name} is told by email${leadStatus ? `, and the request is back to “${leadStatusLabels[leadStatus]}”` : ""}.`,
  };
}
