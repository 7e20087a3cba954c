import { Link, data, redirect } from "react-router";
import type { Route } from "./+types/lead";
import { requireAdmin } from "~/server/auth/session.server";
import { getServices } from "~/server/context.server";
import { actionError, formText, readAdminForm, unknownIntentMessage } from "~/server/forms.server";
import { RESEND_BUSY_MESSAGE } from "~/server/mail/resend.server";
import { adminMeta } from "~/components/admin/meta";
import { AdminError } from "~/components/admin/admin-error";
import { ActionError } from "~/components/admin/action-error";
import { LeadDetails } from "~/components/admin/lead-details";
import { LeadActions, WaitingMark } from "~/components/admin/lead-actions";
import { LeadStatusForm } from "~/components/admin/lead-status-form";
import { LeadNotes } from "~/components/admin/lead-notes";
import { LeadEmails } from "~/components/admin/lead-emails";
import { LeadDeleteForm } from "~/components/admin/lead-delete-form";
import { LeadPhotos } from "~/components/admin/lead-photos";
import { leadStatusLabels } from "~/schemas/lead";
import { LeadReply } from "~/components/admin/lead-reply";
import { LeadVisit } from "~/components/admin/lead-visit";

const NOT_FOUND = "We couldn't find this estimate request. It may have been deleted, or the link is incomplete.";
const INTENTS = ["status", "note", "resend", "delete", "reply", "visit-schedule", "visit-reschedule", "visit-cancel"] as const;

const doneMessages: Record<string, string> = {
  note: "Note added.",
  resent: "The email was put back in the outbox and is being sent again.",
};

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  adminMeta(loaderData ? `Request from ${loaderData.lead.name}` : "Estimate request", matches);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const services = getServices(context);
  const { leads } = services;
  const page = await leads.getLeadPage(params.leadId);
  if (!page) throw data(NOT_FOUND, { status: 404 });
  const photos = await leads.leadPhotoViews(page.lead.id);
  const reply = await leads.getReplySection({ leadId: page.lead.id, templateId: new URL(request.url).searchParams.get("template") });
  if (!reply) throw data(NOT_FOUND, { status: 404 });
  const visit = await services.visits.getLeadVisit({ leadId: page.lead.id });
  const done = new URL(request.url).searchParams.get("done") ?? "";
  return {
    flash:
      done === "status"
        ? `Status changed to ${leadStatusLabels[page.lead.status]}.`
        : (Object.hasOwn(doneMessages, done) ? doneMessages[done] : null) ?? null,
    ...page,
    photos,
    reply,
    visit,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const services = getServices(context);
  const { leads } = services;
  // The request is looked up first: a post to one that does not exist is a 404, whatever its body.
  const lead = await leads.getDeskLead(params.leadId);
  if (!lead) throw data(NOT_FOUND, { status: 404 });
  const form = await readAdminForm(request);
  const intent = formText(form, "intent");

  // Status, note and resend answer data, not a redirect: the page's fetcher forms update it in
  // place (ADR 031), and a plain post without JavaScript renders the page with the message.
  switch (intent) {
    case "status": {
      const result = await leads.changeLeadStatus({ lead, status: formText(form, "status"), adminId: admin.id });
      if (result.outcome === "refused") return actionError(400, result.error, intent);
      return { intent, ok: true as const, message: result.message };
    }
    case "note": {
      const text = formText(form, "body") ?? "";
      const result = await leads.addLeadNote({ leadId: lead.id, authorId: admin.id, text });
      if (result.outcome === "refused") return actionError(400, result.error, intent, { body: result.text });
      if (result.outcome === "lead-gone") throw data(NOT_FOUND, { status: 404 });
      return { intent, ok: true as const, message: "Note added." };
    }
    case "resend": {
      const jobId = formText(form, "jobId");
      const result = await services.mail.resendLeadEmail({ jobId, leadId: lead.id, adminId: admin.id });
      if (result.outcome === "not-found") return actionError(404, "That email is not one of this request's emails.", intent);
      if (result.outcome === "busy") return actionError(409, RESEND_BUSY_MESSAGE, intent);
      return { intent, ok: true as const, message: result.message };
    }
    case "reply": {
      const subject = formText(form, "subject");
      const body = formText(form, "body");
      const result = await leads.sendLeadReply({ lead, adminId: admin.id, subject, body });
      if (result.outcome === "lead-gone") throw data(NOT_FOUND, { status: 404 });
      if (result.outcome === "refused") {
        return actionError(result.status, result.error, intent, { subject: subject ?? "", body: body ?? "" });
      }
      return { intent, ok: true as const, message: `Your reply to ${result.to} is on its way. Its delivery shows under “Replies sent”.` };
    }
    case "delete": {
      if (formText(form, "confirm") !== "yes") {
        return actionError(400, "Tick “Yes, delete this request” to confirm. Nothing was deleted.", intent);
      }
      await leads.removeLead({ lead, adminId: admin.id });
      return redirect("/admin/leads?done=deleted");
    }
    case "visit-schedule":
    case "visit-reschedule":
    case "visit-cancel": {
      const input = { date: formText(form, "date"), time: formText(form, "time"), minutes: formText(form, "minutes"), note: formText(form, "note") };
      const visitId = formText(form, "visitId");
      const result =
        intent === "visit-schedule"
          ? await services.visits.scheduleVisit({ lead, input, adminId: admin.id })
          : intent === "visit-reschedule"
            ? await services.visits.rescheduleVisit({ lead, visitId, input, adminId: admin.id })
            : await services.visits.cancelVisit({ lead, visitId, confirmed: formText(form, "confirm") === "yes", adminId: admin.id });
      if (result.outcome === "refused") return actionError(result.status, result.error, intent, result.values);
      return { intent, ok: true as const, message: result.message };
    }
    default:
      return actionError(400, unknownIntentMessage(intent, INTENTS), intent);
  }
}

export default function LeadPage({ loaderData, actionData: result }: Route.ComponentProps) {
  // The refusals, for the forms that show them; a success (data, not a redirect) is its own form's.
  const refusal = result && "error" in result ? result : undefined;
  const { lead, account, jobs, notes, noteMaxLength } = loaderData;
  const known = (INTENTS as readonly string[]).includes(result?.intent ?? "");
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
      {loaderData.waiting ? (
        <p className="admin-card__meta">
          <WaitingMark waiting={loaderData.waiting} />
        </p>
      ) : null}
      <LeadActions links={loaderData.links} name={lead.name} />
      {/* An action this page does not have (a hand-made post) is reported at the top. */}
      {!known ? <ActionError result={refusal} /> : null}
      <LeadDetails lead={lead} account={account} />
      <LeadPhotos photos={loaderData.photos} name={lead.name} />
      <LeadVisit action={here} visit={loaderData.visit} name={lead.name} actionData={result} />
      <LeadStatusForm action={here} status={lead.status} actionData={result} />
      <LeadReply action={here} reply={loaderData.reply} actionData={result} />
      <LeadNotes action={here} notes={notes} maxLength={noteMaxLength} actionData={result} />
      <LeadEmails
        action={here}
        jobs={jobs}
        isSpam={lead.status === "spam" || Boolean(lead.spamReason)}
        actionData={result}
      />
      <LeadDeleteForm action={here} actionData={refusal} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
