/**
 * Site visits (issue 15, items 4 and 5; ADR 033): scheduling, moving and cancelling a visit on a
 * request, with the homeowner's invitation, update or cancellation (iCalendar) and the reminder
 * the day before, all through the outbox; the contractor's list of visits; and the private
 * calendar feed.
 *
 * Times the admin types are wall clocks in SITE_TIMEZONE; they are stored in UTC. Routes keep the
 * HTTP: these take the services and the posted text, and return the sentence the admin reads.
 */
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { AppServices } from "../context.server.ts";
import type { DB } from "../db/schema.server.ts";
import { cleanMultiLineText } from "../../schemas/text.ts";
import type { Lead } from "../repos/leads.server.ts";
import type { ScheduledEmailJob } from "../repos/email-jobs.server.ts";
import { getSetting, setSetting, setSettingIfAbsent } from "../repos/settings.server.ts";
import { getLatestVisitOfLead, listVisits, saveVisit, type Visit, type VisitWithLead } from "../repos/visits.server.ts";
import { senderAddress } from "../mail/messages.server.ts";
import { visitMail, type VisitMailKind } from "../mail/visit-messages.server.ts";
import { visitFeedCalendar, visitInvitationCalendar, type CalendarBusiness, type CalendarVisit } from "./ical.server.ts";
import { wallClockAt, wallClockToInstant } from "./zoned-time.server.ts";
import { leadStatusLabels } from "../../schemas/lead.ts";

type Db = Kysely<DB>;
type VisitServices = Pick<AppServices, "config" | "database" | "logger" | "outbox" | "site">;

export const VISIT_MIN_MINUTES = 30;
export const VISIT_MAX_MINUTES = 8 * 60;
export const VISIT_DEFAULT_MINUTES = 120;
/** The lengths the form offers; any whole quarter hour in range is taken from a hand-made post. */
export const VISIT_LENGTHS = [30, 60, 90, 120, 180, 240, 300, 360, 420, 480] as const;
/** How far ahead a visit can be put. */
export const VISIT_MAX_DAYS_AHEAD = 366;
export const VISIT_NOTE_MAX_LENGTH = 500;
/** The reminder goes out at this local hour the day before. */
export const REMINDER_HOUR = 9;
/** Past visits the feed and the list keep showing. */
export const RECENT_DAYS = 30;
const DAY_MS = 86_400_000;

export interface Refused {
  outcome: "refused";
  error: string;
  status: 400 | 409;
  values?: Record<string, string>;
}

// --- Words and times ------------------------------------------------------------------------------

const dayFormats = new Map<string, Intl.DateTimeFormat>();
function format(timeZone: string, key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${timeZone}|${key}`;
  let f = dayFormats.get(id);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone, ...options });
    dayFormats.set(id, f);
  }
  return f;
}

const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

/** "Tuesday, December 1, 2026". */
export function visitDayLabel(instant: Date, timeZone: string): string {
  return plain(format(timeZone, "long-day", { weekday: "long", month: "long", day: "numeric", year: "numeric" }).format(instant));
}

/** "Tue, Dec 1". */
function shortDayLabel(instant: Date, timeZone: string): string {
  return plain(format(timeZone, "short-day", { weekday: "short", month: "short", day: "numeric" }).format(instant));
}

function clock(instant: Date, timeZone: string): { time: string; period: string } {
  const parts = format(timeZone, "clock", { hour: "numeric", minute: "2-digit", hour12: true }).formatToParts(instant);
  const time = parts
    .filter((p) => p.type === "hour" || p.type === "minute" || p.type === "literal")
    .map((p) => p.value)
    .join("")
    .trim();
  const period = parts.find((p) => p.type === "dayPeriod")?.value ?? "";
  return { time: plain(time), period };
}

/** "9:00–11:00 AM", or "11:00 AM–1:00 PM" across noon. */
export function windowRange(start: Date, minutes: number, timeZone: string): string {
  const a = clock(start, timeZone);
  const b = clock(new Date(start.getTime() + minutes * 60_000), timeZone);
  return a.period === b.period ? `${a.time}–${b.time} ${b.period}` : `${a.time} ${a.period}–${b.time} ${b.period}`;
}

/** "Arrival between 9:00 and 11:00 AM" (a window), or "Arrival at 9:00 AM" for the shortest. */
export function arrivalWindowLabel(start: Date, minutes: number, timeZone: string): string {
  const a = clock(start, timeZone);
  const b = clock(new Date(start.getTime() + minutes * 60_000), timeZone);
  const between = a.period === b.period ? `${a.time} and ${b.time} ${b.period}` : `${a.time} ${a.period} and ${b.time} ${b.period}`;
  return `Arrival between ${between}`;
}

/** "Tue, Dec 1, 9:00–11:00 AM". */
export function visitShortLabel(start: Date, minutes: number, timeZone: string): string {
  return `${shortDayLabel(start, timeZone)}, ${windowRange(start, minutes, timeZone)}`;
}

/** "2 hours", "90 minutes", "1 hour". */
export function lengthLabel(minutes: number): string {
  if (minutes % 60 === 0) return minutes === 60 ? "1 hour" : `${minutes / 60} hours`;
  return `${minutes} minutes`;
}

/** The local calendar day of an instant, "2026-12-01". */
export function localDayKey(instant: Date, timeZone: string): string {
  const w = wallClockAt(instant, timeZone);
  return `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
}

