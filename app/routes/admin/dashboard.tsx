import { Link, redirect } from "react-router";
import type { Route } from "./+types/dashboard";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { getBackend } from "#app/server/context.server.ts";
import { actionError, formText, readAdminForm, unknownIntentMessage } from "#app/server/forms.server.ts";
import { RESEND_BUSY_MESSAGE } from "#app/server/mail/resend.server.ts";
import { BackupStatus } from "#app/components/admin/backup-status.tsx";
import { GoLiveChecklist, NeedsYouNow } from "#app/components/admin/checklist.tsx";
import checklistCss from "#app/styles/admin-checklist.css?url";
import { adminMeta } from "#app/components/admin/meta.ts";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { ActionError } from "#app/components/admin/action-error.tsx";
import { FailedEmails } from "#app/components/admin/dashboard/failed-emails.tsx";
import { NewRequests } from "#app/components/admin/dashboard/new-requests.tsx";
import { Pipeline } from "#app/components/admin/dashboard/pipeline.tsx";
import { BusyFeedAlert } from "#app/components/admin/dashboard/busy-feed-alert.tsx";
import { PendingBookings } from "#app/components/admin/dashboard/pending-bookings.tsx";
import { FirstAnswerTimes } from "#app/components/admin/dashboard/first-answers.tsx";

const LATEST_NEW = 5;
const FAILED_SHOWN = 20;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Dashboard", matches);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: checklistCss }];

/** What the status line says after a redirect here (`?done=…`). */
const FLASH: Record<string, string> = {
  resent: "The email was put back in the outbox and is being sent again.",
  setup: "Your business details are saved. The go-live checklist below shows what is left to do.",
};

/** The intents this page's forms post. */
const INTENTS = ["confirm-booking", "decline-booking", "resend", "test-email"];

/** A booking's decision, as the redirect after it names it (`?done=booking-…&visit=<id>`). */
const DECISIONS = { "booking-confirmed": "confirmed", "booking-declined": "declined" } as const;

/** What the last action did: a fixed sentence, or the booking decision's, read again from the visit. */
async function flashMessage(backend: ReturnType<typeof getBackend>, search: URLSearchParams): Promise<string | null> {
  const done = search.get("done");
  if (!done) return null;
  if (Object.hasOwn(FLASH, done)) return FLASH[done]!;
  const visitId = search.get("visit");
  if (!Object.hasOwn(DECISIONS, done) || !visitId) return null;
  return backend.booking.decisionMessage({ visitId, decision: DECISIONS[done as keyof typeof DECISIONS] });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const backend = getBackend(context);
  const search = new URL(request.url).searchParams;
  const [pendingBookings, leads, sources, failed, checklist, testEmail, backups, busyFeedAlert] = await Promise.all([
    backend.booking.listPending(),
    backend.leads.getLeadNumbers({ latest: LATEST_NEW }),
    backend.leads.getLeadSources(),
    backend.mail.listFailedEmails({ limit: FAILED_SHOWN }),
    backend.site.goLiveChecklist(),
    // After "Send a test email": the job's outcome, read again on every load (it may change).
    backend.mail.getTestEmailResult({ jobId: search.get("test-email") }),
    backend.backups.getStatus(),
    // The contractor's own calendar cannot be read: homeowners cannot book online (ADR 071).
    backend.bookingAdmin.getFeedAlert(),
  ]);
  const [pipeline, firstAnswers] = await Promise.all([backend.quotes.getPipeline(), backend.leads.getFirstAnswers()]);
  return {
    flash: await flashMessage(backend, search),
    pendingBookings,
    ...leads,
    sources,
    failedJobs: failed.jobs,
    failedTotal: failed.total,
    checklist,
    testEmail,
    backups,
    pipeline,
    busyFeedAlert,
    firstAnswers,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const backend = getBackend(context);
  const form = await readAdminForm(request);
  const intent = formText(form, "intent");
  switch (intent) {
    case "confirm-booking":
    case "decline-booking": {
      // One tap from the phone: the sentence of what was done, or why not, on the dashboard again.
      const visitId = formText(form, "visitId");
      if (!visitId) return actionError(400, "The form did not say which visit. Please use the buttons on this page.", intent);
      const decide = intent === "confirm-booking" ? backend.booking.confirm : backend.booking.decline;
      const result = await decide({ visitId, adminId: admin.id });
      if (result.outcome === "refused") return actionError(result.status, result.error, intent);
      const done = intent === "confirm-booking" ? "booking-confirmed" : "booking-declined";
      return redirect(`/admin?done=${done}&visit=${encodeURIComponent(visitId)}`);
    }
    case "test-email": {
      // Waits a few seconds for the outcome, then shows it at an address a reload can repeat safely.
      const { jobId } = await backend.mail.sendTestEmail({ requestedBy: admin.name, adminId: admin.id });
      return redirect(`/admin?test-email=${jobId}#test-email-result`);
    }
    case "resend": {
      const result = await backend.mail.resendEmailJob({ jobId: formText(form, "jobId"), adminId: admin.id });
      if (result === "not-found") {
        return actionError(404, "We couldn't find that email. It may have been deleted with its request.", intent);
      }
      if (result === "busy") return actionError(409, RESEND_BUSY_MESSAGE, intent);
      return redirect("/admin?done=resent");
    }
    default:
      return actionError(400, unknownIntentMessage(intent, INTENTS), intent);
  }
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { newCount, latestNew, failedJobs, failedTotal, counts, sources, checklist, testEmail, backups } = loaderData;
  // Open items come first: on a new site they are what the owner should do next.
  const checklistFirst = checklist.some((item) => item.status === "todo");
  // The mail server is failing now (ADR 055): said first, under "Needs you now".
  const mailFailing = checklist.some((item) => item.id === "mail" && item.urgent);
  const goLive = <GoLiveChecklist items={checklist} testEmail={testEmail} />;
  return (
    <div className="admin-page">
      <h1>Dashboard</h1>
      <ActionError result={actionData} />
      <BusyFeedAlert alert={loaderData.busyFeedAlert} />
      {/* The homeowners waiting for an answer come first: one tap from a phone between jobs. */}
      <PendingBookings bookings={loaderData.pendingBookings} />
      <NeedsYouNow items={checklist} />
      {checklistFirst ? goLive : null}

      <NewRequests newCount={newCount} latestNew={latestNew} counts={counts} sources={sources} />

      <FirstAnswerTimes answers={loaderData.firstAnswers} />

      <Pipeline periods={loaderData.pipeline} />

      <FailedEmails failedJobs={failedJobs} failedTotal={failedTotal} mailFailing={mailFailing} />

      {checklistFirst ? null : goLive}

      <BackupStatus status={backups} />

      <section className="admin-section" aria-labelledby="alerts-link">
        <h2 id="alerts-link">Alerts on this phone</h2>
        <p>
          <Link to="/admin/alerts">Get a notification</Link> on your phone the moment a new estimate request arrives.
        </p>
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
