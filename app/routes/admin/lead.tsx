import { PrefersSpanishBadge } from "#app/components/admin/status-badge.tsx";
import { Link, data, redirect } from "react-router";
import type { Route } from "./+types/lead";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { getBackend } from "#app/server/context.server.ts";
import { actionError, formText, readAdminForm, unknownIntentMessage } from "#app/server/forms.server.ts";
import { RESEND_BUSY_MESSAGE } from "#app/server/mail/resend.server.ts";
import { adminMeta } from "#app/components/admin/meta.ts";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { ActionError } from "#app/components/admin/action-error.tsx";
import { LeadDetails } from "#app/components/admin/lead-details.tsx";
import { WaitingMark } from "#app/components/admin/lead-actions.tsx";
import { LeadActionBar } from "#app/components/admin/lead-action-bar.tsx";
import { LeadStatusForm } from "#app/components/admin/lead-status-form.tsx";
import { LeadNotes } from "#app/components/admin/lead-notes.tsx";
import { LeadEmails } from "#app/components/admin/lead-emails.tsx";
import { LeadDeleteForm } from "#app/components/admin/lead-delete-form.tsx";
import { LeadPhotos } from "#app/components/admin/lead-photos.tsx";
import { leadStatusLabels } from "#app/schemas/lead.ts";
import { LeadReply } from "#app/components/admin/lead-reply.tsx";
import { LeadVisit } from "#app/components/admin/lead-visit.tsx";
import { LeadHomeownerLink } from "#app/components/admin/lead-homeowner-link.tsx";
import { LeadQuoteActivity } from "#app/components/admin/lead-quote-activity.tsx";
import { LeadQuotes } from "#app/components/admin/lead-quotes.tsx";
import { LeadJobDone } from "#app/components/admin/lead-job-done.tsx";
import leadCss from "#app/styles/admin-lead.css?url";
import quoteCss from "#app/styles/admin-quote.css?url";

const NOT_FOUND = "We couldn't find this estimate request. It may have been deleted, or the link is incomplete.";
const INTENTS = [
  "status",
  "job-done",
  "note",
  "resend",
  "delete",
  "reply",
  "visit-schedule",
  "visit-reschedule",
  "visit-cancel",
  "confirm-booking",
  "decline-booking",
  "homeowner-link-replace",
  "quote-send",
  "quote-new",
  "quote-link",
] as const;

