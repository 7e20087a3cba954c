/**
 * The saved templates a reply can start from (/admin/replies, ADR 032): listed, added or saved
 * (checked, named uniquely, at most replyLimits.templates.max), and deleted. A refusal carries the
 * sentence the admin reads and the status it answers with.
 */
import type { BackendBase } from "#app/server/backend-base.server.ts";
import { isUuid } from "#app/server/ids.server.ts";
import {
  countReplyTemplates,
  createReplyTemplate,
  deleteReplyTemplate,
  findReplyTemplateByName,
  getReplyTemplate,
  listReplyTemplates,
  updateReplyTemplate,
} from "#app/server/repos/reply-templates.server.ts";
import { ReplyTemplateSchema, replyLimits, type ReplyTemplateValues } from "#app/schemas/reply.ts";
import { fieldErrors } from "#app/schemas/account.ts";
import type { ReplyRefused } from "#app/server/leads/replies.server.ts";

export async function listTemplates({ backend }: { backend: Pick<BackendBase, "database"> }) {
  return listReplyTemplates({ db: backend.database.db });
}

const TEMPLATE_NOT_FOUND = "That template does not exist any more: it may have been deleted. Nothing was changed.";

/**
 * Adds a template (no `id`) or saves one: checked (ReplyTemplateSchema: unknown placeholders are
 * refused by name), a name no other template has, at most replyLimits.templates.max of them.
 */
export async function saveReplyTemplate({
  backend,
  id,
  fields,
}: {
  backend: Pick<BackendBase, "database">;
  /** As posted, for an edit; undefined to add. */
  id?: string;
  fields: Record<"name" | "subject" | "body", string> & Partial<Record<"subject_es" | "body_es", string>>;
}): Promise<{ outcome: "saved"; template: { id: string; name: string } } | ReplyRefused> {
  const { db } = backend.database;
  const existing = id === undefined ? null : isUuid(id) ? await getReplyTemplate({ db, id }) : null;
  if (id !== undefined && !existing) return { outcome: "refused", status: 404, error: TEMPLATE_NOT_FOUND };
  const parsed = ReplyTemplateSchema.safeParse(fields);
  if (!parsed.success) {
    const errors = fieldErrors<string>(parsed.error) as Record<string, string>;
    const count = Object.keys(errors).length;
    return {
      outcome: "refused",
      status: 400,
      error: `Nothing was saved: please correct ${count === 1 ? "the field" : `the ${count} fields`} marked below.`,
      fieldErrors: errors,
    };
  }
  const parsedValues: ReplyTemplateValues = parsed.data;
  const values = { ...parsedValues, subject_es: parsedValues.subject_es ?? null, body_es: parsedValues.body_es ?? null };
  const sameName = await findReplyTemplateByName({ db, name: values.name });
  if (sameName && sameName.id !== existing?.id) {
    const error = `There is already a template called “${sameName.name}”. Choose another name.`;
    return { outcome: "refused", status: 409, error, fieldErrors: { name: error } };
  }
  if (!existing) {
    if ((await countReplyTemplates({ db })) >= replyLimits.templates.max) {
      return {
        outcome: "refused",
        status: 409,
        error: `The site keeps at most ${replyLimits.templates.max} templates: delete one you no longer use to add another.`,
      };
    }
    const created = await createReplyTemplate({ db, fields: values });
    return { outcome: "saved", template: { id: created.id, name: created.name } };
  }
  if (!(await updateReplyTemplate({ db, id: existing.id, fields: values }))) {
    return { outcome: "refused", status: 404, error: TEMPLATE_NOT_FOUND };
  }
  return { outcome: "saved", template: { id: existing.id, name: values.name } };
}

export async function removeReplyTemplate({
  backend,
  id,
}: {
  backend: Pick<BackendBase, "database">;
  id: string | undefined;
}): Promise<{ outcome: "deleted"; name: string } | ReplyRefused> {
  const { db } = backend.database;
  const existing = isUuid(id) ? await getReplyTemplate({ db, id }) : null;
  if (!existing || !(await deleteReplyTemplate({ db, id: existing.id }))) {
    return {
      outcome: "refused",
      status: 404,
      error: "That template does not exist any more: it may have been deleted already.",
    };
  }
  return { outcome: "deleted", name: existing.name };
}
