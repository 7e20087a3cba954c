import { Link, data } from "react-router";
import type { Route } from "./+types/reviews";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { getBackend } from "#app/server/context.server.ts";
import { actionError, formText, readAdminForm, unknownIntentMessage } from "#app/server/forms.server.ts";
import type { AdminActionResult } from "#app/schemas/admin-action.ts";
import { adminMeta } from "#app/components/admin/meta.ts";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { FeedbackList } from "#app/components/admin/reviews/feedback-list.tsx";
import { ReviewMonths } from "#app/components/admin/reviews/review-months.tsx";

const INTENTS = ["publish"] as const;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Reviews", matches);

/** Review requests by month and homeowners' private feedback (issue 29). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return getBackend(context).reviewFeedback.adminPage();
}

/** "Publish as testimonial": only feedback whose homeowner agreed to be quoted. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await readAdminForm(request);
  const intent = formText(form, "intent");
  if (intent !== "publish") return actionError(400, unknownIntentMessage(intent, INTENTS), intent);
  const id = formText(form, "id") ?? "";
  const result = await getBackend(context).reviewFeedback.publish({ feedbackId: id, adminId: admin.id });
  if (!result.ok) return actionError(result.status, result.error, intent, { id });
  return data<AdminActionResult>({ intent, ok: true, message: result.message });
}

// The layout's status line says what an action did (ADR 031); a refusal shows on its feedback.
export default function Reviews({ loaderData, actionData }: Route.ComponentProps) {
  const { months, feedback, total } = loaderData;
  return (
    <div className="admin-page">
      <h1>Reviews</h1>
      <p>
        Every finished job's homeowner gets the same link to leave a public review, whatever they think, and can tell you privately how it
        went. A private rating of 3 or less is emailed and sent to your phone at once.
      </p>
      <ul className="admin-links">
        <li>
          <Link to="/admin/reviews/settings">When review requests go</Link>: how long after a job is done, and the reminder.
        </li>
      </ul>
      <ReviewMonths months={months} />
      <FeedbackList items={feedback} total={total} result={actionData} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
