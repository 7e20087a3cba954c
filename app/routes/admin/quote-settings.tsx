import { Form, data } from "react-router";
import type { Route } from "./+types/quote-settings";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { getBackend } from "#app/server/context.server.ts";
import { actionError, formText, readAdminForm, unknownIntentMessage } from "#app/server/forms.server.ts";
import { followUpLimits } from "#app/schemas/quote-follow-ups.ts";
import { UnansweredReminderForm } from "#app/components/admin/unanswered-reminder-form.tsx";
import type { AdminActionResult } from "#app/schemas/admin-action.ts";
import { adminMeta } from "#app/components/admin/meta.ts";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { ActionError } from "#app/components/admin/action-error.tsx";

const INTENTS = ["follow-ups", "unanswered-reminder"] as const;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Quote settings", matches);

/** When an unanswered quote's polite follow-ups go (issue 27), and when an unanswered request reminds the contractor (issue 29). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const backend = getBackend(context);
  const [settings, reminder] = await Promise.all([backend.quotes.getFollowUpSettings(), backend.leads.getReminderSettings()]);
  return { settings, reminder };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await readAdminForm(request);
  const intent = formText(form, "intent");
  const backend = getBackend(context);
  if (intent === "unanswered-reminder") {
    const saved = await backend.leads.saveReminderSettings({ hours: formText(form, "reminder_hours"), adminId: admin.id });
    if (!saved.ok) return actionError(saved.status, saved.message, intent, saved.values);
    return data<AdminActionResult>({ intent, ok: true, message: saved.message });
  }
  if (intent !== "follow-ups") return actionError(400, unknownIntentMessage(intent, INTENTS), intent);
  const result = await backend.quotes.saveFollowUpSettings({
    firstDays: formText(form, "first_days"),
    secondDays: formText(form, "second_days"),
    adminId: admin.id,
  });
  if (!result.ok) return actionError(result.status, result.message, intent, result.values);
  return data<AdminActionResult>({ intent, ok: true, message: result.message });
}

// The layout's status line says what an action did (ADR 031): a success needs nothing here.
export default function QuoteSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, reminder } = loaderData;
  const refusedAny = actionData && "error" in actionData ? actionData : undefined;
  // Each form shows its own refusal; an unknown intent's shows above the first.
  const refused = refusedAny?.intent === "unanswered-reminder" ? undefined : refusedAny;
  // A refused post keeps what was typed; otherwise the stored days.
  const value = (field: "first_days" | "second_days", stored: number) => refused?.values?.[field] ?? String(stored);
  return (
    <div className="admin-page">
      <h1>Quote settings</h1>
      <section className="admin-section" aria-labelledby="quote-follow-ups">
        <h2 id="quote-follow-ups">Follow-ups</h2>
        <p>
          When a homeowner has not answered a quote, a polite reminder goes to them by email, in their language, this many days after it was
          sent. Any answer (a question, a change asked, a signature) or a newer version stops them. 0 turns one off.
        </p>
        <ActionError result={refused} id="follow-ups-error" />
        <Form method="post" className="admin-stack-form">
          <input type="hidden" name="intent" value="follow-ups" />
          {(
            [
              ["first_days", "First follow-up, days after sending", settings.firstDays],
              ["second_days", "Second follow-up, days after sending", settings.secondDays],
            ] as const
          ).map(([name, label, stored]) => (
            <div className="admin-field" key={name}>
              <label htmlFor={name}>{label}</label>
              <input
                id={name}
                name={name}
                type="number"
                inputMode="numeric"
                min={0}
                max={followUpLimits.days.max}
                step={1}
                required
                defaultValue={value(name, stored)}
                aria-invalid={refused ? true : undefined}
                aria-describedby={refused ? "follow-ups-error" : undefined}
              />
            </div>
          ))}
          <button type="submit" className="admin-button">
            Save follow-ups
          </button>
        </Form>
      </section>
      <UnansweredReminderForm
        hours={reminder.hours}
        description={reminder.description}
        refused={refusedAny?.intent === "unanswered-reminder" ? refusedAny : undefined}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
