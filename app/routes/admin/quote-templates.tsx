import { Form, Link } from "react-router";
import type { Route } from "./+types/quote-templates";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { getBackend } from "#app/server/context.server.ts";
import { actionError, formText, readAdminForm, unknownIntentMessage } from "#app/server/forms.server.ts";
import { formatDollars, milliToInput } from "#app/schemas/quote-numbers.ts";
import { quoteLimits } from "#app/schemas/quote.ts";
import { adminMeta } from "#app/components/admin/meta.ts";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { ActionError } from "#app/components/admin/action-error.tsx";
import { ActionDone } from "#app/components/admin/in-place-form.tsx";
import { ConfirmDeleteForm } from "#app/components/admin/confirm-delete-form.tsx";
import quoteCss from "#app/styles/admin-quote.css?url";

const PAGE = "/admin/quotes/templates";
const INTENTS = ["rename", "delete"] as const;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Quote templates", matches);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: quoteCss }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const templates = await getBackend(context).quotes.listTemplates();
  // "?delete=<id>" asks to confirm before deleting, so a plain link can start it without JavaScript.
  return { ...templates, confirming: new URL(request.url).searchParams.get("delete") };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const { quotes } = getBackend(context);
  const form = await readAdminForm(request);
  const intent = formText(form, "intent");
  const id = formText(form, "id") ?? "";
  if (intent === "rename") {
    const result = await quotes.renameTemplate({ id, name: formText(form, "name") });
    if (!result.ok) return actionError(result.status, result.message, intent, { id, name: formText(form, "name") ?? "" });
    return { intent, ok: true as const, message: result.message };
  }
  if (intent === "delete") {
    if (formText(form, "confirm") !== "yes") return actionError(400, "Confirm with “Yes, delete it”. Nothing was deleted.", intent);
    const result = await quotes.removeTemplate({ id });
    if (!result.ok) return actionError(result.status === 404 ? 404 : 400, result.message, intent);
    return { intent, ok: true as const, message: result.message };
  }
  return actionError(400, unknownIntentMessage(intent, INTENTS), intent);
}

function RenameForm({ id, name, label, refused }: { id: string; name: string; label: string; refused: string | null }) {
  const fieldId = `rename-${id}`;
  return (
    <Form method="post" className="admin-inline-form quote-template-rename">
      <input type="hidden" name="intent" value="rename" />
      <input type="hidden" name="id" value={id} />
      <div className="admin-field">
        <label htmlFor={fieldId}>{label}</label>
        <input id={fieldId} name="name" defaultValue={name} maxLength={quoteLimits.title.max} aria-invalid={refused ? true : undefined} />
        {refused ? (
          <p className="admin-field__error" role="alert">
            {refused}
          </p>
        ) : null}
      </div>
      <button type="submit" className="admin-button admin-button--quiet">
        Rename
      </button>
    </Form>
  );
}

function DeleteLink({ id, what, confirming }: { id: string; what: string; confirming: boolean }) {
  return confirming ? (
    <ConfirmDeleteForm page={PAGE} id={id} cancel="Keep it" />
  ) : (
    <Link to={`${PAGE}?delete=${id}`} className="admin-link-button" aria-label={`Delete ${what}`} preventScrollReset>
      Delete
    </Link>
  );
}

export default function QuoteTemplatesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { quotes, items, confirming } = loaderData;
  const refusedFor = (id: string) =>
    actionData && "error" in actionData && actionData.intent === "rename" && actionData.values?.id === id ? actionData.error : null;
  return (
    <div className="admin-page quote-templates-page">
      <h1>Quote templates</h1>
      <p className="admin-help">
        Whole quotes for common jobs, and lines you reuse. Make them from a quote's page (“Save as template”, “Save as item”); start a new
        quote from a template on a request's page.
      </p>
      <ActionError result={actionData && "error" in actionData && actionData.intent !== "rename" ? actionData : undefined} />
      <ActionDone result={actionData} />
      <section className="admin-section" aria-labelledby="quote-templates">
        <h2 id="quote-templates">Quote templates</h2>
        {quotes.length === 0 ? <p className="admin-muted">None yet.</p> : null}
        <ul className="admin-list">
          {quotes.map((template) => (
            <li key={template.id} className="admin-card quote-template">
              <RenameForm
                id={template.id}
                name={template.name}
                label={`Name of template “${template.name}”`}
                refused={refusedFor(template.id)}
              />
              <DeleteLink id={template.id} what={`template “${template.name}”`} confirming={confirming === template.id} />
            </li>
          ))}
        </ul>
      </section>
      <section className="admin-section" aria-labelledby="quote-items">
        <h2 id="quote-items">Saved items</h2>
        {items.length === 0 ? <p className="admin-muted">None yet.</p> : null}
        <ul className="admin-list">
          {items.map((item) => (
            <li key={item.id} className="admin-card quote-template">
              <p className="admin-card__meta">
                {item.line.kind === "allowance" ? "Allowance: " : ""}
                {milliToInput(item.line.quantityMilli)} {item.line.unit || "×"} at {formatDollars(item.line.unitPriceCents)}
                {item.line.optional ? " · optional extra" : ""}
              </p>
              <RenameForm id={item.id} name={item.name} label={`Name of item “${item.name}”`} refused={refusedFor(item.id)} />
              <DeleteLink id={item.id} what={`item “${item.name}”`} confirming={confirming === item.id} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
