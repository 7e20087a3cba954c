import type { AdminActionResult } from "#app/schemas/admin-action.ts";
import { ActionError } from "#app/components/admin/action-error.tsx";
import { IntentForm } from "#app/components/admin/intent-form.tsx";

/** Deleting a request, once a box is ticked to confirm (intent `delete`). */
export function LeadDeleteForm({ action, actionData }: { action: string; actionData: AdminActionResult | undefined }) {
  return (
    <section className="admin-section admin-danger" aria-labelledby="lead-delete">
      <h2 id="lead-delete">Delete this request</h2>
      <p>Deleting removes the request, its notes and its emails for good. It cannot be undone.</p>
      <ActionError result={actionData} intent="delete" />
      <IntentForm intent="delete" action={action} className="admin-stack-form">
        <div className="admin-check">
          <input type="checkbox" id="delete-confirm" name="confirm" value="yes" required />
          <label htmlFor="delete-confirm">Yes, delete this request</label>
        </div>
        <button type="submit" className="admin-button admin-button--danger">
          Delete request
        </button>
      </IntentForm>
    </section>
  );
}
