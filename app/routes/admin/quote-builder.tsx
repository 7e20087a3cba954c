import { Link, data, redirect } from "react-router";
import type { Route } from "./+types/quote-builder";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { getBackend } from "#app/server/context.server.ts";
import { formText, readAdminForm, unknownIntentMessage } from "#app/server/forms.server.ts";
import { fieldReader, quoteFormFromFields, type QuoteForm } from "#app/schemas/quote-form.ts";
import { documentFromQuoteForm, lineFromQuoteForm } from "#app/schemas/quote-form-document.ts";
import { applyQuoteEdit, parseQuoteEdit } from "#app/schemas/quote-form-edit.ts";
import { formatDollars } from "#app/schemas/quote-numbers.ts";
import { adminMeta } from "#app/components/admin/meta.ts";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { answerNumber } from "#app/components/admin/in-place-form.tsx";
import { QuoteBuilderForm } from "#app/components/admin/quote-builder/quote-builder-form.tsx";
import { quoteStatusLabels } from "#app/components/admin/quote-builder/quote-labels.ts";
import quoteCss from "#app/styles/admin-quote.css?url";

const NOT_FOUND = "We couldn't find this quote. It may have been deleted, or the link is incomplete.";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  adminMeta(loaderData ? `Quote ${loaderData.quote.number}: ${loaderData.form.title}` : "Quote", matches);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: quoteCss }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const view = await getBackend(context).quotes.getQuoteBuilder({ leadId: params.leadId, quoteId: params.quoteId });
  if (!view) throw data(NOT_FOUND, { status: 404 });
  const done = new URL(request.url).searchParams.get("done");
  // After a save, the totals the server computed from what it stored (the live ones were a preview).
  const saved =
    done === "saved"
      ? `Saved. ${view.totals ? view.totals.map(({ name, totals }) => `${view.totals!.length > 1 ? `${name}: ` : "Total: "}${formatDollars(totals.totalCents)}`).join(" · ") : ""}`.trim()
      : done === "sent"
        ? `Sent: version ${view.quote.version} is on its way to the homeowner by email, in their language, with the link to read and sign it.`
        : null;
  return { ...view, flash: saved };
}

type Answer =
  { intent: string; ok: true; message: string; form: QuoteForm } | { intent: string; error: string; field: string; form: QuoteForm };

