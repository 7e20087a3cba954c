/**
 * The editable texts: the admin's list with each default, saved or restored to the default, and
 * each with an optional Spanish version (ADR 064; the same table, locale "es"). docs/decisions/017-business-profile.md
 */
import { DEFAULT_LOCALE, getTextDefinition, textDefinitions } from "#app/content/texts.ts";
import type { Locale } from "#app/i18n/locale.ts";
import { deleteText, listTexts, saveText as saveTextRow } from "#app/server/repos/site-texts.server.ts";
import { readProfile } from "#app/server/site/profile.server.ts";
import { change, refused, type SiteContext } from "#app/server/site/site-context.server.ts";
import type { AdminText, SiteChange } from "#app/server/site/types.server.ts";

const NO_SUCH_TEXT = "That text does not exist: reload the page and try again.";
const EMPTY_TEXT = "The text cannot be empty: use “Restore the default” to go back to the original words.";

export async function adminTexts({ db }: SiteContext): Promise<AdminText[]> {
  const [profile, stored, storedSpanish] = await Promise.all([
    readProfile({ db }),
    listTexts({ db, locale: DEFAULT_LOCALE }),
    listTexts({ db, locale: "es" }),
  ]);
  const values = new Map(stored.map((text) => [text.key, text.value]));
  const spanish = new Map(storedSpanish.map((text) => [text.key, text.value]));
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
      spanish: spanish.get(definition.key) ?? "",
    };
  });
}

/**
 * Saves a text's English words, or its Spanish version (`locale: "es"`). The Spanish version is
 * optional: saving it empty removes it, and the Spanish page shows the English words again.
 */
export const saveText = (
  ctx: SiteContext,
  { key, value, by, locale = DEFAULT_LOCALE }: { key: string; value: string; by: string | null; locale?: Locale },
): Promise<SiteChange> =>
  change(ctx, async () => {
    const { db } = ctx;
    const definition = getTextDefinition(key);
    if (!definition) return refused(404, NO_SUCH_TEXT);
    if (definition.kind === "line" && value.includes("\n")) {
      return refused(400, `The ${definition.label.toLowerCase()} is one line: please remove the line breaks.`);
    }
    if (locale === "es") {
      if (value === "") await deleteText({ db, key, locale });
      else await saveTextRow({ db, key, locale, value, updatedBy: by });
      return { ok: true };
    }
    if (value === "") return refused(400, EMPTY_TEXT);
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
