import { Form, Link, data, redirect } from "react-router";
import type { Route } from "./+types/lead";
import { requireAdmin } from "~/server/auth/session.server";
import { getServices } from "~/server/context.server";
import { actionError, formText, readAdminForm, unknownIntentMessage } from "~/server/forms.server";
import { addLeadNote, changeLeadStatus, getDeskLead, getLeadPage, removeLead } from "~/server/leads/desk.server";
import { resendEmailJob } from "~/server/mail/resend.server";
import { adminMeta } from "~/components/admin/meta";
import { AdminError } from "~/components/admin/admin-error";
import { ActionError } from "~/components/admin/action-error";
import { StatusBadge } from "~/components/admin/status-badge";
import { leadStatusLabels, leadStatuses } from "~/schemas/lead";
import { EmailJobCard } from "~/components/admin/email-job-card";

const NOT_FOUND = "We couldn't find this estimate request. It may have been deleted, or the link is incomplete.";
const INTENTS = ["status", "note", "resend", "delete"] as const;

const doneMessages: Record<string, string> = {
  note: "Note added.",
  resent: "The email was put back in the outbox and is being sent again.",
};

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `Request from ${loaderData.lead.name}` : "Estimate request");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const page = await getLeadPage({ db: getServices(context).database.db, leadId: params.leadId });
  if (!page) throw data(NOT_FOUND, { status: 404 });
  const done = new URL(request.url).searchParams.get("done") ?? "";
  return {
    flash:
      done === "status"
        ? `Status changed to ${leadStatusLabels[page.lead.status]}.`
        : (Object.hasOwn(doneMessages, done) ? doneMessages[done] : null) ?? null,
    ...page,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const services = getServices(context);
  // The request is looked up first: a post to one that does not exist is a 404, whatever its body.
  const lead = await getDeskLead({ db: services.database.db, leadId: params.leadId });
  if (!lead) throw data(NOT_FOUND, { status: 404 });
  const form = await readAdminForm(request);
  const intent = formText(form, "intent");
  const here = `/admin/leads/${lead.id}`;

  switch (intent) {
    case "status": {
      const result = await changeLeadStatus({ services, lead, status: formText(form, "status"), adminId: admin.id });
      if (result.outcome === "refused") return actionError(400, result.error, intent);
      return redirect(`${here}?done=status`);
    }
    case "note": {
      const text = formText(form, "body") ?? "";
      const result = await addLeadNote({ services, leadId: lead.id, authorId: admin.id, text });
      if (result.outcome === "refused") return actionError(400, result.error, intent, { body: result.text });
      if (result.outcome === "lead-gone") throw data(NOT_FOUND, { status: 404 });
      return redirect(`${here}?done=note`);
    }
    case "resend": {
      const jobId = formText(form, "jobId");
      const result = await resendEmailJob({ services, jobId, leadId: lead.id, adminId: admin.id });
      if (result === "not-found") return actionError(404, "That email is not one of this request's emails.", intent);
      if (result === "busy") return actionError(409, "That email is being sent right now. Look again in a minute.", intent);
      return redirect(`${here}?done=resent`);
    }
    case "delete": {
      if (formText(form, "confirm") !== "yes") {
        return actionError(400, "Tick “Yes, delete this request” to confirm. Nothing was deleted.", intent);
      }
      await removeLead({ services, lead, adminId: admin.id });
      return redirect("/admin/leads?done=deleted");
    }
    default:
      return actionError(400, unknownIntentMessage(intent, INTENTS), intent);
  }
}

