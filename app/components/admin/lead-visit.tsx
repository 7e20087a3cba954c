import { useId, useState } from "react";
import { useFetcher } from "react-router";

type VisitIntent = "visit-schedule" | "visit-reschedule" | "visit-cancel";

/** What the lead page's action answers for the visit forms (a sentence, or a refusal). */
export interface VisitActionResult {
  intent?: string | null;
  ok?: true;
  message?: string;
  error?: string;
  values?: Record<string, string>;
}

export interface LeadVisitData {
  lengths: { value: number; label: string }[];
  defaultMinutes: number;
  suggestedDate: string;
  today: string;
  noteMaxLength: number;
  last: string | null;
  current: {
    id: string;
    day: string;
    window: string;
    startsAtIso: string;
    minutes: number;
    note: string | null;
    changes: number;
    date: string;
    time: string;
  } | null;
}

const visitIntents: readonly string[] = ["visit-schedule", "visit-reschedule", "visit-cancel"];

function resultFor(result: VisitActionResult | undefined, intent: VisitIntent): VisitActionResult | undefined {
  return result?.intent === intent ? result : undefined;
}

/** The date, time, length and note of a visit, shared by "Schedule" and "Reschedule". */
function VisitFields({
  visit,
  values,
  errorId,
}: {
  visit: LeadVisitData;
  values: { date: string; time: string; minutes: string; note: string };
  errorId: string | undefined;
}) {
  const id = useId();
  return (
    <>
      <div className="admin-field">
        <label htmlFor={`${id}-date`}>Day</label>
        <input id={`${id}-date`} name="date" type="date" required min={visit.today} defaultValue={values.date} aria-describedby={errorId} />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-time`}>Arrival from</label>
        <input id={`${id}-time`} name="time" type="time" required step={900} defaultValue={values.time} aria-describedby={errorId} />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-minutes`}>Arrival window</label>
        <select id={`${id}-minutes`} name="minutes" defaultValue={values.minutes} aria-describedby={`${id}-minutes-hint`}>
          {visit.lengths.map((length) => (
            <option key={length.value} value={length.value}>
              {length.label}
            </option>
          ))}
        </select>
        <p className="admin-card__meta" id={`${id}-minutes-hint`}>
          The homeowner reads it as a window: 9:00 with 2 hours is “Arrival between 9:00 and 11:00 AM”.
        </p>
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-note`}>Note for your calendar (optional)</label>
        <textarea id={`${id}-note`} name="note" rows={2} maxLength={visit.noteMaxLength} defaultValue={values.note} />
      </div>
    </>
  );
}

function Outcome({ result, id }: { result: VisitActionResult | undefined; id: string }) {
  return (
    <>
      {result?.error ? (
        <div className="admin-alert" role="alert" id={id}>
          <p>{result.error}</p>
        </div>
      ) : null}
      {/* Only with a message: the layout's status line stays the page's one live region otherwise. */}
      {result?.ok && result.message ? (
        // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
        <div role="status" className="admin-visit__status">
          <p className="admin-notice">{result.message}</p>
        </div>
      ) : null}
    </>
  );
}

/**
 * The request page's "Site visit" section: schedule a visit (the homeowner gets a calendar
 * invitation), or the upcoming one with Reschedule and Cancel. Fetcher forms: the page updates in
 * place with JavaScript, and the same forms post plainly without it.
 */
export function LeadVisit({
  action,
  visit,
  name,
  actionData,
}: {
  action: string;
  visit: LeadVisitData;
  name: string;
  actionData: VisitActionResult | undefined;
}) {
  const schedule = useFetcher<VisitActionResult>({ key: "visit-schedule" });
  const reschedule = useFetcher<VisitActionResult>({ key: "visit-reschedule" });
  const cancel = useFetcher<VisitActionResult>({ key: "visit-cancel" });
  const posted = visitIntents.includes(actionData?.intent ?? "") ? actionData : undefined;
  // The form used last decides which answer is shown (each fetcher keeps its own last answer).
  const [lastUsed, setLastUsed] = useState<VisitIntent | null>(null);
  const fetched = { "visit-schedule": schedule.data, "visit-reschedule": reschedule.data, "visit-cancel": cancel.data };
  const latest = lastUsed ? fetched[lastUsed] : posted;
  const current = visit.current;
  const scheduleResult = resultFor(lastUsed ? latest : posted, "visit-schedule");
  const rescheduleResult = resultFor(lastUsed ? latest : posted, "visit-reschedule");
  const cancelResult = resultFor(lastUsed ? latest : posted, "visit-cancel");
  // A success shows where the admin looks: above the section's forms, whichever form is left.
  const success = latest?.ok ? latest : undefined;
  const orphan = current ? scheduleResult : (rescheduleResult ?? cancelResult);

  return (
    <section className="admin-section admin-visit" aria-labelledby="lead-visit">
      <h2 id="lead-visit">Site visit</h2>
      <Outcome result={success} id="visit-done" />
      {/* A refusal about a form not shown now (the visit changed meanwhile) is shown at the top. */}
      {orphan?.error ? <Outcome result={orphan} id="visit-error" /> : null}
      {current ? (
        <>
          <p className="admin-visit__when">
            <strong>{current.day}</strong>, {current.window}
          </p>
          {current.note ? <p className="admin-visit__note">Note: {current.note}</p> : null}
          <p className="admin-card__meta">
            {name} has the invitation{current.changes > 0 ? ` (changed ${current.changes === 1 ? "once" : `${current.changes} times`})` : ""}; a
            reminder goes out the day before.
          </p>
          <h3 id="visit-reschedule-title">Reschedule</h3>
          <Outcome result={rescheduleResult?.error ? rescheduleResult : undefined} id="visit-reschedule-error" />
          <reschedule.Form method="post" action={action} onSubmit={() => setLastUsed("visit-reschedule")} className="admin-form admin-visit__form" aria-labelledby="visit-reschedule-title" key={`re-${current.id}-${current.changes}`}>
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
          <cancel.Form method="post" action={action} onSubmit={() => setLastUsed("visit-cancel")} className="admin-form admin-visit__form" aria-labelledby="visit-cancel-title" key={`cancel-${current.id}-${current.changes}`}>
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
      ) : (
        <>
          {visit.last ? <p className="admin-card__meta">{visit.last}</p> : null}
          <h3 id="visit-schedule-title">Schedule a visit</h3>
          <Outcome result={scheduleResult?.error ? scheduleResult : undefined} id="visit-schedule-error" />
          <schedule.Form method="post" action={action} onSubmit={() => setLastUsed("visit-schedule")} className="admin-form admin-visit__form" aria-labelledby="visit-schedule-title" key="schedule">
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
      )}
    </section>
  );
}
