import { Form, Link } from "react-router";
import { ConfirmDeleteForm } from "#app/components/admin/confirm-delete-form.tsx";
import { FormField } from "#app/components/form-field.tsx";
import type { AdminActionError } from "#app/schemas/admin-action.ts";
import { replyLimits, replyPlaceholderHelp, replyPlaceholders } from "#app/schemas/reply.ts";
import { SaveOrCancel } from "#app/components/admin/save-or-cancel.tsx";
import { ActionError } from "#app/components/admin/action-error.tsx";

const PAGE = "/admin/replies";

/** What the templates page's action answers when it refuses: the message, what was typed, each field's problem. */
export interface TemplateFormResult extends AdminActionError {
  fieldErrors?: Record<string, string>;
}

interface ReplyTemplateView {
  id: string;
  name: string;
  subject: string;
  body: string;
  /** The Spanish version, empty when there is none. */
  subjectEs: string;
  bodyEs: string;
}

/** The placeholders a template may use and what each becomes, shown next to the editor. */
function PlaceholderList({ id }: { id: string }) {
  return (
    <div className="admin-card" id={id}>
      <p className="admin-card__title">Placeholders</p>
      <p className="admin-help">Type one in the subject or the message, braces included; it is filled in for each request.</p>
      <dl className="admin-facts">
        {replyPlaceholders.map((name) => (
          <div key={name}>
            <dt>
              <code>{`{${name}}`}</code>
            </dt>
            <dd>{replyPlaceholderHelp[name]}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** Add (no `template`) or edit a template. Plain HTML; a refusal comes back with what was typed and each field's problem. */
export function ReplyTemplateForm({
  template,
  result,
  idPrefix,
}: {
  template?: ReplyTemplateView;
  result?: TemplateFormResult;
  idPrefix: string;
}) {
  const values = result?.values ?? {
    name: template?.name ?? "",
    subject: template?.subject ?? "",
    body: template?.body ?? "",
    subject_es: template?.subjectEs ?? "",
    body_es: template?.bodyEs ?? "",
  };
  const errors = result?.fieldErrors ?? {};
  const placeholdersId = `${idPrefix}-placeholders`;
  return (
    <Form method="post" action={PAGE} className="admin-stack-form" preventScrollReset>
      <input type="hidden" name="intent" value={template ? "update" : "add"} />
      {template ? <input type="hidden" name="id" value={template.id} /> : null}
      <ActionError result={result} />
      <FormField
        className="admin-field"
        label="Name"
        name="name"
        hint="How the reply form lists it, like “Need photos”."
        required
        maxLength={replyLimits.name.max}
        defaultValue={values.name ?? ""}
        error={errors.name}
      />
      <FormField
        className="admin-field"
        label="Subject"
        name="subject"
        required
        maxLength={replyLimits.subject.max}
        defaultValue={values.subject ?? ""}
        error={errors.subject}
      />
      <FormField
        className="admin-field"
        label="Message"
        name="body"
        hint={`At most ${replyLimits.body.max.toLocaleString("en-US")} characters. Your business name and phone are added under every reply: no need to sign it.`}
        multiline
        rows={9}
        required
        maxLength={replyLimits.body.max}
        defaultValue={values.body ?? ""}
        error={errors.body}
      />
      <fieldset className="admin-fieldset">
        <legend>In Spanish (optional)</legend>
        <p className="admin-help">
          Sent instead of the English to a homeowner who prefers Spanish (their request came from the Spanish site), when both are given.
          Without them, they get the English.
        </p>
        <FormField
          className="admin-field"
          label="Subject in Spanish"
          name="subject_es"
          lang="es"
          maxLength={replyLimits.subject.max}
          defaultValue={values.subject_es ?? ""}
          error={errors.subject_es}
        />
        <FormField
          className="admin-field"
          label="Message in Spanish"
          name="body_es"
          lang="es"
          multiline
          rows={9}
          maxLength={replyLimits.body.max}
          defaultValue={values.body_es ?? ""}
          error={errors.body_es}
        />
      </fieldset>
      <PlaceholderList id={placeholdersId} />
      <SaveOrCancel className="admin-actions" label={template ? "Save changes" : "Add the template"} cancelTo={template ? PAGE : null} />
    </Form>
  );
}

/** One template: its name, subject and message, with Edit and Delete (or its edit form). */
export function ReplyTemplateCard({
  template,
  isEditing,
  result,
}: {
  template: ReplyTemplateView;
  isEditing: boolean;
  result?: TemplateFormResult;
}) {
  const headingId = `template-${template.id}-name`;
  return (
    <li className="admin-card" id={`template-${template.id}`}>
      <h3 className="admin-card__title" id={headingId}>
        {template.name}
      </h3>
      {isEditing ? (
        <ReplyTemplateForm template={template} result={result} idPrefix={`edit-${template.id}`} />
      ) : (
        <>
          {result?.error ? (
            <div className="admin-alert" role="alert">
              <p>{result.error}</p>
            </div>
          ) : null}
          <dl className="admin-facts">
            <div>
              <dt>Subject</dt>
              <dd>{template.subject}</dd>
            </div>
          </dl>
          <p className="admin-message">{template.body}</p>
          {template.subjectEs ? (
            <>
              <dl className="admin-facts">
                <div>
                  <dt>Subject in Spanish</dt>
                  <dd lang="es">{template.subjectEs}</dd>
                </div>
              </dl>
              <p className="admin-message" lang="es">
                {template.bodyEs}
              </p>
            </>
          ) : null}
          <p className="admin-actions">
            <Link to={`${PAGE}?edit=${template.id}#template-${template.id}`} className="admin-link-button" preventScrollReset>
              Edit<span className="visually-hidden"> “{template.name}”</span>
            </Link>
            <Link to={`${PAGE}?delete=${template.id}`} className="admin-link-button" preventScrollReset>
              Delete<span className="visually-hidden"> “{template.name}”</span>
            </Link>
          </p>
        </>
      )}
    </li>
  );
}

/** "Delete this template?", with the one button that does it. */
export function DeleteReplyTemplate({ template }: { template: Pick<ReplyTemplateView, "id" | "name"> }) {
  return (
    <section className="admin-section admin-danger" aria-labelledby="delete-template">
      <h2 id="delete-template">Delete “{template.name}”?</h2>
      <p>Replies already sent with it stay in their requests' history. This cannot be undone.</p>
      <ConfirmDeleteForm page={PAGE} id={template.id} cancel="Cancel" />
    </section>
  );
}
