/**
 * The homeowner's private feedback (`review_feedback`, migration 0025, issue 29): the only code
 * that writes SQL for that table. One row per review request: sent again, it is replaced (its
 * `created_at` stays: when it was first received). Also what the reviews page reads: the list and
 * the rows the month figures are counted from.
 */
import type { Kysely, Selectable } from "kysely";
import type { Locale } from "#app/i18n/locale.ts";
import type { DB, ReviewFeedbackTable } from "#app/server/db/schema.server.ts";
import type { Timed, WithDb } from "#app/server/repos/args.server.ts";

export type ReviewFeedback = Selectable<ReviewFeedbackTable>;

type Dialect = "sqlite" | "postgres";

/** What one post of the form stores. */
export interface FeedbackValues {
  rating: number;
  comment: string;
  consent: boolean;
  displayName: string;
  place: string;
  locale: Locale;
}

export async function getReviewFeedback({
  db,
  id,
  dialect,
  lock = false,
}: WithDb<{ id: string; dialect?: Dialect; lock?: boolean }>): Promise<ReviewFeedback | null> {
  let query = db.selectFrom("review_feedback").selectAll().where("id", "=", id);
  // In a transaction on PostgreSQL: two publishes of one feedback take turns (SQLite's write lock does it there).
  if (lock && dialect === "postgres") query = query.forUpdate();
  return (await query.executeTakeFirst()) ?? null;
}

/**
 * The feedback of a review request. With `lock`, inside a transaction on PostgreSQL, the request's
 * row is locked first, so two posts of one form take turns (SQLite's `begin immediate` already
 * does): the second sees what the first stored, and one row is ever made. The feedback's row is
 * locked too, so an owner publishing it at that moment goes first or waits (never a testimonial
 * left up after the homeowner withdrew their consent).
 */
export async function getFeedbackOfRequest({
  db,
  reviewRequestId,
  dialect,
  lock = false,
}: WithDb<{ reviewRequestId: string; dialect?: Dialect; lock?: boolean }>): Promise<ReviewFeedback | null> {
  const locking = lock && dialect === "postgres";
  if (locking) await db.selectFrom("review_requests").select("id").where("id", "=", reviewRequestId).forUpdate().execute();
  let query = db.selectFrom("review_feedback").selectAll().where("review_request_id", "=", reviewRequestId);
  if (locking) query = query.forUpdate();
  return (await query.executeTakeFirst()) ?? null;
}

/**
 * Stores a request's feedback: a new row, or the values of `existing` replaced (its testimonial
 * link set to `testimonialId`). Returns the row as stored.
 */
export async function saveReviewFeedback({
  db,
  id,
  reviewRequestId,
  existing,
  values,
  testimonialId,
  now = new Date(),
}: Timed<{
  id: string;
  reviewRequestId: string;
  existing: ReviewFeedback | null;
  values: FeedbackValues;
  testimonialId: string | null;
}>): Promise<ReviewFeedback> {
  const stamp = now.toISOString();
  const columns = {
    rating: values.rating,
    comment: values.comment,
    consent: values.consent ? 1 : 0,
    display_name: values.displayName,
    place: values.place,
    locale: values.locale,
    testimonial_id: testimonialId,
    updated_at: stamp,
  };
  if (existing) {
    await db.updateTable("review_feedback").set(columns).where("id", "=", existing.id).execute();
    return { ...existing, ...columns };
  }
  const row: ReviewFeedback = { id, review_request_id: reviewRequestId, ...columns, created_at: stamp };
  await db.insertInto("review_feedback").values(row).execute();
  return row;
}

/** Records the testimonial published from a feedback. */
export async function setFeedbackTestimonial({ db, id, testimonialId }: WithDb<{ id: string; testimonialId: string }>): Promise<void> {
  await db.updateTable("review_feedback").set({ testimonial_id: testimonialId }).where("id", "=", id).execute();
}

/** A feedback as the reviews page lists it: with its request's request (lead) and whether its testimonial is still there. */
export interface FeedbackListRow extends ReviewFeedback {
  lead_id: string | null;
  request_email: string;
  /** The testimonial's id while it exists (the owner may have deleted it on the Testimonials page). */
  published_testimonial_id: string | null;
}

function feedbackWithRequest(db: Kysely<DB>) {
  return db
    .selectFrom("review_feedback")
    .innerJoin("review_requests", "review_requests.id", "review_feedback.review_request_id")
    .leftJoin("testimonials", "testimonials.id", "review_feedback.testimonial_id")
    .selectAll("review_feedback")
    .select([
      "review_requests.lead_id as lead_id",
      "review_requests.email as request_email",
      "testimonials.id as published_testimonial_id",
    ]);
}

/** The newest feedback first (by when it was last sent), at most `limit`, and how many there are. */
export async function listReviewFeedback({ db, limit }: WithDb<{ limit: number }>): Promise<{ rows: FeedbackListRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    feedbackWithRequest(db).orderBy("review_feedback.updated_at", "desc").orderBy("review_feedback.id").limit(limit).execute(),
    db
      .selectFrom("review_feedback")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function getFeedbackListRow({ db, id }: WithDb<{ id: string }>): Promise<FeedbackListRow | null> {
  return (await feedbackWithRequest(db).where("review_feedback.id", "=", id).executeTakeFirst()) ?? null;
}

/** The stamps the month figures count: requests sent, opened or clicked since `since`, and feedback first received since then. */
export async function listReviewActivitySince({ db, since }: WithDb<{ since: Date }>): Promise<{
  requests: { sent_at: string | null; opened_at: string | null; clicked_at: string | null }[];
  feedback: { created_at: string; rating: number }[];
}> {
  const from = since.toISOString();
  const [requests, feedback] = await Promise.all([
    db
      .selectFrom("review_requests")
      .select(["sent_at", "opened_at", "clicked_at"])
      .where((eb) => eb.or([eb("sent_at", ">=", from), eb("opened_at", ">=", from), eb("clicked_at", ">=", from)]))
      .execute(),
    db.selectFrom("review_feedback").select(["created_at", "rating"]).where("created_at", ">=", from).execute(),
  ]);
  return { requests, feedback: feedback.map((row) => ({ created_at: row.created_at, rating: Number(row.rating) })) };
}
