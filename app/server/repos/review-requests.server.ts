/**
 * Review requests (`review_requests`, migration 0025, issue 29): the only code that writes SQL for
 * that table. One row per finished job; a row outlives its request (`lead_id` becomes null), so the
 * six-month rule and the month's figures keep counting it. "Opened" and "clicked" are recorded
 * once, at their first time.
 */
import type { Selectable } from "kysely";
import type { Locale } from "#app/i18n/locale.ts";
import type { ReviewRequestStatus, ReviewRequestsTable } from "#app/server/db/schema.server.ts";
import type { Timed, WithDb } from "#app/server/repos/args.server.ts";

export type ReviewRequest = Selectable<ReviewRequestsTable>;

export interface NewReviewRequest {
  id: string;
  leadId: string;
  email: string;
  firstName: string;
  locale: Locale;
  tokenNonce: string;
  tokenSha256: string;
  status: ReviewRequestStatus;
  skipReason: string | null;
  sendAt: Date;
}

/** Stores a review request; `db` may be the transaction that marks the job done. */
export async function createReviewRequest({ db, request, now = new Date() }: Timed<{ request: NewReviewRequest }>): Promise<ReviewRequest> {
  const row: ReviewRequest = {
    id: request.id,
    lead_id: request.leadId,
    email: request.email.toLowerCase(),
    first_name: request.firstName,
    locale: request.locale,
    token_nonce: request.tokenNonce,
    token_sha256: request.tokenSha256,
    status: request.status,
    skip_reason: request.skipReason,
    send_at: request.sendAt.toISOString(),
    sent_at: null,
    reminder_sent_at: null,
    opened_at: null,
    clicked_at: null,
    created_at: now.toISOString(),
  };
  await db.insertInto("review_requests").values(row).execute();
  return row;
}

export async function getReviewRequest({ db, id }: WithDb<{ id: string }>): Promise<ReviewRequest | null> {
  return (await db.selectFrom("review_requests").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

export async function getReviewRequestOfLead({ db, leadId }: WithDb<{ leadId: string }>): Promise<ReviewRequest | null> {
  return (await db.selectFrom("review_requests").selectAll().where("lead_id", "=", leadId).executeTakeFirst()) ?? null;
}

export async function getReviewRequestByToken({ db, tokenSha256 }: WithDb<{ tokenSha256: string }>): Promise<ReviewRequest | null> {
  return (await db.selectFrom("review_requests").selectAll().where("token_sha256", "=", tokenSha256).executeTakeFirst()) ?? null;
}

/**
 * The latest review request to `email` made since `since` that was not skipped or cancelled (sent,
 * or still waiting for its time), other than `exceptId`: what the six-month rule looks at.
 */
export async function latestReviewRequestTo({
  db,
  email,
  since,
  exceptId,
}: WithDb<{ email: string; since: Date; exceptId?: string }>): Promise<ReviewRequest | null> {
  let query = db
    .selectFrom("review_requests")
    .selectAll()
    .where("email", "=", email.toLowerCase())
    .where("status", "=", "scheduled")
    .where("created_at", ">=", since.toISOString());
  if (exceptId) query = query.where("id", "!=", exceptId);
  return (await query.orderBy("created_at", "desc").executeTakeFirst()) ?? null;
}

/** Records that the request email went (once). */
export async function markReviewRequestSent({ db, id, now = new Date() }: Timed<{ id: string }>): Promise<void> {
  await db.updateTable("review_requests").set({ sent_at: now.toISOString() }).where("id", "=", id).where("sent_at", "is", null).execute();
}

/** Records that the reminder went (once). */
export async function markReviewReminderSent({ db, id, now = new Date() }: Timed<{ id: string }>): Promise<void> {
  await db
    .updateTable("review_requests")
    .set({ reminder_sent_at: now.toISOString() })
    .where("id", "=", id)
    .where("reminder_sent_at", "is", null)
    .execute();
}

/** Records the first load of the email's image. */
export async function markReviewOpened({ db, id, now = new Date() }: Timed<{ id: string }>): Promise<void> {
  await db
    .updateTable("review_requests")
    .set({ opened_at: now.toISOString() })
    .where("id", "=", id)
    .where("opened_at", "is", null)
    .execute();
}

/** Records the first click on the public review link; a click also counts as opened. */
export async function markReviewClicked({ db, id, now = new Date() }: Timed<{ id: string }>): Promise<void> {
  const stamp = now.toISOString();
  await db.updateTable("review_requests").set({ clicked_at: stamp }).where("id", "=", id).where("clicked_at", "is", null).execute();
  await db.updateTable("review_requests").set({ opened_at: stamp }).where("id", "=", id).where("opened_at", "is", null).execute();
}

/** Stops a request that has not gone yet ("cancelled", with why); false when it went already or is gone. */
export async function cancelReviewRequest({ db, id, reason }: WithDb<{ id: string; reason: string }>): Promise<boolean> {
  const result = await db
    .updateTable("review_requests")
    .set({ status: "cancelled", skip_reason: reason })
    .where("id", "=", id)
    .where("status", "=", "scheduled")
    .where("sent_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Decides again a request that was skipped or cancelled (the job marked done once more): "scheduled"
 * with its new time, or "skipped" with the new reason. False for a request still scheduled (or sent).
 */
export async function reviseReviewRequest({
  db,
  id,
  status,
  skipReason,
  sendAt,
}: WithDb<{ id: string; status: "scheduled" | "skipped"; skipReason: string | null; sendAt: Date }>): Promise<boolean> {
  const result = await db
    .updateTable("review_requests")
    .set({ status, skip_reason: skipReason, send_at: sendAt.toISOString() })
    .where("id", "=", id)
    .where("status", "in", ["skipped", "cancelled"])
    .where("sent_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The latest review request that went to `email` since `since`, other than `exceptId` (the send-time six-month check). */
export async function latestReviewRequestSentTo({
  db,
  email,
  since,
  exceptId,
}: WithDb<{ email: string; since: Date; exceptId: string }>): Promise<ReviewRequest | null> {
  return (
    (await db
      .selectFrom("review_requests")
      .selectAll()
      .where("email", "=", email.toLowerCase())
      .where("sent_at", ">=", since.toISOString())
      .where("id", "!=", exceptId)
      .orderBy("sent_at", "desc")
      .executeTakeFirst()) ?? null
  );
}