const doneMessages: Record<string, string> = {
  note: "Note added.",
  resent: "The email was put back in the outbox and is being sent again.",
};

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  adminMeta(loaderData ? `Request from ${loaderData.lead.name}` : "Estimate request", matches);

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: leadCss },
  { rel: "stylesheet", href: quoteCss },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const backend = getBackend(context);
  const { leads } = backend;
  const page = await leads.getLeadPage(params.leadId);
  if (!page) throw data(NOT_FOUND, { status: 404 });
  const photos = await leads.leadPhotoViews(page.lead.id);
  const reply = await leads.getReplySection({
    leadId: page.lead.id,
    templateId: new URL(request.url).searchParams.get("template"),
  });
  if (!reply) throw data(NOT_FOUND, { status: 404 });
  const visit = await backend.visits.getLeadVisit({ leadId: page.lead.id });
  const locale = page.lead.prefersSpanish ? "es" : "en";
  const homeownerUrl = await backend.homeowner.getLinkUrl({ email: page.lead.email, locale });
  // A request marked spam has no booking page (its link answers 404).
  const bookingUrl = page.lead.status === "spam" ? null : await backend.booking.bookingUrl({ leadId: page.lead.id, locale });
  const quoteActivity = await backend.quotes.listLeadQuoteActivity({ leadId: page.lead.id });
  const quotes = await backend.quotes.getLeadQuotesSection({ leadId: page.lead.id });
  const review = await backend.reviews.leadReview({ leadId: page.lead.id });
  const done = new URL(request.url).searchParams.get("done") ?? "";
  return {
    flash:
      done === "status"
        ? `Status changed to ${leadStatusLabels[page.lead.status]}.`
        : ((Object.hasOwn(doneMessages, done) ? doneMessages[done] : null) ?? null),
    ...page,
    photos,
    reply,
    visit,
    homeownerUrl,
    bookingUrl,
    quoteActivity,
    quotes,
    review,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const backend = getBackend(context);
  const { leads } = backend;
  // The request is looked up first: a post to one that does not exist is a 404, whatever its body.
  const lead = await leads.getDeskLead(params.leadId);
  if (!lead) throw data(NOT_FOUND, { status: 404 });
  const form = await readAdminForm(request);
  const intent = formText(form, "intent");

  // Status, note and resend answer data, not a redirect: the page's fetcher forms update it in
  // place (ADR 031), and a plain post without JavaScript renders the page with the message.
  switch (intent) {
    case "status":
    case "job-done": {
      // "Job done" in one tap takes the same path as choosing it in the list (issue 29).
      const status = intent === "job-done" ? "done" : formText(form, "status");
      const result = await leads.changeLeadStatus({ lead, status, adminId: admin.id });
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
      const result = await backend.mail.resendLeadEmail({ jobId, leadId: lead.id, adminId: admin.id });
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
      return {
        intent,
        ok: true as const,
        message: `Your reply to ${result.to} is on its way. Its delivery shows under “Replies sent”.`,
      };
    }
    case "delete": {
      if (formText(form, "confirm") !== "yes") {
        return actionError(400, "Tick “Yes, delete this request” to confirm. Nothing was deleted.", intent);
      }
      const removal = await leads.removeLead({ lead, adminId: admin.id });
      if (removal.outcome === "refused") return actionError(409, removal.error, intent);
      return redirect("/admin/leads?done=deleted");
    }
    case "visit-schedule":
    case "visit-reschedule":
    case "visit-cancel":
    case "confirm-booking":
    case "decline-booking":
      return visitAction(intent, { visits: backend.visits, booking: backend.booking, lead, form, adminId: admin.id });
    case "homeowner-link-replace": {
      await backend.homeowner.replaceLink({ email: lead.email, locale: lead.locale, adminId: admin.id });
      return {
        intent,
        ok: true as const,
        message: "The homeowner's page has a new link: the old one no longer opens it. Their next email carries the new one.",
      };
    }
    case "quote-send":
    case "quote-new":
    case "quote-link":
      return quoteAction(intent, { quotes: backend.quotes, lead, form, adminId: admin.id });
    default:
      return actionError(400, unknownIntentMessage(intent, INTENTS), intent);
  }
}

type Backend = ReturnType<typeof getBackend>;

/** The request's visit: schedule, move or cancel one by hand (ADR 033); confirm or decline one booked online (ADR 071). */
async function visitAction(
  intent: "visit-schedule" | "visit-reschedule" | "visit-cancel" | "confirm-booking" | "decline-booking",
  {
    visits,
    booking,
    lead,
    form,
    adminId,
  }: {
    visits: Backend["visits"];
    booking: Backend["booking"];
    lead: Parameters<Backend["visits"]["scheduleVisit"]>[0]["lead"];
    form: FormData;
    adminId: string;
  },
) {
  const visitId = formText(form, "visitId");
  if (intent === "confirm-booking" || intent === "decline-booking") {
    // Only this request's visit booked online; the sentence shows in the visit section.
    if (!visitId) return actionError(400, "The form did not say which visit. Please use the buttons on this page.", intent);
    const decide = intent === "confirm-booking" ? booking.confirm : booking.decline;
    const decision = await decide({ visitId, leadId: lead.id, adminId });
    if (decision.outcome === "refused") return actionError(decision.status, decision.error, intent);
    return { intent, ok: true as const, message: decision.message };
  }
  const input = {
    date: formText(form, "date"),
    time: formText(form, "time"),
    minutes: formText(form, "minutes"),
    note: formText(form, "note"),
  };
  const result =
    intent === "visit-schedule"
      ? await visits.scheduleVisit({ lead, input, adminId })
      : intent === "visit-reschedule"
        ? await visits.rescheduleVisit({ lead, visitId, input, adminId })
        : await visits.cancelVisit({ lead, visitId, confirmed: formText(form, "confirm") === "yes", adminId });
  if (result.outcome === "refused") return actionError(result.status, result.error, intent, result.values);
  return { intent, ok: true as const, message: result.message };
}

