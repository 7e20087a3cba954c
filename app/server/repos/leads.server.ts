/**
 * Estimate requests. The only code that writes SQL for `leads`. A lead and
 * the emails it causes are written in one transaction: either both are
 * stored or neither is. The inbox's searches and counts are in lead-search.server.ts, the
 * photos added after the lead in lead-photos.server.ts.
 */
import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { DB, LeadPhotosTable, LeadsTable } from "#app/server/db/schema.server.ts";
import { isAnswerStatus, unansweredStatuses, type LeadStatus } from "#app/schemas/lead.ts";
import type { EmailJobKind } from "#app/schemas/email-job.ts";
import type { WithDb } from "#app/server/repos/args.server.ts";
import type { Locale } from "#app/i18n/locale.ts";
import { insertPendingEmailJob } from "#app/server/repos/email-jobs.server.ts";

export type Lead = Selectable<LeadsTable>;
export type LeadPhoto = Selectable<LeadPhotosTable>;

/** The optional details the form asks, and where the visit came from (0009). Missing means null. */
export interface NewLeadDetails {
  zip?: string | null;
  streetAddress?: string | null;
  contactMethod?: string | null;
  bestTime?: string | null;
  /** Whether the ZIP is in the service area; null without a ZIP. */
  inServiceArea?: boolean | null;
  landingPage?: string | null;
  referrer?: string | null;
  utmSource?: string | null;
  utmMedium?: string | null;
  utmCampaign?: string | null;
}

/** A job photo whose files are already written (private prefix): its row joins the lead's transaction. */
export type NewLeadPhoto = Omit<LeadPhoto, "lead_id" | "created_at">;

export interface NewLead {
  fromName: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  source: string;
  isSpam: boolean;
  spamReason: string | null;
  /**
   * Why a request that is not spam still needs a look (sent too fast, expired or reused form
   * token): stored with status "review". Ignored for spam.
   */
  reviewReason?: string | null;
  /** A hash of the form token it came with (see `isFormTokenUsed`), null when it had none. */
  formTokenHash?: string | null;
  ipHash: string | null;
  userAgent: string | null;
  /** The signed-in account that sent it, if any. */
  userId?: string | null;
  details?: NewLeadDetails;
  /** Photos of the job, stored in the same transaction as the lead. */
  photos?: NewLeadPhoto[];
  /** The homeowner's language, from the page the form was on; English when not given. */
  locale?: Locale;
}

export interface NewEmailJob {
  kind: EmailJobKind;
  recipient: string;
  /** Serialized message (see mail/messages.server.ts). */
  payload: unknown;
  /**
   * When it may first be sent; now by default (later: held for photos still coming, ADR 045; the
   * unanswered request's reminder, hours later). It gives up that long after this.
   */
  dueAt?: Date;
}

interface CreateLeadOptions {
  db: Kysely<DB>;
  lead: NewLead;
  /**
   * Runs first inside the transaction (e.g. taking a rate-limit hit with the same commit); if it
   * throws, nothing is stored and the error reaches the caller. What it returns replaces those
   * fields of `lead` (e.g. a review reason found in the same transaction).
   */
  beforeInsert?: (trx: Kysely<DB>) => Promise<void | Partial<NewLead>>;
  /** Built from the stored lead (its id and time), inside the same transaction. */
  buildJobs: (lead: Lead, trx: Kysely<DB>) => NewEmailJob[] | Promise<NewEmailJob[]>;
  /** How long a job keeps retrying before it is marked failed. */
  giveUpAfterMs: number;
  now?: Date;
}

