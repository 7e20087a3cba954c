/**
 * The brute-force limit on sign-in: failed attempts are counted per account (the email typed)
 * and per client address, in the database so every app instance sees the same counts and a
 * restart does not reset them. When either count reaches the limit inside the window, sign-in
 * answers 429 with Retry-After until the oldest failure leaves the window. Only the sign-in
 * form is limited: the rest of the site never looks at these counts.
 *
 * A success clears the account's count (its owner got in) but not the address's, so an attacker
 * cannot reset their address's count by signing in to an account of their own.
 */
import { createHmac } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.server.ts";
import {
  countSignInFailures,
  createSignInFailures,
  deleteSignInFailures,
} from "../repos/sessions.server.ts";

export interface SignInLimit {
  limit: number;
  windowMs: number;
}

export function signInSubjects({ email, clientIp, secret }: { email: string; clientIp: string; secret: string }) {
  const ipHash = createHmac("sha256", secret).update(`sign-in:${clientIp || "unknown"}`).digest("base64url").slice(0, 22);
  return { account: `email:${email.trim().toLowerCase()}`, client: `ip:${ipHash}` };
}

/** Whether a sign-in may be tried now; when not, how many seconds until it may. */
export async function checkSignInLimit({
  db,
  subjects,
  limit,
  windowMs,
  now = new Date(),
}: SignInLimit & { db: Kysely<DB>; subjects: string[]; now?: Date }): Promise<
  { allowed: true } | { allowed: false; retryAfterSeconds: number }
> {
  const counts = await countSignInFailures({ db, subjects, since: new Date(now.getTime() - windowMs) });
  let retryAt = 0;
  for (const { count, oldest } of counts) {
    if (count >= limit) retryAt = Math.max(retryAt, Date.parse(oldest) + windowMs);
  }
  if (retryAt === 0) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000)) };
}

export async function recordSignInFailure({
  db,
  subjects,
  windowMs,
  now = new Date(),
}: {
  db: Kysely<DB>;
  subjects: string[];
  windowMs: number;
  now?: Date;
}): Promise<void> {
  await createSignInFailures({ db, subjects, now });
  // Keep the table small: failures older than the window no longer count.
  if (Math.random() < 0.05) await deleteSignInFailures({ db, before: new Date(now.getTime() - windowMs) });
}

export async function clearAccountFailures({ db, accountSubject }: { db: Kysely<DB>; accountSubject: string }) {
  await deleteSignInFailures({ db, subjects: [accountSubject] });
}
