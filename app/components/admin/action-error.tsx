import { isActionRefused, type AdminActionResult } from "#app/schemas/admin-action.ts";

/**
 * An action's refusal, where the admin is looking: an alert (read out at once) above the form
 * it is about. `intent` limits it to one form's message; omit it to show any.
 */
export function ActionError({
  result,
  intent,
  id,
}: {
  result: AdminActionResult | undefined;
  intent?: string | readonly string[];
  id?: string;
}) {
  if (!isActionRefused(result)) return null;
  if (intent !== undefined) {
    const intents = typeof intent === "string" ? [intent] : intent;
    if (!intents.includes(result.intent ?? "")) return null;
  }
  return (
    <div className="admin-alert" role="alert" id={id}>
      <p>{result.error}</p>
    </div>
  );
}
