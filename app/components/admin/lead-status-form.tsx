import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { resultFor, type AdminActionResult } from "#app/schemas/admin-action.ts";
import { leadStatusLabels, leadStatuses, type LeadStatus } from "#app/schemas/lead.ts";
import { ActionError } from "#app/components/admin/action-error.tsx";
import { ActionDone, useKeepFocus } from "#app/components/admin/in-place-form.tsx";

/**
 * A request's status, to change (intent `status`). A fetcher form: the page changes in place and
 * focus stays on the button; without JavaScript it is a plain post (ADR 031).
 */
export function LeadStatusForm({
  action,
  status,
  actionData,
}: {
  action: string;
  status: LeadStatus;
  actionData: AdminActionResult | undefined;
}) {
  const fetcher = useFetcher<AdminActionResult>();
  const result = resultFor("status", fetcher.data, actionData);
  const select = useRef<HTMLSelectElement>(null);
  const onSubmit = useKeepFocus(fetcher, { onRefused: () => select.current, fallback: () => select.current });
  const refused = result !== undefined && "error" in result;
  // The status can change from elsewhere on the page (scheduling or cancelling a visit): the
  // select follows the stored status without being replaced, so focus stays where it is.
  useEffect(() => {
    if (select.current) select.current.value = status;
  }, [status]);
  return (
    <section className="admin-section" aria-labelledby="lead-status">
      <h2 id="lead-status">Status</h2>
      <ActionError result={result} id="status-error" />
      {/* Not keyed by the status: a new element would take the focus away from the button. The
          effect above keeps the select on the stored status. */}
      <fetcher.Form method="post" action={action} className="admin-inline-form" onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="status" />
        <div className="admin-field">
          <label htmlFor="lead-status-select">Change the status</label>
          <select
            id="lead-status-select"
            name="status"
            ref={select}
            defaultValue={status}
            aria-invalid={refused ? true : undefined}
            aria-describedby={refused ? "status-error" : undefined}
          >
            {leadStatuses.map((option) => (
              <option key={option} value={option}>
                {leadStatusLabels[option]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="admin-button" id="lead-status-save">
          Save status
        </button>
      </fetcher.Form>
      <ActionDone result={result} />
    </section>
  );
}
