/**
 * Estimate requests. The only code that writes SQL for `leads`. A lead and
 * the emails it causes are written in one transaction: either both are
 * stored or neither is.
 */
import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { DB, EmailJobKind, LeadsTable } from "../db/schema.server.ts";

export type Lead = Selectable<LeadsTable>;

export interface NewLead {
  fromName: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  source: string;
  isSpam: boolean;
  spamReason: string | null;
  ipHash: string | null;
  userAgent: string | null;
  /** The signed-in account that sent it, if any. */
  userId?: string | null;
}

export interface NewEmailJob {
  kind: EmailJobKind;
  recipient: string;
  /** Serialized message (see mail/messages.server.ts). */
  payload: unknown;
}

export interface CreateLeadOptions {
  db: Kysely<DB>;
  lead: NewLead;
  /** Built from the stored lead (its id and time), inside the same transaction. */
  buildJobs: (lead: Lead) => NewEmailJob[];
  /** How long a job keeps retrying before it is marked failed. */
  giveUpAfterMs: number;
  now?: Date;
}

export async function createLeadWithJobs({
  db,
  lead,
  buildJobs,
  giveUpAfterMs,
  now = new Date(),
}: CreateLeadOptions): Promise<{ lead: Lead; jobIds: string[] }> {
  return db.transaction().execute(async (trx) => {
    const row: Lead = {
      id: randomUUID(),
      created_at: now.toISOString(),
      from_name: lead.fromName,
      email: lead.email,
      phone: lead.phone,
      subject: lead.subject,
      message: lead.message,
      status: lead.isSpam ? "spam" : "new",
      is_spam: lead.isSpam ? 1 : 0,
      spam_reason: lead.spamReason,
      source: lead.source,
      ip_hash: lead.ipHash,
      user_agent: lead.userAgent,
      user_id: lead.userId ?? null,
    };
    await trx.insertInto("leads").values(row).execute();
    const jobs = buildJobs(row);
    const jobIds: string[] = [];
    for (const job of jobs) {
      const id = randomUUID();
      jobIds.push(id);
      await trx
        .insertInto("email_jobs")
        .values({
          id,
          lead_id: row.id,
          kind: job.kind,
          recipient: job.recipient,
          payload: JSON.stringify(job.payload),
          status: "pending",
          attempts: 0,
          created_at: row.created_at,
          next_attempt_at: row.created_at,
          give_up_at: new Date(now.getTime() + giveUpAfterMs).toISOString(),
          locked_by: null,
          locked_until: null,
          last_error: null,
          sent_at: null,
        })
        .execute();
    }
    return { lead: row, jobIds };
  });
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

/** Every lead id, for checks that nothing acknowledged went missing. */
export async function listLeadIds({ db }: { db: Kysely<DB> }): Promise<string[]> {
  const rows = await db.selectFrom("leads").select("id").execute();
  return rows.map((r) => r.id);
}

export interface AccountLead {
  id: string;
  created_at: string;
  subject: string;
  status: Lead["status"];
}

/**
 * The estimate requests an account sent, newest first, for its profile: those sent while signed
 * in (`user_id`), and, when `email` is given (the caller passes it only for an address the
 * account has proved it owns), those sent with that address. Spam is left out.
 */
export async function listLeadsForAccount({
  db,
  userId,
  email = null,
  limit = 50,
}: {
  db: Kysely<DB>;
  userId: string;
  email?: string | null;
  limit?: number;
}): Promise<AccountLead[]> {
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
