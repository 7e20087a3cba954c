/**
 * An unanswered quote's polite follow-ups (issue 27): up to two emails, a number of days after
 * the send that the contractor sets (default 3 and 7; 0 turns one off), queued through the outbox
 * with the quote's email. "Stopped by any answer": when a follow-up's time comes, the outbox asks
 * `followUpChecks` whether it is still wanted; one no longer wanted is removed unsent, the reason
 * logged. Sending a newer version replaces the older version's follow-ups at once.
 */
import type { Kysely, Transaction } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import type { QuoteDeps } from "#app/server/quotes/deps.server.ts";
import {
  QuoteFollowUpFormSchema,
  QuoteFollowUpSettingsSchema,
  defaultFollowUpSettings,
  followUpDays,
  type QuoteFollowUpSettings,
} from "#app/schemas/quote-follow-ups.ts";
import { getSetting, setSetting } from "#app/server/repos/settings.server.ts";
import { getQuote } from "#app/server/repos/quotes.server.ts";
import { createQuoteEvent } from "#app/server/repos/quote-events.server.ts";
import { deletePendingEmailJob, listPendingEmailJobs } from "#app/server/repos/email-jobs.server.ts";
import type { FollowUpChecks } from "#app/server/mail/email-job.server.ts";

/** The `settings` key of the follow-ups' days. */
export const FOLLOW_UP_SETTING = "quotes.follow-ups";

export async function getFollowUpSettings(deps: Pick<QuoteDeps, "database">): Promise<QuoteFollowUpSettings> {
  const stored = QuoteFollowUpSettingsSchema.safeParse(await getSetting({ db: deps.database.db, key: FOLLOW_UP_SETTING }));
  return stored.success ? stored.data : defaultFollowUpSettings;
}

export type SaveFollowUpsResult =
  | { ok: true; settings: QuoteFollowUpSettings; message: string }
  | { ok: false; status: 400; message: string; values: Record<string, string> };

/** Saves the form's days; the follow-ups already queued keep the days they were queued with. */
export async function saveFollowUpSettings(
  deps: Pick<QuoteDeps, "database" | "logger">,
  { firstDays, secondDays, adminId }: { firstDays: string | null | undefined; secondDays: string | null | undefined; adminId: string },
): Promise<SaveFollowUpsResult> {
  const values = { first_days: firstDays ?? "", second_days: secondDays ?? "" };
  const parsed = QuoteFollowUpFormSchema.safeParse(values);
  if (!parsed.success) return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? "Check the days.", values };
  await setSetting({ db: deps.database.db, key: FOLLOW_UP_SETTING, value: parsed.data });
  deps.logger.info("quote follow-ups set", { ...parsed.data, adminId });
  return { ok: true, settings: parsed.data, message: `Saved. ${describeFollowUps(parsed.data)}` };
}

/** The settings in a sentence, for the admin. */
export function describeFollowUps({ firstDays, secondDays }: QuoteFollowUpSettings): string {
  const on = followUpDays({ firstDays, secondDays });
  if (on.length === 0) return "No follow-ups are sent.";
  const days = on.map((d) => `${d} day${d === 1 ? "" : "s"}`).join(" and ");
  return `An unanswered quote gets ${on.length === 1 ? "one follow-up" : "follow-ups"} ${days} after it was sent.`;
}

/**
 * Removes the pending follow-ups of a quote's earlier versions, in the transaction that sends the
 * next one (its own follow-ups replace them). Returns how many went.
 */
export async function deleteOlderFollowUps(
  trx: Transaction<DB>,
  { leadId, quoteId, version }: { leadId: string; quoteId: string; version: number },
): Promise<number> {
  let removed = 0;
  for (const job of await listPendingEmailJobs({ db: trx, leadId, kind: "quote-follow-up" })) {
    const mark = (JSON.parse(job.payload) as { quoteFollowUp?: { quoteId?: string; version?: number } }).quoteFollowUp;
    if (mark?.quoteId === quoteId && (mark.version ?? 0) < version && (await deletePendingEmailJob({ db: trx, id: job.id }))) removed++;
  }
  return removed;
}

/** Why a follow-up of `version` is no longer wanted, or null to send it. */
export async function followUpReason({ db }: { db: Kysely<DB> }, { quoteId, version }: { quoteId: string; version: number }) {
  const quote = await getQuote({ db, id: quoteId });
  if (!quote) return "the quote no longer exists";
  if (quote.current_version > version) return `version ${quote.current_version} was sent since`;
  if (quote.status === "signed") return "the quote was signed";
  if (quote.status === "declined") return "the quote was declined";
  if (quote.status === "draft") return "the quote is not sent";
  if (quote.answered_at) return "the homeowner answered";
  return null;
}

/** What the outbox asks before a follow-up goes, and tells once it went (bound by the host). */
export function followUpChecks({ db }: { db: Kysely<DB> }): FollowUpChecks {
  return {
    reasonNotToSend: (mark) => followUpReason({ db }, mark),
    async sent(job, mark) {
      const quote = await getQuote({ db, id: mark.quoteId });
      if (!quote) return;
      await createQuoteEvent({ db, quoteId: quote.id, leadId: quote.lead_id, kind: "follow-up", version: mark.version, body: "" });
    },
  };
}