export async function createLeadWithJobs({
  db,
  lead: given,
  beforeInsert,
  buildJobs,
  giveUpAfterMs,
  now = new Date(),
}: CreateLeadOptions): Promise<{ lead: Lead; jobIds: string[] }> {
  return db.transaction().execute(async (trx) => {
    const lead = { ...given, ...(await beforeInsert?.(trx)) };
    const reviewReason = lead.isSpam ? null : (lead.reviewReason ?? null);
    const row: Lead = {
      id: randomUUID(),
      created_at: now.toISOString(),
      from_name: lead.fromName,
      email: lead.email,
      phone: lead.phone,
      subject: lead.subject,
      message: lead.message,
      status: lead.isSpam ? "spam" : reviewReason ? "review" : "new",
      is_spam: lead.isSpam ? 1 : 0,
      spam_reason: lead.spamReason,
      source: lead.source,
      ip_hash: lead.ipHash,
      user_agent: lead.userAgent,
      user_id: lead.userId ?? null,
      review_reason: reviewReason,
      form_token_hash: lead.formTokenHash ?? null,
      zip: lead.details?.zip ?? null,
      street_address: lead.details?.streetAddress ?? null,
      contact_method: lead.details?.contactMethod ?? null,
      best_time: lead.details?.bestTime ?? null,
      in_service_area: lead.details?.inServiceArea == null ? null : lead.details.inServiceArea ? 1 : 0,
      landing_page: lead.details?.landingPage ?? null,
      referrer: lead.details?.referrer ?? null,
      utm_source: lead.details?.utmSource ?? null,
      utm_medium: lead.details?.utmMedium ?? null,
      utm_campaign: lead.details?.utmCampaign ?? null,
      locale: lead.locale ?? "en",
      first_answered_at: null,
      job_done_at: null,
    };
    await trx.insertInto("leads").values(row).execute();
    for (const photo of lead.photos ?? []) {
      await trx
        .insertInto("lead_photos")
        .values({ ...photo, lead_id: row.id, created_at: row.created_at })
        .execute();
    }
    const jobs = await buildJobs(row, trx);
    const jobIds: string[] = [];
    for (const job of jobs) {
      const id = randomUUID();
      jobIds.push(id);
      await insertPendingEmailJob(trx, {
        id,
        leadId: row.id,
        kind: job.kind,
        recipient: job.recipient,
        payload: job.payload,
        createdAt: row.created_at,
        dueAt: job.dueAt?.toISOString() ?? row.created_at,
        // Retried for as long after its due time as any other (a reminder is due hours later).
        giveUpAt: new Date(Math.max(now.getTime(), job.dueAt?.getTime() ?? 0) + giveUpAfterMs).toISOString(),
      });
    }
    return { lead: row, jobIds };
  });
}

/**
 * Whether a lead was already stored with this form token's hash from the same address (a page
 * sent again, or replayed). The address matters: a cached page gives every visitor the same token
 * for up to a second, so two neighbours' requests are not "reused". An unknown address (null)
 * matches on the token alone.
 */