/** When the reminder goes: 9:00 AM local the day before, or now when that has passed (the visit still ahead). */
export function reminderDueAt(startsAt: Date, timeZone: string, now: Date): Date {
  const w = wallClockAt(startsAt, timeZone);
  const dayBefore = new Date(Date.UTC(w.year, w.month - 1, w.day - 1));
  const due =
    wallClockToInstant(
      { year: dayBefore.getUTCFullYear(), month: dayBefore.getUTCMonth() + 1, day: dayBefore.getUTCDate(), hour: REMINDER_HOUR, minute: 0, second: 0 },
      timeZone,
    ) ?? new Date(startsAt.getTime() - DAY_MS);
  return due.getTime() > now.getTime() ? due : now;
}

// --- The form -----------------------------------------------------------------------------------

export interface VisitInput {
  date?: string;
  time?: string;
  minutes?: string;
  note?: string;
}

/**
 * The posted date, time, length and note, checked: the wall clock in `timeZone` turned into UTC.
 * A refusal says what to fix and keeps what was typed.
 */
export function checkVisitInput(
  input: VisitInput,
  timeZone: string,
  now: Date,
): { outcome: "ok"; startsAt: Date; minutes: number; note: string | null } | Refused {
  const values = {
    date: (input.date ?? "").trim().slice(0, 40),
    time: (input.time ?? "").trim().slice(0, 40),
    minutes: (input.minutes ?? "").trim().slice(0, 10),
    note: (input.note ?? "").slice(0, VISIT_NOTE_MAX_LENGTH * 2),
  };
  const refuse = (error: string): Refused => ({ outcome: "refused", error, status: 400, values });
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(values.date);
  if (!date) return refuse("Choose the day of the visit (for example 2026-12-01).");
  const [year, month, day] = [Number(date[1]), Number(date[2]), Number(date[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return refuse(`${values.date} is not a date on the calendar. Choose the day again.`);
  }
  const time = /^(\d{1,2}):(\d{2})$/.exec(values.time);
  if (!time || Number(time[1]) > 23 || Number(time[2]) > 59) {
    return refuse("Choose the start of the arrival window as hours and minutes (for example 09:00).");
  }
  const minutes = values.minutes === "" ? VISIT_DEFAULT_MINUTES : Number(values.minutes);
  if (!Number.isInteger(minutes) || minutes < VISIT_MIN_MINUTES || minutes > VISIT_MAX_MINUTES || minutes % 15 !== 0) {
    return refuse(`The arrival window can be from ${VISIT_MIN_MINUTES} minutes to ${VISIT_MAX_MINUTES / 60} hours, in quarter hours.`);
  }
  const wall = { year, month, day, hour: Number(time[1]), minute: Number(time[2]), second: 0 };
  const startsAt = wallClockToInstant(wall, timeZone);
  if (!startsAt) {
    return refuse(`${values.time} does not exist on ${values.date}: the clocks move forward that night. Choose a later time.`);
  }
  if (startsAt.getTime() <= now.getTime()) {
    return refuse(`${visitDayLabel(startsAt, timeZone)} at ${clock(startsAt, timeZone).time} ${clock(startsAt, timeZone).period} has already passed. Choose a time in the future.`);
  }
  if (startsAt.getTime() > now.getTime() + VISIT_MAX_DAYS_AHEAD * DAY_MS) {
    return refuse("A visit can be put at most a year ahead. Choose an earlier day.");
  }
  const note = cleanMultiLineText(values.note).trim();
  if (note.length > VISIT_NOTE_MAX_LENGTH) {
    return refuse(`The note can be at most ${VISIT_NOTE_MAX_LENGTH} characters; this one has ${note.length}.`);
  }
  return { outcome: "ok", startsAt, minutes, note: note === "" ? null : note };
}

// --- What the emails and calendars say ------------------------------------------------------------

/** Where the visit is: the request's street address and ZIP, or words saying it is to be confirmed. */
export function visitLocation(lead: Pick<Lead, "street_address" | "zip">): string {
  const street = lead.street_address?.replace(/\s+/g, " ").trim();
  const zip = lead.zip?.trim();
  if (street) return zip && !street.includes(zip) ? `${street}, ${zip}` : street;
  return zip ? `Address to be confirmed (ZIP ${zip})` : "Address to be confirmed";
}

function hostOf(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname || "localhost";
  } catch {
    return "localhost";
  }
}

/** The bare address of a From line (`"Name" <a@b>` → a@b). */
function bareAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
}

