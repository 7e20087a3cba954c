import { Form, Link, data } from "react-router";
import type { Route } from "./+types/review-settings";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { getBackend } from "#app/server/context.server.ts";
import { actionError, formText, readAdminForm, unknownIntentMessage } from "#app/server/forms.server.ts";
import { reviewSettingLimits } from "#app/schemas/review-settings.ts";
import type { AdminActionResult } from "#app/schemas/admin-action.ts";
import { adminMeta } from "#app/components/admin/meta.ts";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { ActionError } from "#app/components/admin/action-error.tsx";

const INTENTS = ["review-settings"] as const;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Review request settings", matches);

/** When a finished job's review request and its reminder go, or none at all (issue 29). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { reviews } = getBackend(context);
  const settings = await reviews.getSettings();
  return {
    settings,
    summary: reviews.describeSettings(settings),
    reviewAddress: await reviews.reviewAddress(),
    timeZone: getBackend(context).clock.timeZone,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await readAdminForm(request);
  const intent = formText(form, "intent");
  if (intent !== "review-settings") return actionError(400, unknownIntentMessage(intent, INTENTS), intent);
  const result = await getBackend(context).reviews.saveSettings({
    enabled: formText(form, "enabled"),
    delayDays: formText(form, "delay_days"),
    reminderDays: formText(form, "reminder_days"),
    adminId: admin.id,
  });
  if (!result.ok) return actionError(result.status, result.message, intent, result.values);
  return data<AdminActionResult>({ intent, ok: true, message: result.message });
}

// The layout's status line says what an action did (ADR 031): a success needs nothing here.
export default function ReviewSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, summary, reviewAddress, timeZone } = loaderData;
  const refused = actionData && "error" in actionData ? actionData : undefined;
  // A refused post keeps what was typed; otherwise the stored settings.
  const value = (field: "delay_days" | "reminder_days", stored: number) => refused?.values?.[field] ?? String(stored);
  const enabled = refused ? refused.values?.enabled === "on" : settings.enabled;
  const invalid = refused ? { "aria-invalid": true, "aria-describedby": "review-settings-error" } : {};
  return (
    <div className="admin-page">
      <h1>Review request settings</h1>
      <section className="admin-section" aria-labelledby="review-requests">
        <h2 id="review-requests">Review requests</h2>
        <p>
          When you mark a job done, the homeowner gets an email in their language asking for a review, with your public review link and a
          way to tell you privately how it went. Every customer gets the same email with the same link: nothing asks first who is happy. At
          most one goes to an address every six months, never to an address that asked not to get them, and every one has an unsubscribe
          link.
        </p>
        <p>
          <strong>Now:</strong> {summary}
        </p>
        {reviewAddress ? (
          <p>
            Your public review link leads to <a href={reviewAddress}>{reviewAddress}</a>.
          </p>
        ) : (
          <p className="admin-alert">
            Your site profile has no review link yet, so no review request can go. Add your Google Place ID or your review page's address
            under <Link to="/admin/site">Your site</Link>.
          </p>
        )}
        <ActionError result={refused} id="review-settings-error" />
        <Form method="post" className="admin-stack-form">
          <input type="hidden" name="intent" value="review-settings" />
          <div className="admin-check">
            <input id="enabled" name="enabled" type="checkbox" defaultChecked={enabled} />
            <label htmlFor="enabled">Send review requests when a job is marked done</label>
          </div>
          <div className="admin-field">
            <label htmlFor="delay_days">Days after “Job done” before the request goes</label>
            <input
              id="delay_days"
              name="delay_days"
              type="number"
              inputMode="numeric"
              min={0}
              max={reviewSettingLimits.delayDays.max}
              step={1}
              required
              defaultValue={value("delay_days", settings.delayDays)}
              {...invalid}
            />
            <p className="admin-help">
              It goes at 10:00 AM, your site's time ({timeZone}), that many days later. With 0: the same day, at once if it is already past
              10:00 AM (before 7:00 PM; later than that, the next morning).
            </p>
          </div>
          <div className="admin-field">
            <label htmlFor="reminder_days">Days after the request before its one reminder (0: no reminder)</label>
            <input
              id="reminder_days"
              name="reminder_days"
              type="number"
              inputMode="numeric"
              min={0}
              max={reviewSettingLimits.reminderDays.max}
              step={1}
              required
              defaultValue={value("reminder_days", settings.reminderDays)}
              {...invalid}
            />
            <p className="admin-help">No reminder goes to someone who already followed the review link.</p>
          </div>
          <button type="submit" className="admin-button">
            Save review settings
          </button>
        </Form>
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
