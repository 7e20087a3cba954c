/**
 * The contractor's side of a booking (ADR 071): the bookings waiting for them, confirmed in one
 * tap (the homeowner's invitation with its calendar, the reminder the day before, the request
 * marked "Visit scheduled"), or declined (the window freed, the homeowner asked to pick another).
 */
import type { BookingDeps } from "#app/server/booking/deps.server.ts";
import { homeownerBookingJobs } from "#app/server/booking/homeowner-jobs.server.ts";
import { ensureBookingToken } from "#app/server/booking/link.server.ts";
import { getBookingRules } from "#app/server/booking/rules.server.ts";
import { getVisit, listPendingBookings, writeBooking } from "#app/server/repos/bookings.server.ts";
import { getLead, type Lead } from "#app/server/repos/leads.server.ts";
import type { Visit, VisitWithLead } from "#app/server/repos/visits.server.ts";
import { visitShortLabel } from "#app/server/visits/labels.server.ts";

export interface PendingBooking {
  visitId: string;
  leadId: string;
  homeowner: string;
  phone: string;
  subject: string;
  zip: string | null;
  /** "Sat, Dec 5, 8:00–10:00 AM". */
  when: string;
  startsAt: string;
}

/** The bookings waiting for the contractor, soonest first (the dashboard's top). */
export async function listPending(
  deps: Pick<BookingDeps, "database" | "clock">,
  { now = deps.clock.now() }: { now?: Date } = {},
): Promise<PendingBooking[]> {
  const rows: VisitWithLead[] = await listPendingBookings({ db: deps.database.db, from: now, limit: 50 });
  return rows.map((row) => ({
    visitId: row.id,
    leadId: row.lead_id,
    homeowner: row.from_name,
    phone: row.phone,
    subject: row.subject,
    zip: row.zip,
    when: visitShortLabel(new Date(row.starts_at), row.minutes, deps.clock.timeZone),
    startsAt: row.starts_at,
  }));
}

export type BookingDecision = { outcome: "done"; message: string } | { outcome: "refused"; status: 404 | 409; error: string };

const GONE =
  "This booking is no longer waiting: the homeowner moved or cancelled it, or it was already answered. The list below is up to date.";

/** A decision names the visit; from a request's page (`leadId`), only that request's visit. */
type Decision = { visitId: string; adminId: string; leadId?: string; now?: Date };

async function pendingVisit(
  deps: Pick<BookingDeps, "database">,
  { visitId, leadId }: Decision,
): Promise<{ visit: Visit; lead: Lead } | null> {
  const db = deps.database.db;
  const visit = await getVisit({ db, id: visitId });
  if (!visit || visit.status !== "pending" || (leadId !== undefined && visit.lead_id !== leadId)) return null;
  const lead = await getLead({ db, id: visit.lead_id });
  return lead ? { visit, lead } : null;
}

/** Confirms a held booking: the invitation (with the calendar) and the reminder go to the homeowner. */
export async function confirmBooking(deps: BookingDeps, decision: Decision): Promise<BookingDecision> {
  const { visitId, adminId, now = deps.clock.now() } = decision;
  const found = await pendingVisit(deps, decision);
  if (!found) return { outcome: "refused", status: 409, error: GONE };
  const { visit: current, lead } = found;
  if (new Date(current.starts_at).getTime() <= now.getTime()) {
    return { outcome: "refused", status: 409, error: "This window has already begun. Call the homeowner to agree on another time." };
  }
  const db = deps.database.db;
  const [rules, token] = await Promise.all([
    getBookingRules({ db }),
    ensureBookingToken({ db, secret: deps.secret, leadId: lead.id, now }),
  ]);
  const visit: Visit = { ...current, status: "scheduled", updated_at: now.toISOString() };
  const { jobs, reminderId } = await homeownerBookingJobs(deps, { lead, visit, kind: "visit-invitation", token, rules, now });
  visit.reminder_job_id = reminderId;
  const written = await writeBooking({
    db,
    dialect: deps.database.dialect,
    visit,
    current,
    jobs,
    leadStatus: "scheduled",
    answers: true,
    now,
  });
  if (written !== "done") return { outcome: "refused", status: 409, error: GONE };
  deps.outbox.kick();
  deps.logger.info("booking confirmed", { leadId: lead.id, visitId, adminId });
  return { outcome: "done", message: confirmedMessage(deps, visit, lead) };
}

function confirmedMessage(deps: Pick<BookingDeps, "clock">, visit: Visit, lead: Lead): string {
  const when = visitShortLabel(new Date(visit.starts_at), visit.minutes, deps.clock.timeZone);
  return `Visit confirmed for ${when}. The invitation is on its way to ${lead.from_name}.`;
}

function declinedMessage(lead: Lead): string {
  return `Declined. ${lead.from_name} is asked by email to pick another time.`;
}

/**
 * The sentence a decision answered, told again after the redirect that follows it (the dashboard's
 * `?done=…&visit=…`, codes only): null unless the visit is now what that decision made it.
 */
export async function decisionMessage(
  deps: Pick<BookingDeps, "database" | "clock">,
  { visitId, decision }: { visitId: string; decision: "confirmed" | "declined" },
): Promise<string | null> {
  const db = deps.database.db;
  const visit = await getVisit({ db, id: visitId });
  if (!visit || visit.booked_by !== "homeowner" || visit.status !== (decision === "confirmed" ? "scheduled" : "cancelled")) return null;
  const lead = await getLead({ db, id: visit.lead_id });
  if (!lead) return null;
  return decision === "confirmed" ? confirmedMessage(deps, visit, lead) : declinedMessage(lead);
}

/** Declines a held booking: the window opens again and the homeowner is asked to pick another time. */
export async function declineBooking(deps: BookingDeps, decision: Decision): Promise<BookingDecision> {
  const { visitId, adminId, now = deps.clock.now() } = decision;
  const found = await pendingVisit(deps, decision);
  if (!found) return { outcome: "refused", status: 409, error: GONE };
  const { visit: current, lead } = found;
  const db = deps.database.db;
  const [rules, token] = await Promise.all([
    getBookingRules({ db }),
    ensureBookingToken({ db, secret: deps.secret, leadId: lead.id, now }),
  ]);
  const visit: Visit = { ...current, status: "cancelled", slot_start: null, updated_at: now.toISOString() };
  const { jobs } = await homeownerBookingJobs(deps, { lead, visit, kind: "booking-declined", token, rules, now });
  // Asking the homeowner for another time answers the request too (issue 29).
  const written = await writeBooking({ db, dialect: deps.database.dialect, visit, current, jobs, answers: true, now });
  if (written !== "done") return { outcome: "refused", status: 409, error: GONE };
  deps.outbox.kick();
  deps.logger.info("booking declined", { leadId: lead.id, visitId, adminId });
  return { outcome: "done", message: declinedMessage(lead) };
}