async function businessFacts(services: Pick<AppServices, "config" | "site">) {
  const { profile } = await services.site.content();
  const from = senderAddress({ mailFrom: services.config.env.MAIL_FROM, publicUrl: services.config.publicUrl, name: profile.name });
  const organiser: CalendarBusiness = { name: profile.name, email: profile.publicEmail || bareAddress(from) };
  return { profile, from, organiser };
}

function homeownerCalendarVisit(visit: Visit, lead: Lead, profile: { name: string; phone: string }, timeZone: string): CalendarVisit {
  const start = new Date(visit.starts_at);
  return {
    uid: visit.uid,
    sequence: visit.sequence,
    startsAt: visit.starts_at,
    minutes: visit.minutes,
    status: visit.status,
    summary: `Site visit: ${profile.name}`,
    location: visitLocation(lead),
    description: [
      `${profile.name} comes to look at your project (${lead.subject}).`,
      `${arrivalWindowLabel(start, visit.minutes, timeZone)}.`,
      `Questions, or need another time? Call ${profile.phone}.`,
    ].join("\n"),
    updatedAt: visit.updated_at,
    attendee: { name: lead.from_name, email: lead.email },
  };
}

/** The email jobs of one change: the message now, and the reminder the day before (unless cancelled). */
async function visitJobs({
  services,
  lead,
  visit,
  kind,
  previous,
  now,
}: {
  services: VisitServices;
  lead: Lead;
  visit: Visit;
  kind: Exclude<VisitMailKind, "visit-reminder">;
  previous?: Visit;
  now: Date;
}): Promise<{ jobs: ScheduledEmailJob[]; reminderId: string | null }> {
  const timeZone = services.config.env.SITE_TIMEZONE;
  const { profile, from, organiser } = await businessFacts(services);
  const start = new Date(visit.starts_at);
  const facts = {
    to: lead.email,
    from,
    homeownerName: lead.from_name,
    subject: lead.subject,
    day: visitDayLabel(start, timeZone),
    window: arrivalWindowLabel(start, visit.minutes, timeZone),
    location: visitLocation(lead),
    business: profile,
  };
  const calendar = visitInvitationCalendar({ visit: homeownerCalendarVisit(visit, lead, profile, timeZone), business: organiser, timeZone, now });
  const previousFacts = previous
    ? { day: visitDayLabel(new Date(previous.starts_at), timeZone), window: arrivalWindowLabel(new Date(previous.starts_at), previous.minutes, timeZone) }
    : undefined;
  const giveUpMs = services.config.env.MAIL_GIVE_UP_HOURS * 3600_000;
  const jobs: ScheduledEmailJob[] = [
    {
      id: randomUUID(),
      leadId: lead.id,
      kind,
      recipient: lead.email,
      payload: visitMail({ ...facts, kind, calendar, ...(previousFacts ? { previous: previousFacts } : {}) }),
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
      payload: visitMail({ ...facts, kind: "visit-reminder", reminderDay }),
      dueAt,
      // A reminder after the visit began is no use: it is given up then.
      giveUpAt: start,
    });
  }
  return { jobs, reminderId };
}

