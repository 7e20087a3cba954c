import { Form } from "react-router";
import { ActionError } from "#app/components/admin/action-error.tsx";
import type { AdminActionError } from "#app/schemas/admin-action.ts";
import { UNANSWERED_HOURS_LABEL, unansweredReminderLimits } from "#app/schemas/unanswered-reminder.ts";

/**
 * "Unanswered requests" (issue 29): after how many business hours a request nobody answered
 * reminds the contractor, by email and on their phone. A plain form: it posts without JavaScript.
 */
export function UnansweredReminderForm({
  hours,
  description,
  refused,
}: {
  /** The stored hours; 0 when the reminder is off. */
  hours: number;
  /** The stored setting in a sentence. */
  description: string;
  /** This form's refusal, with what was typed. */
  refused: AdminActionError | undefined;
}) {
  return (
    <section className="admin-section" aria-labelledby="unanswered-requests">
      <h2 id="unanswered-requests">Unanswered requests</h2>
      <p>
        When nobody has answered a request (a reply, a visit, a quote, or its status moved on) after this many business hours, you get a
        reminder by email and on your phone. Hours count only while you are open, by the hours on your business profile. 0 turns it off.
      </p>
      <p>{description}</p>
      <ActionError result={refused} id="unanswered-reminder-error" />
      <Form method="post" className="admin-stack-form">
        <input type="hidden" name="intent" value="unanswered-reminder" />
        <div className="admin-field">
          <label htmlFor="reminder_hours">{UNANSWERED_HOURS_LABEL}</label>
          <input
            id="reminder_hours"
            name="reminder_hours"
            type="number"
            inputMode="numeric"
            min={0}
            max={unansweredReminderLimits.hours.max}
            step={1}
            required
            defaultValue={refused?.values?.reminder_hours ?? String(hours)}
            aria-invalid={refused ? true : undefined}
            aria-describedby={refused ? "unanswered-reminder-error" : undefined}
          />
        </div>
        <button type="submit" className="admin-button">
          Save reminder
        </button>
      </Form>
    </section>
  );
}
