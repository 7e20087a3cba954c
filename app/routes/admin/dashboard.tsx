import { Link, redirect } from "react-router";
import type { Route } from "./+types/dashboard";
import { requireAdmin } from "~/server/auth/session.server";
import { getServices } from "~/server/context.server";
import { actionError, formText, readAdminForm, unknownIntentMessage } from "~/server/forms.server";
import { getLeadNumbers } from "~/server/leads/desk.server";
import { listFailedEmails } from "~/server/mail/jobs.server";
import { RESEND_BUSY_MESSAGE, resendEmailJob } from "~/server/mail/resend.server";
import { adminMeta } from "~/components/admin/meta";
import { AdminError } from "~/components/admin/admin-error";
import { ActionError } from "~/components/admin/action-error";
import { EmailJobCard } from "~/components/admin/email-job-card";
import { leadStatusLabels, leadStatuses } from "~/schemas/lead";

const LATEST_NEW = 5;
const FAILED_SHOWN = 20;

export const meta: Route.MetaFunction = () => adminMeta("Dashboard");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = getServices(context).database;
  const [leads, failed] = await Promise.all([
    getLeadNumbers({ db, latest: LATEST_NEW }),
    listFailedEmails({ db, limit: FAILED_SHOWN }),
  ]);
  const done = new URL(request.url).searchParams.get("done");
  return {
    flash: done === "resent" ? "The email was put back in the outbox and is being sent again." : null,
    ...leads,
    failedJobs: failed.jobs,
    failedTotal: failed.total,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const services = getServices(context);
  const form = await readAdminForm(request);
  const intent = formText(form, "intent");
  if (intent !== "resend") return actionError(400, unknownIntentMessage(intent, ["resend"]), intent);
  const result = await resendEmailJob({ services, jobId: formText(form, "jobId"), adminId: admin.id });
  if (result === "not-found") {
    return actionError(404, "We couldn't find that email. It may have been deleted with its request.", intent);
  }
  if (result === "busy") return actionError(409, RESEND_BUSY_MESSAGE, intent);
  return redirect("/admin?done=resent");
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { newCount, latestNew, failedJobs, failedTotal, counts } = loaderData;
  return (
    <div className="admin-page">
      <h1>Dashboard</h1>
      <ActionError result={actionData} />

      <section className="admin-section" aria-labelledby="new-requests">
        <h2 id="new-requests">New estimate requests</h2>
        <p className="admin-stat">
          <span className="admin-stat__number">{newCount}</span>{" "}
          {newCount === 1 ? "new request is" : "new requests are"} waiting for an answer.
        </p>
        {latestNew.length > 0 ? (
          <>
            <h3>Latest new requests</h3>
            <ul className="admin-list">
              {latestNew.map((lead) => (
                <li key={lead.id} className="admin-card">
                  <Link to={`/admin/leads/${lead.id}`} className="admin-card__title">
                    {lead.name}: {lead.subject}
                  </Link>
                  <p className="admin-card__meta">
                    Received <time dateTime={lead.receivedIso}>{lead.received}</time>
                  </p>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>Nothing new: every request has been looked at.</p>
        )}
        <p>
          <Link to="/admin/leads?status=new">All new requests</Link> · <Link to="/admin/leads">All open requests</Link>
        </p>
        <h3>Requests by status</h3>
        <ul className="admin-counts inline-list">
          {leadStatuses.map((status) => (
            <li key={status}>
              <Link to={`/admin/leads?status=${status}`}>
                {leadStatusLabels[status]}: <strong>{counts[status]}</strong>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="admin-section" aria-labelledby="failed-emails">
        <h2 id="failed-emails">Emails that failed</h2>
        {failedJobs.length === 0 ? (
          <p>No failed emails. Everything the site had to send went out or is still being tried.</p>
        ) : (
          <>
            <p>
              {failedTotal === 1 ? "One email" : `${failedTotal} emails`} could not be delivered after retrying.
              {failedTotal > failedJobs.length ? ` The ${failedJobs.length} most recent are shown.` : null} 'Resend' tries
              again now.
            </p>
            <ul className="admin-list">
              {failedJobs.map((job) => (
                <EmailJobCard
                  key={job.id}
                  job={job}
                  facts={["to", "lastError", "attempts", "request"]}
                  resendAction="/admin?index"
                  namesRecipient
                />
              ))}
            </ul>
          </>
        )}
      </section>

      <section className="admin-section" aria-labelledby="gallery-link">
        <h2 id="gallery-link">Gallery</h2>
        <p>
          <Link to="/admin/gallery">Upload and arrange the job photos</Link> shown on the gallery and the service pages.
        </p>
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
