/**
 * The addresses that asked not to get some emails (`mail_suppressions`, migration 0024, issue 29):
 * the only code that writes SQL for that table. A row is kept for good; adding one that is there
 * already changes nothing, so a mail client's one-click POST may come twice.
 */
import type { Timed, WithDb } from "#app/server/repos/args.server.ts";

export type SuppressionSource = "one-click" | "link" | "admin";

export interface MailSuppression {
  email: string;
  scope: string;
  source: SuppressionSource;
  createdAt: string;
}

/** Records that `email` wants no more emails of `scope`; true when it is new, false when it was there. */
export async function addMailSuppression({
  db,
  email,
  scope,
  source,
  now = new Date(),
}: Timed<{ email: string; scope: string; source: SuppressionSource }>): Promise<boolean> {
  const result = await db
    .insertInto("mail_suppressions")
    .values({ email: email.toLowerCase(), scope, source, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(["email", "scope"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** The suppression that stops an email of `scope` to `email` (its own scope's, or "all"), or null. */
export async function findMailSuppression({ db, email, scope }: WithDb<{ email: string; scope: string }>): Promise<MailSuppression | null> {
  const row = await db
    .selectFrom("mail_suppressions")
    .selectAll()
    .where("email", "=", email.toLowerCase())
    .where("scope", "in", [scope, "all"])
    .orderBy("created_at")
    .executeTakeFirst();
  return row ? { email: row.email, scope: row.scope, source: row.source as SuppressionSource, createdAt: row.created_at } : null;
}
