/** The editable texts: the admin's list with each default, saved or restored to the default. docs/decisions/017-business-profile.md */
import { DEFAULT_LOCALE, getTextDefinition, textDefinitions } from "#app/content/texts.ts";
import { deleteText, listTexts, saveText as saveTextRow } from "#app/server/repos/site-texts.server.ts";
import { readProfile } from "#app/server/site/profile.server.ts";
import { change, refused, type SiteContext } from "#app/server/site/site-context.server.ts";
import type { AdminText, SiteChange } from "#app/server/site/types.server.ts";

const NO_SUCH_TEXT = "That text does not exist: reload the page and try again.";

export async function adminTexts({ db }: SiteContext): Promise<AdminText[]> {
  const [profile, stored] = await Promise.all([readProfile({ db }), listTexts({ db, locale: DEFAULT_LOCALE })]);
  const values = new Map(stored.map((text) => [text.key, text.value]));
  return textDefinitions.map((definition) => {
    const defaultValue = definition.defaultValue(profile);
    const value = values.get(definition.key);
    return {
      key: definition.key,
      group: definition.group,
      label: definition.label,
      kind: definition.kind,
      hint: definition.hint,
      value: value ?? defaultValue,
      defaultValue,
      isDefault: value === undefined,
    };
  });
}

export const saveText = (ctx: SiteContext, { key, value, by }: { key: string; value: string; by: string | null }): Promise<SiteChange> =>
  change(ctx, async () => {
    const { db } = ctx;
    const definition = getTextDefinition(key);
    if (!definition) return refused(404, NO_SUCH_TEXT);
    if (definition.kind === "line" && value.includes("\n")) {
      return refused(400, `The ${definition.label.toLowerCase()} is one line: please remove the line breaks.`);
    }
    // Saving the default words keeps following the default (the headline follows the name).
    if (value === definition.defaultValue(await readProfile(ctx))) {
      await deleteText({ db, key, locale: DEFAULT_LOCALE });
    } else {
      await saveTextRow({ db, key, locale: DEFAULT_LOCALE, value, updatedBy: by });
    }
    return { ok: true };
  });

export const restoreText = (ctx: SiteContext, { key }: { key: string }): Promise<SiteChange> =>
  change(ctx, async () => {
    if (!getTextDefinition(key)) return refused(404, NO_SUCH_TEXT);
    await deleteText({ db: ctx.db, key, locale: DEFAULT_LOCALE });
    return { ok: true };
  });