const answer = (status: 200 | 400 | 404, body: Answer) => data(body, { status });

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const { quotes } = getBackend(context);
  const view = await quotes.getQuoteBuilder({ leadId: params.leadId, quoteId: params.quoteId });
  if (!view) throw data(NOT_FOUND, { status: 404 });
  const posted = await readAdminForm(request);
  const form = quoteFormFromFields(fieldReader(posted));
  const intent = formText(posted, "intent") ?? "";

  if (intent === "save") {
    const result = await quotes.saveQuoteForm({ leadId: params.leadId, quoteId: params.quoteId, form });
    if (!result.ok) return answer(result.status, { intent, error: result.message, field: result.field, form });
    return redirect(`/admin/leads/${params.leadId}/quotes/${params.quoteId}?done=saved`);
  }
  if (intent === "send") {
    // Save what is on screen first: what is sent is what the contractor sees.
    const saved = await quotes.saveQuoteForm({ leadId: params.leadId, quoteId: params.quoteId, form });
    if (!saved.ok) return answer(saved.status, { intent, error: saved.message, field: saved.field, form });
    const sent = await quotes.sendQuote({ quoteId: params.quoteId, adminId: admin.id });
    if (!sent.ok) return answer(sent.status === 404 ? 404 : 400, { intent, error: sent.message, field: "title", form });
    return redirect(`/admin/leads/${params.leadId}/quotes/${params.quoteId}?done=sent`);
  }
  if (intent.startsWith("save-item:")) {
    const at = intent.slice("save-item:".length).split(".").map(Number);
    const line = at.length === 3 && at.every(Number.isInteger) ? lineFromQuoteForm(form, at as [number, number, number]) : null;
    if (!line) return answer(400, { intent, error: unknownIntentMessage(intent, ["save"]), field: "title", form });
    if (!line.ok) return answer(400, { intent, error: line.message, field: line.field, form });
    const saved = await quotes.saveLineAsItem({ line: line.line });
    return answer(200, {
      intent,
      ok: true,
      message: saved.ok ? `${saved.message} The quote itself is not saved yet.` : saved.message,
      form,
    });
  }
  if (intent === "save-template") {
    const checked = documentFromQuoteForm(form);
    if (!checked.ok) return answer(400, { intent, error: checked.message, field: checked.field, form });
    const saved = await quotes.saveQuoteAsTemplate({ name: formText(posted, "templateName"), document: checked.document });
    if (!saved.ok) return answer(400, { intent, error: saved.message, field: "templateName", form });
    return answer(200, { intent, ok: true, message: saved.message, form });
  }
  const edit = parseQuoteEdit(intent);
  if (!edit)
    return answer(400, {
      intent,
      error: unknownIntentMessage(intent, ["save", "save-template", "add-line", "add-option"]),
      field: "title",
      form,
    });
  const words = { option: (n: number) => view.words.option.replace("{number}", String(n)), section: view.words.section };
  const picked =
    edit.kind === "add-item" ? view.items.find((item) => item.id === formText(posted, `item:${edit.at.join(".")}`)) : undefined;
  if (edit.kind === "add-item" && !picked)
    return answer(400, { intent, error: "That saved item no longer exists. Pick another.", field: "title", form });
  // Without JavaScript the structural buttons come here: the form comes back changed, not saved.
  return answer(200, { intent, ok: true, message: "Changed. Save to keep it.", form: applyQuoteEdit(form, edit, words, picked?.line) });
}

export default function QuoteBuilderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, quote } = loaderData;
  const refused = actionData && "error" in actionData ? actionData : null;
  const message = actionData && "ok" in actionData ? actionData.message : loaderData.flash;
  return (
    <div className="admin-page quote-builder-page">
      <p className="admin-back">
        <Link to={`/admin/leads/${lead.id}`}>← Request from {lead.name}</Link>
      </p>
      <p className="eyebrow">
        Quote {quote.number} · {quoteStatusLabels[quote.status]}
        {quote.version > 0 ? ` · version ${quote.version} sent` : ""}
      </p>
      <h1>{actionData?.form.title || loaderData.form.title}</h1>
      {quote.locale === "es" ? (
        <p className="admin-notice" lang="en">
          <strong>This quote is in Spanish: write it in Spanish.</strong> The homeowner asked in Spanish; the quote page, the emails and the
          PDF are in Spanish.
        </p>
      ) : null}
      {quote.version > 0 ? (
        <p className="admin-notice">
          Changes make version {quote.version + 1}, which the homeowner must sign again. Version {quote.version}, as sent, stays as it is.
        </p>
      ) : null}
      {refused ? (
        <div className="admin-alert" role="alert" id="quote-problem">
          <p>{refused.error}</p>
          <p>
            <a href={`#q-${refused.field.replaceAll(".", "-")}`}>Go to the field</a>
          </p>
        </div>
      ) : null}
      {message ? (
        // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
        <div className="admin-flash admin-flash--inline" role="status">
          <p>{message}</p>
        </div>
      ) : null}
      <QuoteBuilderForm
        // A new answer or a new save starts the form again from what the server holds.
        key={actionData ? `answer-${answerNumber(actionData)}` : `saved-${quote.updatedAt}`}
        initial={actionData?.form ?? loaderData.form}
        problem={refused ? { field: refused.field, message: refused.error } : null}
        words={loaderData.words}
        items={loaderData.items}
        sendLabel={quote.version === 0 ? "Save and send" : `Save and send version ${quote.version + 1}`}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
