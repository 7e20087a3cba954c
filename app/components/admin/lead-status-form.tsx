import type { AdminActionError } from "~/schemas/admin-action";
import { leadStatusLabels, leadStatuses, type LeadStatus } from "~/schemas/lead";
import { ActionError } from "./action-error";
import { IntentForm } from "./intent-form";

/** A request's status, to change (intent `status`). */
export function LeadStatusForm({
  action,
  status,
  actionData,
}: {
  action: string;
  status: LeadStatus;
  actionData: AdminActionError | undefined;
}) {
  return (
    <section className="admin-section" aria-labelledby="lead-status">
      <h2 id="lead-status">Status</h2>
      <ActionError result={actionData} intent="status" id="status-error" />
      {/* Keyed by the status: after a change the select shows the stored one. */}
      <IntentForm intent="status" action={action} className="admin-inline-form" key={`status-${status}`}>
        <div className="admin-field">
          <label htmlFor="lead-status-select">Change the status</label>
          <select
            id="lead-status-select"
            name="status"
            defaultValue={status}
            aria-describedby={actionData?.intent === "status" ? "status-error" : undefined}
          >
            {leadStatuses.map((option) => (
              <option key={option} value={option}>
                {leadStatusLabels[option]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="admin-button">
          Save status
        </button>
      </IntentForm>
    </section>
  );
}
