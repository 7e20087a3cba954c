/**
 * The homeowner's verbs (ADR 071): book a window, move to another, cancel. A booking holds its
 * window at once: pending until the contractor confirms (the default), or confirmed at once when
 * the contractor's rules say so and the request is inside the service area. The window is checked
 * against the open windows when the post arrives and again inside the transaction; the unique
 * index settles a race, and the one who loses it is told so with the windows still open.
 */
import { randomUUID } from "node:crypto";
import type { BookingDeps } from "#app/server/booking/deps.server.ts";
import { findBooking, type FoundBooking } from "#app/server/booking/find.server.ts";
import { changeUntil, homeownerBookingJobs, type BookingMailKind } from "#app/server/booking/homeowner-jobs.server.ts";
import { bookingNotice, type BookingActivity } from "#app/server/booking/notify.server.ts";
import { openWindows, windowAt, type OpenWindows } from "#app/server/booking/open-windows.server.ts";
import { writeBooking } from "#app/server/repos/bookings.server.ts";
import type { LeadStatus } from "#app/schemas/lead.ts";
import type { Visit } from "#app/server/repos/visits.server.ts";

export type BookingAnswer =
  | { outcome: "not-found" }
  /** No window, or not one of ours: 400. */
  | { outcome: "invalid" }
  /** Booking is off, or the contractor's calendar could not be read: 409. */
  | { outcome: "closed"; reason: "off" | "calendar" }
  /** The request already has a visit ahead: move it instead (409). */
  | { outcome: "has-visit" }
  /** Nothing to move or cancel (409). */
  | { outcome: "no-visit" }
  /** Past the contractor's cut-off: call instead (409). */
  | { outcome: "too-late" }
  /** Someone else holds the window, or it closed meanwhile (409): the page shows the open ones. */
  | { outcome: "taken" }
  /** The visit changed while the page was open (409). */
  | { outcome: "changed" }
  | { outcome: "done"; done: "held" | "booked" | "moved" | "cancelled" };

type Verb = { token: string | undefined; now?: Date };

function hostOf(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname || "localhost";
  } catch {
    return "localhost";
  }
}

/** A posted window start ("2027-03-13T14:00:00.000Z"), or null. */
function parseStart(value: string | undefined): Date | null {
  if (!value || value.length > 40 || !/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(value)) return null;
  const start = new Date(value);
  return Number.isNaN(start.getTime()) ? null : start;
}

/** Writes one change with its emails and the contractor's alert, the window checked again inside. */
async function save(
  deps: BookingDeps,
  found: FoundBooking,
  change: {
    visit: Visit;
    current?: Visit;
    mail: BookingMailKind | null;
    activity: BookingActivity;
    open: OpenWindows;
    leadStatus?: LeadStatus;
    /** Confirmed at once by the contractor's rules: the request's first answer (issue 29). */
    answers?: boolean;
    now: Date;
  },
) {
  const { visit, current, open, now } = change;
  // A held booking the homeowner cancels needs no email to them: they did it, and the page says so.
  const { jobs, reminderId } = change.mail
    ? await homeownerBookingJobs(deps, {
        lead: found.lead,
        visit,
        ...(current ? { previous: current } : {}),
        kind: change.mail,
        token: found.token,
        rules: open.rules,
        now,
      })
    : { jobs: [], reminderId: null };
  if (visit.status === "scheduled") visit.reminder_job_id = reminderId;
  const notice = await bookingNotice(deps, {
    lead: found.lead,
    visit,
    ...(current ? { previous: current } : {}),
    kind: change.activity,
    now,
  });
  const start = visit.slot_start ? new Date(visit.slot_start) : null;
  const written = await writeBooking({
    db: deps.database.db,
    dialect: deps.database.dialect,
    visit,
    ...(current ? { current } : {}),
    jobs,
    dropJobId: current?.reminder_job_id ?? null,
    ...(change.leadStatus ? { leadStatus: change.leadStatus } : {}),
    // Inside the transaction nothing is read through the pool (see openWindows): the calendar as
    // read for this answer, and the contractor's notice already written.
    recheck:
      start && open.state === "open"
        ? async (trx) =>
            windowAt(
              await openWindows(deps, { now, db: trx, calendar: open.calendar, ...(current ? { exceptVisitId: current.id } : {}) }),
              start,
            ) !== null
        : undefined,
    also: notice,
    answers: change.answers ?? false,
    now,
  });
  if (written === "done") {
    deps.outbox.kick();
    deps.push.kick();
    deps.logger.info(`booking ${change.activity}`, {
      leadId: found.lead.id,
      visitId: visit.id,
      startsAt: visit.starts_at,
      status: visit.status,
    });
  }
  return written;
}

