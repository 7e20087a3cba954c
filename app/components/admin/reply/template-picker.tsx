import { Form, Link } from "react-router";
import type { LeadReplySectionView } from "#app/components/admin/reply/reply-view.ts";

/** A plain GET form: `?template=` fills the reply form in, with or without JavaScript. */
export function TemplatePicker({ action, reply }: { action: string; reply: LeadReplySectionView }) {
  return (
    <Form method="get" action={action} className="admin-inline-form" preventScrollReset>
      <div className="admin-field">
        <label htmlFor="reply-template">Start from a template</label>
        <select id="reply-template" name="template" defaultValue={reply.templateId ?? ""} key={reply.templateId ?? ""}>
          <option value="">No template</option>
          {reply.templates.map((template) => (
            <option key={template.id} value={template.id}>
              {template.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="admin-button admin-button--quiet">
        Use template
      </button>
      <Link to="/admin/replies" className="admin-link-button">
        Manage templates
      </Link>
    </Form>
  );
}
