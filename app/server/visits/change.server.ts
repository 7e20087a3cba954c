/**
 * What moving and cancelling share: the request's upcoming visit as the admin saw it, and the
 * change saved only on the SEQUENCE it was made on (two admins at once: the second is told).
 */
import type { ScheduledEmailJob } from "#app/server/repos/email-jobs.server.ts";
import type { LeadStatus } from "#app/schemas/lead.ts";
import { getLatestVisitOfLead, saveVisit, type Visit } from "#app/server/repos/visits.server.ts";
import type { VisitDeps } from "#app/server/visits/deps.server.ts";
import { CHANGED_MEANWHILE, NO_VISIT, WAITS_FOR_CONFIRMATION, isUpcoming, type Refused } from "#app/server/visits/rules.server.ts";

/**
 * The request's upcoming visit, or a refusal: none ahead, or not the one the admin's page showed
 * (`visitId`), since a change applies only to the visit it was made on; or one booked online and
 * still waiting for the contractor, which is confirmed or declined instead.
 */
export async function upcomingVisitToChange(
  deps: Pick<VisitDeps, "database">,
  { leadId, visitId, now }: { leadId: string; visitId: string | undefined; now: Date },
): Promise<{ outcome: "ok"; current: Visit } | Refused> {
  const current = await getLatestVisitOfLead({ db: deps.database.db, leadId });
  if (!current || !isUpcoming(current, now)) return { outcome: "refused", status: 409, error: NO_VISIT };
  if (visitId !== undefined && visitId !== current.id) return { outcome: "refused", status: 409, error: CHANGED_MEANWHILE };
  if (current.status === "pending") return { outcome: "refused", status: 409, error: WAITS_FOR_CONFIRMATION };
  return { outcome: "ok", current };
}

/** Saves the changed visit with its email jobs, the old reminder dropped; a refusal when someone changed it first. */
export async function saveVisitChange(
  deps: Pick<VisitDeps, "database">,
  {
    current,
    visit,
    jobs,
    leadStatus,
    answers = false,
    now,
  }: { current: Visit; visit: Visit; jobs: ScheduledEmailJob[]; leadStatus: LeadStatus | undefined; answers?: boolean; now: Date },
): Promise<Refused | null> {
  const saved = await saveVisit({
    db: deps.database.db,
    visit,
    mode: "update",
    expectedSequence: current.sequence,
    jobs,
    dropJobId: current.reminder_job_id,
    leadStatus,
    answers,
    now,
  });
  return saved ? null : { outcome: "refused", status: 409, error: CHANGED_MEANWHILE };
}
