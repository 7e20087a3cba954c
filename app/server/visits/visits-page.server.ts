/** /admin/visits (ADR 033): upcoming visits by local day, the last 30 days' visits, upcoming cancelled ones. */
import { listVisits, type VisitWithLead } from "#app/server/repos/visits.server.ts";
import type { VisitDeps } from "#app/server/visits/deps.server.ts";
import { localDayKey, visitDayLabel, windowRange } from "#app/server/visits/labels.server.ts";
import { DAY_MS, RECENT_DAYS, VISIT_MAX_MINUTES, visitEndsAt } from "#app/server/visits/rules.server.ts";
import { visitLocation } from "#app/server/visits/visit-facts.server.ts";

const LIST_LIMIT = 500;

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

type VisitRow = ReturnType<typeof visitRow>;

function byDay(rows: VisitRow[], timeZone: string) {
  const days: { key: string; label: string; visits: VisitRow[] }[] = [];
  for (const row of rows) {
    const key = localDayKey(new Date(row.startsAtIso), timeZone);
    const last = days.at(-1);
    if (last?.key === key) last.visits.push(row);
    else days.push({ key, label: row.day, visits: [row] });
  }
  return days;
}

/** /admin/visits: upcoming visits by local day, the last 30 days' visits, and upcoming cancelled ones. */
export async function getVisitsPage(deps: Pick<VisitDeps, "database" | "clock">, { now = new Date() }: { now?: Date } = {}) {
  const db = deps.database.db;
  const { timeZone } = deps.clock;
  // A visit in progress (started, window not over) still counts as upcoming.
  const upcomingFrom = new Date(now.getTime() - VISIT_MAX_MINUTES * 60_000);
  const [scheduled, recentRows, cancelled] = await Promise.all([
    listVisits({ db, status: "scheduled", from: upcomingFrom, limit: LIST_LIMIT }),
    listVisits({
      db,
      status: "scheduled",
      from: new Date(now.getTime() - RECENT_DAYS * DAY_MS),
      to: upcomingFrom,
      limit: LIST_LIMIT,
    }),
    listVisits({ db, status: "cancelled", from: now, limit: LIST_LIMIT }),
  ]);
  const upcoming = scheduled.filter((v) => visitEndsAt(v) > now.getTime());
  const past = [...recentRows, ...scheduled.filter((v) => visitEndsAt(v) <= now.getTime())].toSorted((a, b) =>
    b.starts_at.localeCompare(a.starts_at),
  );
  return {
    days: byDay(
      upcoming.map((v) => visitRow(v, timeZone)),
      timeZone,
    ),
    upcomingCount: upcoming.length,
    past: past.map((v) => visitRow(v, timeZone)),
    cancelled: cancelled.map((v) => visitRow(v, timeZone)),
    recentDays: RECENT_DAYS,
    timeZone,
  };
}
