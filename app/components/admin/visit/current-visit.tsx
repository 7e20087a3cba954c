import type { FetcherWithComponents } from "react-router";
import { Outcome, VisitFields } from "#app/components/admin/visit/visit-fields.tsx";
import type { LeadVisitData, VisitActionResult, VisitIntent } from "#app/components/admin/visit/visit-data.ts";

type VisitFetcher = FetcherWithComponents<VisitActionResult>;

/** The upcoming visit: when, its note, who has the invitation; then Reschedule and Cancel. */
export function CurrentVisit({
  action,
  visit,
  current,
  name,
  reschedule,
  cancel,
  rescheduleResult,
  cancelResult,
  setLastUsed,
}: {
  action: string;
  visit: LeadVisitData;
  current: NonNullable<LeadVisitData["current"]>;
  name: string;
  reschedule: VisitFetcher;
  cancel: VisitFetcher;
  rescheduleResult: VisitActionResult | undefined;
  cancelResult: VisitActionResult | undefined;
  setLastUsed: (intent: VisitIntent) => void;
}) {
  return (
    <>
      <p className="admin-visit__when">
        <strong>{current.day}</strong>, {current.window}
        {current.bookedOnline ? <span className="admin-tag">Booked online</span> : null}
      </p>
      {current.note ? <p className="admin-visit__note">Note: {current.note}</p> : null}
      <p className="admin-card__meta">
        {name} has the invitation
        {current.changes > 0 ? ` (changed ${current.changes === 1 ? "once" : `${current.changes} times`})` : ""}; a reminder goes out the
        day before.
      </p>
      <h3 id="visit-reschedule-title">Reschedule</h3>
      <Outcome result={rescheduleResult?.error ? rescheduleResult : undefined} id="visit-reschedule-error" />
      <reschedule.Form
        method="post"
        action={action}
        onSubmit={() => setLastUsed("visit-reschedule")}
        className="admin-form admin-visit__form"
        aria-labelledby="visit-reschedule-title"
        key={`re-${current.id}-${current.changes}`}
      >
        <input type="hidden" name="intent" value="visit-reschedule" />
        <input type="hidden" name="visitId" value={current.id} />
        <VisitFields
          visit={visit}
          errorId={rescheduleResult?.error ? "visit-reschedule-error" : undefined}
          values={{
            date: rescheduleResult?.values?.date ?? current.date,
            time: rescheduleResult?.values?.time ?? current.time,
            minutes: rescheduleResult?.values?.minutes ?? String(current.minutes),
            note: rescheduleResult?.values?.note ?? current.note ?? "",
          }}
        />
        <button type="submit" className="admin-button" disabled={reschedule.state !== "idle"}>
          Move the visit and tell {name}
        </button>
      </reschedule.Form>
      <h3 id="visit-cancel-title">Cancel the visit</h3>
      <Outcome result={cancelResult?.error ? cancelResult : undefined} id="visit-cancel-error" />
      <cancel.Form
        method="post"
        action={action}
        onSubmit={() => setLastUsed("visit-cancel")}
        className="admin-form admin-visit__form"
        aria-labelledby="visit-cancel-title"
        key={`cancel-${current.id}-${current.changes}`}
      >
        <input type="hidden" name="intent" value="visit-cancel" />
        <input type="hidden" name="visitId" value={current.id} />
        <div className="admin-check">
          <input id="visit-cancel-confirm" type="checkbox" name="confirm" value="yes" required />
          <label htmlFor="visit-cancel-confirm">Yes, cancel this visit (the homeowner gets a cancellation)</label>
        </div>
        <button type="submit" className="admin-button admin-button--danger" disabled={cancel.state !== "idle"}>
          Cancel the visit
        </button>
      </cancel.Form>
    </>
  );
}

/** No visit yet: the last one's fate, if any, and the form that schedules one. */
export function ScheduleVisit({
  action,
  visit,
  schedule,
  scheduleResult,
  setLastUsed,
}: {
  action: string;
  visit: LeadVisitData;
  schedule: VisitFetcher;
  scheduleResult: VisitActionResult | undefined;
  setLastUsed: (intent: VisitIntent) => void;
}) {
  return (
    <>
      {visit.last ? <p className="admin-card__meta">{visit.last}</p> : null}
      <h3 id="visit-schedule-title">Schedule a visit</h3>
      <Outcome result={scheduleResult?.error ? scheduleResult : undefined} id="visit-schedule-error" />
      <schedule.Form
        method="post"
        action={action}
        onSubmit={() => setLastUsed("visit-schedule")}
        className="admin-form admin-visit__form"
        aria-labelledby="visit-schedule-title"
        key="schedule"
      >
        <input type="hidden" name="intent" value="visit-schedule" />
        <VisitFields
          visit={visit}
          errorId={scheduleResult?.error ? "visit-schedule-error" : undefined}
          values={{
            date: scheduleResult?.values?.date ?? visit.suggestedDate,
            time: scheduleResult?.values?.time ?? "09:00",
            minutes: scheduleResult?.values?.minutes ?? String(visit.defaultMinutes),
            note: scheduleResult?.values?.note ?? "",
          }}
        />
        <button type="submit" className="admin-button" disabled={schedule.state !== "idle"}>
          Schedule and send the invitation
        </button>
      </schedule.Form>
    </>
  );
}