export default function LeadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, account, jobs, notes, noteMaxLength } = loaderData;
  const noteError = actionData?.intent === "note" ? actionData.error : null;
  const known = (INTENTS as readonly string[]).includes(actionData?.intent ?? "");
  // Forms post to the bare address, so a message from an earlier action (?done=…) does not stay
  // on screen next to this one's result.
  const here = `/admin/leads/${lead.id}`;
  return (
    <div className="admin-page">
      <p className="admin-back">
        <Link to="/admin/leads">← All estimate requests</Link>
      </p>
      <p className="eyebrow">Estimate request from {lead.name}</p>
      <h1>{lead.subject}</h1>
      {/* An action this page does not have (a hand-made post) is reported at the top. */}
      {!known ? <ActionError result={actionData} /> : null}

      <section className="admin-section" aria-labelledby="lead-details">
        <h2 id="lead-details">Details</h2>
        <dl className="admin-facts admin-facts--wide">
          <div>
            <dt>Name</dt>
            <dd>{lead.name}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${lead.email}`} className="admin-break">
                {lead.email}
              </a>
            </dd>
          </div>
          <div>
            <dt>Phone</dt>
            <dd>
              <a href={lead.telHref}>{lead.phone}</a>
            </dd>
          </div>
          <div>
            <dt>Subject</dt>
            <dd>{lead.subject}</dd>
          </div>
          <div>
            <dt>Received</dt>
            <dd>
              <time dateTime={lead.receivedIso}>{lead.received}</time>
            </dd>
          </div>
          <div>
            <dt>Sent from</dt>
            <dd>
              {lead.source.startsWith("/") ? (
                <a href={lead.source} className="admin-break">
                  {lead.source}
                </a>
              ) : (
                lead.source
              )}
            </dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              <StatusBadge status={lead.status} />
            </dd>
          </div>
          {lead.spamReason ? (
            <div>
              <dt>Spam check</dt>
              <dd>Flagged as spam: {lead.spamReason}</dd>
            </div>
          ) : null}
          <div>
            <dt>Account</dt>
            <dd>
              {account ? (
                <>
                  Sent while signed in as {account.name} (<span className="admin-break">{account.email}</span>)
                </>
              ) : lead.hadAccount ? (
                "Sent while signed in, by an account that has since been deleted"
              ) : (
                "Sent without signing in"
              )}
            </dd>
          </div>
        </dl>
        <h3>Message</h3>
        {lead.message.trim() === "" ? (
          <p className="admin-muted">(no message)</p>
        ) : (
          <p className="admin-message">{lead.message}</p>
        )}
      </section>

      <section className="admin-section" aria-labelledby="lead-status">
        <h2 id="lead-status">Status</h2>
        <ActionError result={actionData} intent="status" id="status-error" />
        <Form method="post" action={here} className="admin-inline-form" key={`status-${lead.status}`}>
          <input type="hidden" name="intent" value="status" />
          <div className="admin-field">
            <label htmlFor="lead-status-select">Change the status</label>
            <select
              id="lead-status-select"
              name="status"
              defaultValue={lead.status}
              aria-describedby={actionData?.intent === "status" ? "status-error" : undefined}
            >
              {leadStatuses.map((status) => (
                <option key={status} value={status}>
                  {leadStatusLabels[status]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="admin-button">
            Save status
          </button>
        </Form>
      </section>

      <section className="admin-section" aria-labelledby="lead-notes">
        <h2 id="lead-notes">Internal notes</h2>
        <p className="admin-help">Only admins see these; the homeowner never does.</p>
        {notes.length === 0 ? (
          <p className="admin-muted">No notes yet.</p>
        ) : (
          <ol className="admin-list admin-notes">
            {notes.map((note) => (
              <li key={note.id} className="admin-card">
                <p className="admin-card__meta">
                  {note.author}, <time dateTime={note.createdIso}>{note.created}</time>
                </p>
                <p className="admin-message">{note.body}</p>
              </li>
            ))}
          </ol>
        )}
        {/* Keyed by the number of notes: after a note is added the form starts empty again. */}
        <Form method="post" action={here} className="admin-stack-form" key={`notes-${notes.length}`}>
          <input type="hidden" name="intent" value="note" />
          <div className="admin-field">
            <label htmlFor="note-body">Add a note</label>
            <textarea
              id="note-body"
              name="body"
              rows={4}
              required
              maxLength={noteMaxLength}
              defaultValue={actionData?.intent === "note" ? (actionData.values?.body ?? "") : ""}
              aria-invalid={noteError ? true : undefined}
              aria-describedby={noteError ? "note-error note-help" : "note-help"}
            />
            <p className="admin-help" id="note-help">
              At most {noteMaxLength.toLocaleString("en-US")} characters.
            </p>
            {noteError ? (
              <p className="admin-field__error" id="note-error" role="alert">
                {noteError}
              </p>
            ) : null}
          </div>
          <button type="submit" className="admin-button">
            Add note
          </button>
        </Form>
      </section>

      <section className="admin-section" aria-labelledby="lead-emails">
        <h2 id="lead-emails">Emails</h2>
        <ActionError result={actionData} intent="resend" />
        {jobs.length === 0 ? (
          <p className="admin-muted">
            No emails for this request{lead.status === "spam" || lead.spamReason ? " (spam is never emailed)" : ""}.
          </p>
        ) : (
          <ul className="admin-list">
            {jobs.map((job) => (
              <EmailJobCard
                key={job.id}
                job={job}
                facts={["to", "delivery", "attempts", "sent", "lastError"]}
                resendAction={here}
                wrapsRecipient
              />
            ))}
          </ul>
        )}
      </section>

      <section className="admin-section admin-danger" aria-labelledby="lead-delete">
        <h2 id="lead-delete">Delete this request</h2>
        <p>Deleting removes the request, its notes and its emails for good. It cannot be undone.</p>
        <ActionError result={actionData} intent="delete" />
        <Form method="post" action={here} className="admin-stack-form">
          <input type="hidden" name="intent" value="delete" />
          <div className="admin-check">
            <input type="checkbox" id="delete-confirm" name="confirm" value="yes" required />
            <label htmlFor="delete-confirm">Yes, delete this request</label>
          </div>
          <button type="submit" className="admin-button admin-button--danger">
            Delete request
          </button>
        </Form>
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
