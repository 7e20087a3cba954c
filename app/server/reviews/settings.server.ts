/**
 * The review requests' settings (issue 29), stored like the other settings (`settings` table):
 * on or off, the days from "Job done" to the request, and the days from the request to its one
 * reminder. A change applies to the jobs marked done afterwards; emails already planned keep
 * their times.
 */
import {
  ReviewSettingsFormSchema,
  ReviewSettingsSchema,
  defaultReviewSettings,
  type ReviewSettings,
} from "#app/schemas/review-settings.ts";
import { getSetting, setSetting } from "#app/server/repos/settings.server.ts";
import type { ReviewDeps } from "#app/server/reviews/deps.server.ts";
import { REVIEW_SEND_HOUR } from "#app/server/reviews/timing.server.ts";

/** The `settings` key. */
export const REVIEW_SETTINGS = "reviews.settings";

export async function getReviewSettings(deps: Pick<ReviewDeps, "database">): Promise<ReviewSettings> {
  const stored = ReviewSettingsSchema.safeParse(await getSetting({ db: deps.database.db, key: REVIEW_SETTINGS }));
  return stored.success ? stored.data : defaultReviewSettings;
}

export type SaveReviewSettingsResult =
  { ok: true; settings: ReviewSettings; message: string } | { ok: false; status: 400; message: string; values: Record<string, string> };

/** Saves the form (as posted); a refusal names the field and keeps what was typed. */
export async function saveReviewSettings(
  deps: Pick<ReviewDeps, "database" | "logger">,
  {
    enabled,
    delayDays,
    reminderDays,
    adminId,
  }: { enabled: string | undefined; delayDays: string | undefined; reminderDays: string | undefined; adminId: string },
): Promise<SaveReviewSettingsResult> {
  const values = { ...(enabled === undefined ? {} : { enabled }), delay_days: delayDays ?? "", reminder_days: reminderDays ?? "" };
  const parsed = ReviewSettingsFormSchema.safeParse(values);
  if (!parsed.success) {
    return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? "Check the days.", values };
  }
  await setSetting({ db: deps.database.db, key: REVIEW_SETTINGS, value: parsed.data });
  deps.logger.info("review request settings set", { ...parsed.data, adminId });
  return { ok: true, settings: parsed.data, message: `Saved. ${describeReviewSettings(parsed.data)}` };
}

const dayWords = (days: number) => `${days} day${days === 1 ? "" : "s"}`;

/** The settings in a sentence or two, for the admin. */
export function describeReviewSettings({ enabled, delayDays, reminderDays }: ReviewSettings): string {
  if (!enabled) return "Review requests are off: a job marked done gets none.";
  const hour = `${REVIEW_SEND_HOUR}:00 AM`;
  const request =
    delayDays === 0
      ? `A job marked done gets its review request the same day (at ${hour}, or at once if that has passed, before 7:00 PM).`
      : `A job marked done gets its review request ${dayWords(delayDays)} later, at ${hour}.`;
  const reminder =
    reminderDays === 0
      ? "No reminder is sent."
      : `One reminder follows ${dayWords(reminderDays)} after it, at ${hour}, unless they followed the review link.`;
  return `${request} ${reminder}`;
}