export async function isFormTokenUsed({ db, hash, ipHash }: { db: Kysely<DB>; hash: string; ipHash: string | null }): Promise<boolean> {
  let query = db.selectFrom("leads").select("id").where("form_token_hash", "=", hash);
  if (ipHash !== null) query = query.where("ip_hash", "=", ipHash);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

export async function getLead({ db, id }: { db: Kysely<DB>; id: string }): Promise<Lead | null> {
  return (await db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

export async function countLeads({ db, isSpam }: { db: Kysely<DB>; isSpam?: boolean }): Promise<number> {
  let query = db.selectFrom("leads").select((eb) => eb.fn.countAll<number>().as("count"));
  if (isSpam !== undefined) query = query.where("is_spam", "=", isSpam ? 1 : 0);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * How many leads wait for a first look: status new or review (the admin navigation's count).
 * One COUNT over the (status, created_at) index.
 */
export async function countWaitingLeads({ db }: { db: Kysely<DB> }): Promise<number> {
  const row = await db
    .selectFrom("leads")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("status", "in", ["new", "review"])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface AccountLead {
  id: string;
  created_at: string;
  subject: string;
  status: Lead["status"];
}

type ListLeadsForAccountArgs = WithDb<{ userId: string; email?: string | null; limit?: number }>;

/**
 * The estimate requests an account sent, newest first, for its profile: those sent while signed
 * in (`user_id`), and, when `email` is given (the caller passes it only for an address the
 * account has proved it owns), those sent with that address. Spam is left out.
 */
export async function listLeadsForAccount({ db, userId, email = null, limit = 50 }: ListLeadsForAccountArgs): Promise<AccountLead[]> {
  return db
    .selectFrom("leads")
    .select(["id", "created_at", "subject", "status"])
    .where("is_spam", "=", 0)
    .where((eb) => {
      const mine = [eb("user_id", "=", userId)];
      // The form stores addresses lower-cased; lower() also covers rows written any other way.
      if (email) mine.push(eb(eb.fn<string>("lower", ["email"]), "=", email.trim().toLowerCase()));
      return eb.or(mine);
    })
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
}

/**
 * Sets a lead's status by hand. Moving a waiting request (new, review) on to any status but spam
 * answers it: its first answer is recorded in the same transaction (`markFirstAnswered`). The move
 * from waiting is one guarded UPDATE, so two admins at once cannot both count as the first.
 * False when there is no such lead.
 */
export async function updateLeadStatus({
  db,
  id,
  status,
  now = new Date(),
}: {
  db: Kysely<DB>;
  id: string;
  status: LeadStatus;
  now?: Date;
}): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (isAnswerStatus(status)) {
      const fromWaiting = await trx
        .updateTable("leads")
        .set({ status })
        .where("id", "=", id)
        .where("status", "in", [...unansweredStatuses])
        .executeTakeFirst();
      if (Number(fromWaiting.numUpdatedRows) === 1) {
        await markFirstAnswered({ db: trx, leadId: id, now });
        return true;
      }
    }
    const result = await trx.updateTable("leads").set({ status }).where("id", "=", id).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  });
}

/**
 * Records the contractor's first answer to a request (issue 29: a reply, a visit scheduled or a
 * booking answered, a quote sent, the status moved on by hand), inside that answer's own
 * transaction. Written only while none is recorded: a later answer never moves it. The reminder
 * it makes needless (the request's `lead-waiting` email not yet started) goes with it; one a
 * worker already holds is dropped by the outbox's own check. Says whether this was the first.
 */
export async function markFirstAnswered({ db, leadId, now }: { db: Kysely<DB>; leadId: string; now: Date }): Promise<boolean> {
  const result = await db
    .updateTable("leads")
    .set({ first_answered_at: now.toISOString() })
    .where("id", "=", leadId)
    .where("first_answered_at", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await db
    .deleteFrom("email_jobs")
    .where("lead_id", "=", leadId)
    .where("kind", "=", "lead-waiting")
    .where("status", "=", "pending")
    .execute();
  return true;
}

/**
 * Deletes a lead with its notes and email jobs, in one transaction (not relying on the foreign
 * keys' cascades, which SQLite applies only with `foreign_keys` on). False when there was none.
 */
export async function deleteLead({ db, id }: { db: Kysely<DB>; id: string }): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom("lead_notes").where("lead_id", "=", id).execute();
    await trx.deleteFrom("lead_replies").where("lead_id", "=", id).execute();
    await trx.deleteFrom("email_jobs").where("lead_id", "=", id).execute();
    await trx.deleteFrom("visits").where("lead_id", "=", id).execute();
    await trx.deleteFrom("booking_links").where("lead_id", "=", id).execute();
    const quotes = trx.selectFrom("quotes").select("id").where("lead_id", "=", id);
    await trx.deleteFrom("quote_events").where("quote_id", "in", quotes).execute();
    await trx.deleteFrom("quote_signatures").where("quote_id", "in", quotes).execute();
    await trx.deleteFrom("quote_versions").where("quote_id", "in", quotes).execute();
    await trx.deleteFrom("quotes").where("lead_id", "=", id).execute();
    // Also ON DELETE CASCADE; said here too, like the others, so no database setting decides it.
    await trx.deleteFrom("lead_photos").where("lead_id", "=", id).execute();
    const result = await trx.deleteFrom("leads").where("id", "=", id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  });
}
