/**
 * Web Push subscriptions of admins' browsers. The only code that writes SQL for
 * `push_subscriptions`. Every function takes one object; `db` may be a transaction.
 */
import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { DB, PushSubscriptionsTable } from "#app/server/db/schema.server.ts";
import type { Timed, WithDb } from "#app/server/repos/args.server.ts";

export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;

type CreatePushSubscriptionArgs = Timed<{ userId: string; endpoint: string; p256dh: string; auth: string; userAgent: string | null }>;

/**
 * Stores a browser's subscription for `userId`. A browser subscribes with one endpoint: the same
 * endpoint again (a new key after the browser rotated it, or another admin signing in on the
 * same phone) updates the row and moves it to `userId`.
 */
export async function createPushSubscription({
  db,
  userId,
  endpoint,
  p256dh,
  auth,
  userAgent,
  now = new Date(),
}: CreatePushSubscriptionArgs): Promise<PushSubscriptionRow> {
  await db
    .insertInto("push_subscriptions")
    .values({
      id: randomUUID(),
      user_id: userId,
      endpoint,
      p256dh,
      auth,
      user_agent: userAgent,
      created_at: now.toISOString(),
      last_success_at: null,
      last_error: null,
    })
    .onConflict((oc) =>
      oc.column("endpoint").doUpdateSet({
        user_id: userId,
        p256dh,
        auth,
        user_agent: userAgent,
        last_error: null,
      }),
    )
    .execute();
  return db.selectFrom("push_subscriptions").selectAll().where("endpoint", "=", endpoint).executeTakeFirstOrThrow();
}

/** One user's subscriptions, newest first. */
export async function listPushSubscriptions({ db, userId }: { db: Kysely<DB>; userId: string }): Promise<PushSubscriptionRow[]> {
  return db
    .selectFrom("push_subscriptions")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
}

export async function getPushSubscription({ db, id }: { db: Kysely<DB>; id: string }): Promise<PushSubscriptionRow | null> {
  return (await db.selectFrom("push_subscriptions").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

/** The ids of the subscriptions that receive alerts: those of users who are admins now. */
export async function listAdminPushSubscriptionIds({ db }: { db: Kysely<DB> }): Promise<string[]> {
  const rows = await db
    .selectFrom("push_subscriptions")
    .innerJoin("users", "users.id", "push_subscriptions.user_id")
    .select("push_subscriptions.id")
    .where("users.role", "=", "admin")
    .execute();
  return rows.map((row) => row.id);
}

/** Deletes one subscription; with `userId`, only if it is that user's. Returns whether it existed. */
export async function deletePushSubscription({ db, id, userId }: { db: Kysely<DB>; id: string; userId?: string }): Promise<boolean> {
  let query = db.deleteFrom("push_subscriptions").where("id", "=", id);
  if (userId !== undefined) query = query.where("user_id", "=", userId);
  const result = await query.executeTakeFirst();
  return result.numDeletedRows > 0n;
}

type DeletePushSubscriptionByEndpointArgs = WithDb<{ endpoint: string; userId: string }>;

/** Deletes the subscription with this endpoint if it is `userId`'s. Returns whether it existed. */
export async function deletePushSubscriptionByEndpoint({ db, endpoint, userId }: DeletePushSubscriptionByEndpointArgs): Promise<boolean> {
  const result = await db
    .deleteFrom("push_subscriptions")
    .where("endpoint", "=", endpoint)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Records a push the service accepted. */
export async function markPushSubscriptionSuccess({ db, id, now = new Date() }: { db: Kysely<DB>; id: string; now?: Date }) {
  await db.updateTable("push_subscriptions").set({ last_success_at: now.toISOString(), last_error: null }).where("id", "=", id).execute();
}

/** Records a push the service refused or that did not get through. */
export async function markPushSubscriptionError({ db, id, error }: { db: Kysely<DB>; id: string; error: string }) {
  await db
    .updateTable("push_subscriptions")
    .set({ last_error: error.slice(0, 500) })
    .where("id", "=", id)
    .execute();
}