// --- Scheduling, moving, cancelling -----------------------------------------------------------------

export type VisitDone = { outcome: "done"; message: string };

function isUpcoming(visit: Visit, now: Date): boolean {
  return visit.status === "scheduled" && new Date(visit.starts_at).getTime() + visit.minutes * 60_000 > now.getTime();
}

/** Schedules a visit on a request: stored, the request marked "Visit scheduled", the invitation and reminder queued. */
export async function scheduleVisit({
  services,
  lead,
  input,
  adminId,
  now = new Date(),
}: {
  services: VisitServices;
  lead: Lead;
  input: VisitInput;
  adminId: string;
  now?: Date;
}): Promise<VisitDone | Refused> {
  const timeZone = services.config.env.SITE_TIMEZONE;
  if (lead.status === "spam") {
    return { outcome: "refused", status: 409, error: "This request is marked as spam. Change its status before scheduling a visit." };
  }
  const checked = checkVisitInput(input, timeZone, now);
  if (checked.outcome === "refused") return checked;
  const current = await getLatestVisitOfLead({ db: services.database.db, leadId: lead.id });
  if (current && isUpcoming(current, now)) {
    return {
      outcome: "refused",
      status: 409,
      error: `This request already has a visit on ${visitShortLabel(new Date(current.starts_at), current.minutes, timeZone)}. Reschedule or cancel that one.`,
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
    uid: `${id}@${hostOf(services.config.publicUrl)}`,
    note: checked.note,
    reminder_job_id: null,
    created_at: stamp,
    updated_at: stamp,
  };
  const { jobs, reminderId } = await visitJobs({ services, lead, visit, kind: "visit-invitation", now });
  visit.reminder_job_id = reminderId;
  await saveVisit({ db: services.database.db, visit, mode: "insert", jobs, leadStatus: "scheduled", now });
  services.logger.info("visit scheduled", { leadId: lead.id, visitId: id, startsAt: visit.starts_at, adminId });
  if (lead.status !== "scheduled") {
    services.logger.info("lead status changed", { leadId: lead.id, from: lead.status, to: "scheduled", adminId });
  }
  services.outbox.kick();
  return {
    outcome: "done",
    message: `Visit scheduled for ${visitShortLabel(checked.startsAt, checked.minutes, timeZone)}. The invitation is on its way to ${lead.email}.`,
  };
}

const NO_VISIT = "This request has no upcoming visit to change. Schedule one first.";
const CHANGED_MEANWHILE = "Someone changed this visit while you were looking at it. Check the new time below and try again.";

/** Moves the request's upcoming visit: SEQUENCE one up, the update sent, the reminder replaced. */
export async function rescheduleVisit({
  services,
  lead,
  visitId,
  input,
  adminId,
  now = new Date(),
}: {
  services: VisitServices;
  lead: Lead;
  visitId: string | undefined;
  input: VisitInput;
  adminId: string;
  now?: Date;
}): Promise<VisitDone | Refused> {
  const timeZone = services.config.env.SITE_TIMEZONE;
  const current = await getLatestVisitOfLead({ db: services.database.db, leadId: lead.id });
  if (!current || !isUpcoming(current, now)) return { outcome: "refused", status: 409, error: NO_VISIT };
  if (visitId !== undefined && visitId !== current.id) return { outcome: "refused", status: 409, error: CHANGED_MEANWHILE };
  const checked = checkVisitInput({ ...input, note: input.note ?? current.note ?? "" }, timeZone, now);
  if (checked.outcome === "refused") return checked;
  // Only a new time or length is a change the homeowner is told about (the note is the contractor's).
  if (checked.startsAt.toISOString() === current.starts_at && checked.minutes === current.minutes) {
    return { outcome: "refused", status: 400, error: "That is the time the visit already has. Choose another day or time to move it." };
  }
  const visit: Visit = {
    ...current,
    starts_at: checked.startsAt.toISOString(),
    minutes: checked.minutes,
    note: checked.note,
    sequence: current.sequence + 1,
    updated_at: now.toISOString(),
  };
  const { jobs, reminderId } = await visitJobs({ services, lead, visit, kind: "visit-update", previous: current, now });
  visit.reminder_job_id = reminderId;
  const saved = await saveVisit({
    db: services.database.db,
    visit,
    mode: "update",
    expectedSequence: current.sequence,
    jobs,
    dropJobId: current.reminder_job_id,
    leadStatus: "scheduled",
    now,
  });
  if (!saved) return { outcome: "refused", status: 409, error: CHANGED_MEANWHILE };
  services.logger.info("visit rescheduled", { leadId: lead.id, visitId: visit.id, from: current.starts_at, to: visit.starts_at, adminId });
  services.outbox.kick();
  return {
    outcome: "done",
    message: `Visit moved to ${visitShortLabel(checked.startsAt, checked.minutes, timeZone)}. The new time is on its way to ${lead.email}.`,
  };
}

/** Cancels the request's upcoming visit: the cancellation (METHOD:CANCEL) sent, the reminder dropped. */
export async function cancelVisit({
  services,
  lead,
  visitId,
  confirmed,
  adminId,
  now = new Date(),
}: {
  services: VisitServices;
  lead: Lead;
  visitId: string | undefined;
  confirmed: boolean;
  adminId: string;
  now?: Date;
}): Promise<VisitDone | Refused> {
  const timeZone = services.config.env.SITE_TIMEZONE;
  if (!confirmed) {
    return { outcome: "refused", status: 400, error: "Tick “Yes, cancel this visit” to confirm. The visit was kept." };
  }
  const current = await getLatestVisitOfLead({ db: services.database.db, leadId: lead.id });
  if (!current || !isUpcoming(current, now)) return { outcome: "refused", status: 409, error: NO_VISIT };
  if (visitId !== undefined && visitId !== current.id) return { outcome: "refused", status: 409, error: CHANGED_MEANWHILE };
  const visit: Visit = { ...current, status: "cancelled", sequence: current.sequence + 1, updated_at: now.toISOString(), reminder_job_id: null };
  const { jobs } = await visitJobs({ services, lead, visit, kind: "visit-cancel", now });
  // A request still marked "Visit scheduled" goes back to "Contacted": no visit is planned any more.
  const leadStatus = lead.status === "scheduled" ? "contacted" : undefined;
  const saved = await saveVisit({
    db: services.database.db,
    visit,
    mode: "update",
    expectedSequence: current.sequence,
    jobs,
    dropJobId: current.reminder_job_id,
    leadStatus,
    now,
  });
  if (!saved) return { outcome: "refused", status: 409, error: CHANGED_MEANWHILE };
  services.logger.info("visit cancelled", { leadId: lead.id, visitId: visit.id, adminId });
  if (leadStatus) services.logger.info("lead status changed", { leadId: lead.id, from: lead.status, to: leadStatus, adminId });
  services.outbox.kick();
  const when = visitShortLabel(new Date(current.starts_at), current.minutes, timeZone);
  return {
    outcome: "done",
    message: `Visit on ${when} cancelled. ${lead.from_name} is told by email${leadStatus ? `, and the request is back to “${leadStatusLabels[leadStatus]}”` : ""}.`,
  };
}

// --- What the pages show ----------------------------------------------------------------------------

function dateInput(instant: Date, timeZone: string): { date: string; time: string } {
  const w = wallClockAt(instant, timeZone);
  return { date: localDayKey(instant, timeZone), time: `${String(w.hour).padStart(2, "0")}:${String(w.minute).padStart(2, "0")}` };
}

/** The request page's visit section: the upcoming visit (with the form's current values), or none. */
export async function getLeadVisit({ db, leadId, timeZone, now = new Date() }: { db: Db; leadId: string; timeZone: string; now?: Date }) {
  const latest = await getLatestVisitOfLead({ db, leadId });
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
  const start = new Date(latest.starts_at);
  return {
    ...base,
    last: null,
    current: {
      id: latest.id,
      day: visitDayLabel(start, timeZone),
      window: arrivalWindowLabel(start, latest.minutes, timeZone),
      startsAtIso: latest.starts_at,
      minutes: latest.minutes,
      note: latest.note,
      changes: latest.sequence,
      ...dateInput(start, timeZone),
    },
  };
}

function mapsHref(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

function telHref(phone: string): string | null {
  const digits = phone.replace(/[^\d+]/g, "").replace(/(?!^)\+/g, "");
  return digits.replace("+", "").length >= 7 ? `tel:${digits}` : null;
}

function visitRow(visit: VisitWithLead, timeZone: string) {
  const start = new Date(visit.starts_at);
  const hasAddress = Boolean(visit.street_address?.trim() || visit.zip?.trim());
  const address = visitLocation(visit);
  return {
    id: visit.id,
    leadId: visit.lead_id,
    name: visit.from_name,
    service: visit.subject,
    phone: visit.phone,
    telHref: telHref(visit.phone),
    address,
    mapsHref: hasAddress ? mapsHref(address.replace(/^Address to be confirmed \(ZIP (.*)\)$/, "$1")) : null,
    window: windowRange(start, visit.minutes, timeZone),
    day: visitDayLabel(start, timeZone),
    startsAtIso: visit.starts_at,
    note: visit.note,
  };
}

function byDay(rows: ReturnType<typeof visitRow>[], timeZone: string) {
  const days: { key: string; label: string; visits: ReturnType<typeof visitRow>[] }[] = [];
  for (const row of rows) {
    const key = localDayKey(new Date(row.startsAtIso), timeZone);
    const last = days.at(-1);
    if (last?.key === key) last.visits.push(row);
    else days.push({ key, label: row.day, visits: [row] });
  }
  return days;
}

const LIST_LIMIT = 500;

function ends(visit: Visit): number {
  return new Date(visit.starts_at).getTime() + visit.minutes * 60_000;
}

/** /admin/visits: upcoming visits by local day, the last 30 days' visits, and upcoming cancelled ones. */
export async function getVisitsPage({ db, timeZone, now = new Date() }: { db: Db; timeZone: string; now?: Date }) {
  // A visit in progress (started, window not over) still counts as upcoming.
  const upcomingFrom = new Date(now.getTime() - VISIT_MAX_MINUTES * 60_000);
  const [scheduled, recentRows, cancelled] = await Promise.all([
    listVisits({ db, status: "scheduled", from: upcomingFrom, limit: LIST_LIMIT }),
    listVisits({ db, status: "scheduled", from: new Date(now.getTime() - RECENT_DAYS * DAY_MS), to: upcomingFrom, limit: LIST_LIMIT }),
    listVisits({ db, status: "cancelled", from: now, limit: LIST_LIMIT }),
  ]);
  const upcoming = scheduled.filter((v) => ends(v) > now.getTime());
  const past = [...recentRows, ...scheduled.filter((v) => ends(v) <= now.getTime())].toSorted((a, b) => b.starts_at.localeCompare(a.starts_at));
  return {
    days: byDay(upcoming.map((v) => visitRow(v, timeZone)), timeZone),
    upcomingCount: upcoming.length,
    past: past.map((v) => visitRow(v, timeZone)),
    cancelled: cancelled.map((v) => visitRow(v, timeZone)),
    recentDays: RECENT_DAYS,
    timeZone,
  };
}

// --- The calendar feed ---------------------------------------------------------------------------

const FEED_SETTING = "calendar_feed";

interface FeedSetting {
  /** A random id; the token is HMAC(secret, id), so the database alone cannot give the address. */
  id: string;
  /** SHA-256 of the token, what a request's token is checked against. */
  hash: string;
}

function feedToken(secret: string, id: string): string {
  return createHmac("sha256", secret).update(`calendar-feed:${id}`).digest("base64url");
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

function newFeedSetting(secret: string): FeedSetting {
  const id = randomBytes(16).toString("base64url");
  return { id, hash: sha256(feedToken(secret, id)) };
}

function isFeedSetting(value: unknown): value is FeedSetting {
  return typeof value === "object" && value !== null && typeof (value as FeedSetting).id === "string" && typeof (value as FeedSetting).hash === "string";
}

/** The feed's addresses (https:// and webcal://), made on first use. */
export async function getFeedAddresses({ services }: { services: Pick<AppServices, "config" | "database" | "secret"> }) {
  const stored = await setSettingIfAbsent({ db: services.database.db, key: FEED_SETTING, value: newFeedSetting(services.secret) });
  const setting = isFeedSetting(stored) ? stored : await regenerate(services);
  return feedAddresses(services.config.publicUrl, feedToken(services.secret, setting.id));
}

function feedAddresses(publicUrl: string, token: string) {
  const https = `${publicUrl.replace(/\/+$/, "")}/calendar/${token}.ics`;
  return { https, webcal: https.replace(/^https?:/, "webcal:") };
}

async function regenerate(services: Pick<AppServices, "database" | "secret">): Promise<FeedSetting> {
  const setting = newFeedSetting(services.secret);
  await setSetting({ db: services.database.db, key: FEED_SETTING, value: setting });
  return setting;
}

/** A new feed address; the old one stops at once. */
export async function regenerateFeedAddress({
  services,
  adminId,
}: {
  services: Pick<AppServices, "config" | "database" | "secret" | "logger">;
  adminId: string;
}) {
  const setting = await regenerate(services);
  services.logger.info("calendar feed address replaced", { adminId });
  return feedAddresses(services.config.publicUrl, feedToken(services.secret, setting.id));
}

/** Whether `token` is the feed's current one (constant time). */
export async function isFeedToken({ db, token }: { db: Db; token: string }): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return false;
  const stored = await getSetting({ db, key: FEED_SETTING });
  if (!isFeedSetting(stored)) return false;
  const given = Buffer.from(sha256(token), "hex");
  const expected = Buffer.from(stored.hash, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The contractor's calendar for a feed token, or null when the token is not the current one:
 * every scheduled visit of the last 30 days and ahead, with what the contractor needs (name,
 * phone, service, address, the request's link) and nothing more.
 */
export async function visitFeed({
  services,
  token,
  now = new Date(),
}: {
  services: Pick<AppServices, "config" | "database" | "site">;
  token: string;
  now?: Date;
}): Promise<string | null> {
  const db = services.database.db;
  if (!(await isFeedToken({ db, token }))) return null;
  const timeZone = services.config.env.SITE_TIMEZONE;
  const visits = await listVisits({ db, status: "scheduled", from: new Date(now.getTime() - RECENT_DAYS * DAY_MS), limit: 5000 });
  const { organiser } = await businessFacts(services);
  const site = services.config.publicUrl.replace(/\/+$/, "");
  return visitFeedCalendar({
    business: organiser,
    timeZone,
    now,
    visits: visits.map((visit) => {
      const start = new Date(visit.starts_at);
      const url = `${site}/admin/leads/${visit.lead_id}`;
      return {
        uid: visit.uid,
        sequence: visit.sequence,
        startsAt: visit.starts_at,
        minutes: visit.minutes,
        status: visit.status,
        summary: `Visit: ${visit.from_name} (${visit.subject})`,
        location: visitLocation(visit),
        description: [
          `${arrivalWindowLabel(start, visit.minutes, timeZone)}.`,
          `${visit.from_name}, ${visit.phone}`,
          `Service: ${visit.subject}`,
          ...(visit.note ? [`Note: ${visit.note}`] : []),
          `Request: ${url}`,
        ].join("\n"),
        url,
        updatedAt: visit.updated_at,
      };
    }),
  });
}
