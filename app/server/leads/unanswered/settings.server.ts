/**
 * The unanswered request's reminder setting (issue 29): how many business hours a request may wait
 * for the contractor's first answer before they are reminded, 0 for never. Stored like the quotes'
 * follow-ups (a `settings` key); requests already stored keep the reminder they were given.
 */
import type { Kysely } from "kysely";
import type { BackendBase } from "#app/server/backend-base.server.ts";
import type { DB } from "#app/server/db/schema.server.ts";
import { getSetting, setSetting } from "#app/server/repos/settings.server.ts";
import {
  UnansweredReminderFormSchema,
  UnansweredReminderSettingsSchema,
  defaultUnansweredReminder,
  type UnansweredReminderSettings,
} from "#app/schemas/unanswered-reminder.ts";

/** The `settings` key of the reminder's hours. */
export const UNANSWERED_REMINDER_SETTING = "leads.unanswered-reminder";

export async function getReminderSettings({ db }: { db: Kysely<DB> }): Promise<UnansweredReminderSettings> {
  const stored = UnansweredReminderSettingsSchema.safeParse(await getSetting({ db, key: UNANSWERED_REMINDER_SETTING }));
  return stored.success ? stored.data : defaultUnansweredReminder;
}

export type SaveReminderResult =
  | { ok: true; settings: UnansweredReminderSettings; message: string }
  | { ok: false; status: 400; message: string; values: Record<string, string> };

/** Saves the form's hours; the reminders already queued keep the time they were queued for. */
export async function saveReminderSettings(
  { database, logger }: Pick<BackendBase, "database" | "logger">,
  { hours, adminId }: { hours: string | null | undefined; adminId: string },
): Promise<SaveReminderResult> {
  const values = { reminder_hours: hours ?? "" };
  const parsed = UnansweredReminderFormSchema.safeParse(values);
  if (!parsed.success) return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? "Check the hours.", values };
  await setSetting({ db: database.db, key: UNANSWERED_REMINDER_SETTING, value: parsed.data });
  logger.info("unanswered request reminder set", { ...parsed.data, adminId });
  return { ok: true, settings: parsed.data, message: `Saved. ${describeReminder(parsed.data)}` };
}

/** The setting in a sentence, for the admin. */
export function describeReminder({ hours }: UnansweredReminderSettings): string {
  if (hours === 0) return "No reminder is sent for unanswered requests.";
  const span = `${hours} business hour${hours === 1 ? "" : "s"}`;
  return `A request with no answer after ${span} reminds you by email and on your phone.`;
}