/** Holds the window for the request (ADR 071). */
export async function bookVisit(
  deps: BookingDeps,
  { token, start: posted, now = deps.clock.now() }: Verb & { start: string | undefined },
): Promise<BookingAnswer> {
  const found = await findBooking(deps, { token, now });
  if (!found) return { outcome: "not-found" };
  const start = parseStart(posted);
  if (!start) return { outcome: "invalid" };
  if (found.visit) return { outcome: "has-visit" };
  const open = await openWindows(deps, { now });
  if (open.state === "closed") return { outcome: "closed", reason: open.reason };
  const window = windowAt(open, start);
  if (!window) return { outcome: "taken" };
  // Confirmed at once only when the contractor said so, and never outside the service area.
  const atOnce = !open.rules.requireConfirmation && found.lead.in_service_area !== 0;
  const id = randomUUID();
  const stamp = now.toISOString();
  const visit: Visit = {
    id,
    lead_id: found.lead.id,
    starts_at: window.start.toISOString(),
    minutes: Math.round((window.end.getTime() - window.start.getTime()) / 60_000),
    status: atOnce ? "scheduled" : "pending",
    sequence: 0,
    uid: `${id}@${hostOf(deps.config.publicUrl)}`,
    note: null,
    reminder_job_id: null,
    created_at: stamp,
    updated_at: stamp,
    slot_start: window.start.toISOString(),
    booked_by: "homeowner",
  };
  const written = await save(deps, found, {
    visit,
    mail: atOnce ? "visit-invitation" : "booking-received",
    activity: atOnce ? "booked" : "requested",
    open,
    ...(atOnce ? { leadStatus: "scheduled" as const, answers: true } : {}),
    now,
  });
  if (written !== "done") return { outcome: "taken" };
  return { outcome: "done", done: atOnce ? "booked" : "held" };
}

/** The visit ahead, if the homeowner may still change it online. */
function changeable(found: FoundBooking, open: OpenWindows, now: Date): { current: Visit } | BookingAnswer {
  if (!found.visit) return { outcome: "no-visit" };
  if (changeUntil(found.visit, open.rules).getTime() <= now.getTime()) return { outcome: "too-late" };
  return { current: found.visit };
}

/**
 * Moves the visit to another open window. A held one stays held; a confirmed one stays confirmed
 * (the contractor already agreed to come, and the new window is one their rules offer) and the
 * homeowner gets the calendar's update.
 */
export async function moveVisit(
  deps: BookingDeps,
  { token, start: posted, now = deps.clock.now() }: Verb & { start: string | undefined },
): Promise<BookingAnswer> {
  const found = await findBooking(deps, { token, now });
  if (!found) return { outcome: "not-found" };
  const start = parseStart(posted);
  if (!start) return { outcome: "invalid" };
  const open = await openWindows(deps, { now, ...(found.visit ? { exceptVisitId: found.visit.id } : {}) });
  const allowed = changeable(found, open, now);
  if ("outcome" in allowed) return allowed;
  if (open.state === "closed") return { outcome: "closed", reason: open.reason };
  const window = windowAt(open, start);
  const { current } = allowed;
  if (!window || window.start.toISOString() === current.starts_at) return { outcome: "taken" };
  const confirmed = current.status === "scheduled";
  const visit: Visit = {
    ...current,
    starts_at: window.start.toISOString(),
    minutes: Math.round((window.end.getTime() - window.start.getTime()) / 60_000),
    slot_start: window.start.toISOString(),
    sequence: confirmed ? current.sequence + 1 : current.sequence,
    updated_at: now.toISOString(),
    reminder_job_id: confirmed ? current.reminder_job_id : null,
  };
  const written = await save(deps, found, {
    visit,
    current,
    mail: confirmed ? "visit-update" : "booking-received",
    activity: "moved",
    open,
    now,
  });
  if (written === "changed") return { outcome: "changed" };
  if (written === "taken") return { outcome: "taken" };
  return { outcome: "done", done: "moved" };
}

/** Cancels the visit ahead; a confirmed one's calendar event is removed, and the request goes back to "Contacted". */
export async function cancelBooking(deps: BookingDeps, { token, now = deps.clock.now() }: Verb): Promise<BookingAnswer> {
  const found = await findBooking(deps, { token, now });
  if (!found) return { outcome: "not-found" };
  const open = await openWindows(deps, { now });
  const allowed = changeable(found, open, now);
  if ("outcome" in allowed) return allowed;
  const { current } = allowed;
  const confirmed = current.status === "scheduled";
  const visit: Visit = {
    ...current,
    status: "cancelled",
    slot_start: null,
    sequence: confirmed ? current.sequence + 1 : current.sequence,
    updated_at: now.toISOString(),
    reminder_job_id: null,
  };
  const { lead } = found;
  const written = await save(deps, found, {
    visit,
    current,
    mail: confirmed ? "visit-cancel" : null,
    activity: "cancelled",
    open,
    ...(lead.status === "scheduled" ? { leadStatus: "contacted" as const } : {}),
    now,
  });
  if (written !== "done") return { outcome: "changed" };
  return { outcome: "done", done: "cancelled" };
}