/** The request's quotes: send one, start one, replace one's link (ADR 066). */
async function quoteAction(
  intent: "quote-send" | "quote-new" | "quote-link",
  {
    quotes,
    lead,
    form,
    adminId,
  }: { quotes: ReturnType<typeof getBackend>["quotes"]; lead: { id: string }; form: FormData; adminId: string },
) {
  switch (intent) {
    case "quote-send": {
      const quoteId = formText(form, "quote_id") ?? "";
      const owned = (await quotes.listQuotesToSend({ leadId: lead.id })).some((quote) => quote.id === quoteId);
      if (!owned) return actionError(404, "That quote is not one of this request's quotes.", intent, { quote_id: quoteId });
      const result = await quotes.sendQuote({ quoteId, adminId });
      if (!result.ok) return actionError(result.status, result.message, intent, { quote_id: quoteId });
      return { intent, ok: true as const, message: result.message, quoteId };
    }
    case "quote-new": {
      const templateId = formText(form, "templateId") || undefined;
      const result = await quotes.createLeadQuote({ leadId: lead.id, templateId });
      if (!result.ok) return actionError(result.status, result.message, intent);
      return redirect(`/admin/leads/${lead.id}/quotes/${result.quoteId}`);
    }
    case "quote-link": {
      const quote = await quotes.getLeadQuote({ leadId: lead.id, quoteId: formText(form, "quoteId") ?? "" });
      if (!quote) return actionError(404, "That quote is not one of this request's quotes.", intent);
      await quotes.replaceQuoteLink({ quoteId: quote.id });
      return { intent, ok: true as const, message: `Quote ${quote.number} has a new link; the old one no longer opens it.` };
    }
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
  // A phone's order (ADR 057): who and what, the actions bar (sticky), the details and photos, then
  // the forms the bar leads to; the emails' history collapsed, deleting last.
  return (
    <div className="admin-page admin-lead-page">
      <p className="admin-back">
        <Link to="/admin/leads">← All estimate requests</Link>
      </p>
      <p className="eyebrow">
        Estimate request from {lead.name}
        {lead.prefersSpanish ? (
          <>
            {" "}
            <PrefersSpanishBadge />
          </>
        ) : null}
      </p>
      <h1>{lead.subject}</h1>
      <p className="admin-card__meta admin-lead-page__meta">
        <span>
          Reference <strong className="admin-reference">{lead.reference}</strong>
        </span>
        {loaderData.waiting ? (
          <>
            {" "}
            ·&nbsp;
            <WaitingMark waiting={loaderData.waiting} />
          </>
        ) : null}
      </p>
      <LeadActionBar links={loaderData.links} name={lead.name} />
      {/* An action this page does not have (a hand-made post) is reported at the top. */}
      {!known ? <ActionError result={refusal} /> : null}
      <LeadDetails lead={lead} account={account} links={loaderData.links} />
      <LeadPhotos photos={loaderData.photos} name={lead.name} />
      <LeadStatusForm action={here} status={lead.status} actionData={result} />
      {/* Below the status, so the button that comes and goes with it never moves the status form. */}
      <LeadJobDone action={here} status={lead.status} review={loaderData.review} actionData={result} />
      <LeadReply action={here} reply={loaderData.reply} actionData={result} />
      <LeadVisit action={here} visit={loaderData.visit} name={lead.name} bookingUrl={loaderData.bookingUrl} actionData={result} />
      <LeadHomeownerLink action={here} url={loaderData.homeownerUrl} actionData={result} />
      <LeadQuoteActivity activity={loaderData.quoteActivity} />
      <LeadQuotes
        action={here}
        leadId={lead.id}
        quotes={loaderData.quotes.quotes}
        templates={loaderData.quotes.templates}
        actionData={result}
      />
      <LeadNotes action={here} notes={notes} maxLength={noteMaxLength} actionData={result} />
      <LeadEmails action={here} jobs={jobs} isSpam={lead.status === "spam" || Boolean(lead.spamReason)} actionData={result} />
      <LeadDeleteForm action={here} actionData={refusal} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
