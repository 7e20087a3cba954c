import { data, redirect } from "react-router";
import type { Route } from "./+types/replies";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { getBackend } from "#app/server/context.server.ts";
import { formText, isUuid, readAdminForm, unknownIntentMessage } from "#app/server/forms.server.ts";
import { replyLimits } from "#app/schemas/reply.ts";
import { adminMeta } from "#app/components/admin/meta.ts";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { ActionError } from "#app/components/admin/action-error.tsx";
import {
  DeleteReplyTemplate,
  ReplyTemplateCard,
  ReplyTemplateForm,
  type TemplateFormResult,
} from "#app/components/admin/reply-templates.tsx";

const PAGE = "/admin/replies";
const INTENTS = ["add", "update", "delete"] as const;
const FIELDS = ["name", "subject", "body", "subject_es", "body_es"] as const;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Reply templates", matches);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const templates = await getBackend(context).leads.listReplyTemplates();
  const params = new URL(request.url).searchParams;
  const find = (name: string) => {
    const id = params.get(name);
    return isUuid(id) ? (templates.find((t) => t.id === id) ?? null) : null;
  };
  const named = find("id");
  const done = params.get("done");
  return {
    flash:
      done === "added"
        ? `Added the template “${named?.name ?? ""}”. It is in the reply form's list now.`
        : done === "updated"
          ? `Saved the template “${named?.name ?? ""}”.`
          : done === "deleted"
            ? "Deleted the template."
            : null,
    templates: templates.map((t) => ({
      id: t.id,
      name: t.name,
      subject: t.subject,
      body: t.body,
      subjectEs: t.subject_es ?? "",
      bodyEs: t.body_es ?? "",
    })),
    editId: find("edit")?.id ?? null,
    confirmDelete: find("delete"),
    max: replyLimits.templates.max,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const backend = getBackend(context);
  const form = await readAdminForm(request);
  const intent = formText(form, "intent");
  const id = formText(form, "id") ?? "";
  if (!(INTENTS as readonly string[]).includes(intent ?? "")) {
    return data<TemplateFormResult>({ error: unknownIntentMessage(intent, INTENTS), intent: intent ?? null }, { status: 400 });
  }

  if (intent === "delete") {
    if (formText(form, "confirm") !== "yes") {
      return data<TemplateFormResult>(
        {
          error: "Please confirm: use “Delete” and then “Yes, delete it”. Nothing was deleted.",
          intent,
          values: { id },
        },
        { status: 400 },
      );
    }
    const result = await backend.leads.removeReplyTemplate({ id });
    if (result.outcome === "refused")
      return data<TemplateFormResult>({ error: result.error, intent, values: { id } }, { status: result.status });
    backend.logger.info("reply template deleted", { id, adminId: admin.id });
    return redirect(`${PAGE}?done=deleted`);
  }

  const values = Object.fromEntries(FIELDS.map((name) => [name, formText(form, name) ?? ""])) as Record<(typeof FIELDS)[number], string>;
  const result = await backend.leads.saveReplyTemplate({ id: intent === "update" ? id : undefined, fields: values });
  if (result.outcome === "refused") {
    return data<TemplateFormResult>(
      { error: result.error, intent: intent ?? null, values: { ...values, id }, fieldErrors: result.fieldErrors },
      { status: result.status },
    );
  }
  backend.logger.info(intent === "add" ? "reply template added" : "reply template updated", {
    id: result.template.id,
    adminId: admin.id,
  });
  return redirect(`${PAGE}?done=${intent === "add" ? "added" : "updated"}&id=${result.template.id}#template-${result.template.id}`);
}

export default function ReplyTemplates({ loaderData, actionData }: Route.ComponentProps) {
  const { templates, editId, confirmDelete, max } = loaderData;
  const result = actionData;
  const resultId = result?.values?.id;
  // A refusal about a listed template shows in its card; a refused edit keeps its form open.
  const aboutListed = result?.intent !== "add" && templates.some((t) => t.id === resultId);
  const editing = result?.intent === "update" && aboutListed ? resultId : editId;
  return (
    <div className="admin-page">
      <p className="eyebrow">Replies</p>
      <h1>Reply templates</h1>
      <p className="admin-help">
        Replies you send often. On a request's page, “Start from a template” fills the reply in, with the placeholders replaced by that
        request's details; you can change anything before sending.
      </p>
      {aboutListed || result?.intent === "add" ? null : <ActionError result={result} />}
      {confirmDelete ? <DeleteReplyTemplate template={confirmDelete} /> : null}
      {editing ? null : (
        <section className="admin-section" aria-labelledby="add-template">
          <h2 id="add-template">Add a template</h2>
          {templates.length >= max ? (
            <p className="admin-notice">The site keeps at most {max} templates: delete one you no longer use to add another.</p>
          ) : (
            <ReplyTemplateForm result={result?.intent === "add" ? result : undefined} idPrefix="add" key={templates.length} />
          )}
        </section>
      )}
      <section className="admin-section" aria-labelledby="templates-list">
        <h2 id="templates-list">{templates.length === 1 ? "1 template" : `${templates.length} templates`}</h2>
        {templates.length === 0 ? (
          <p className="admin-muted">No templates yet. Add one with the form above.</p>
        ) : (
          <ul className="admin-list">
            {templates.map((template) => (
              <ReplyTemplateCard
                key={template.id}
                template={template}
                isEditing={editing === template.id}
                result={aboutListed && resultId === template.id ? result : undefined}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
