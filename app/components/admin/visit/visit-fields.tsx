import { useId } from "react";
import type { LeadVisitData, VisitActionResult } from "#app/components/admin/visit/visit-data.ts";

/** The date, time, length and note of a visit, shared by "Schedule" and "Reschedule". */
export function VisitFields({
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

/** A visit form's refusal (role="alert"), or its success sentence (role="status"). */
export function Outcome({ result, id }: { result: VisitActionResult | undefined; id: string }) {
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
