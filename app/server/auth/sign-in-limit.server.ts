/**
 * The brute-force limit on sign-in (docs/decisions/020-shared-limits-and-device-cookies.md).
 *
 * Every password check is first *reserved* in two buckets, atomically and in the database every
 * instance shares (`takeRateLimitHits`), and only then is the password verified: so 20 guesses at
 * once against a limit of 10 verify at most 10 passwords, on one instance or on several.
 * - The first bucket is the browser's device cookie for this account when it carries a valid
 *   one, else the account's bucket for clients without one ("untrusted clients"). An attacker who
 *   fills the account's bucket locks out untrusted clients only: the owner's browser, with its
 *   device cookie, still signs in. A device cookie that fills its own bucket is locked out too.
 * - The second bucket is the client address, whatever the account.
 * A right password gives its reservation back: only failures stay counted. Nothing else is
 * cleared by a success, so an attacker cannot reset a count by signing in to an account of
 * their own, and the owner's success does not give an attacker fresh guesses.
 * Only the sign-in form and the password check on /profile consult these buckets.
 */
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import { limitBucket } from "#app/server/limits.server.ts";
import { deleteRateLimitHits, takeRateLimitHits } from "#app/server/repos/rate-limits.server.ts";
import { normalizeEmail } from "#app/server/repos/users.server.ts";

interface SignInLimit {
  /** Failed attempts allowed per bucket in the window (SIGN_IN_FAILURE_LIMIT). */
  limit: number;
  windowMs: number;
}

/** The two buckets an attempt is counted in. */
export function signInBuckets({
  email,
  clientIp,
  secret,
  deviceNonce,
}: {
  email: string;
  clientIp: string;
  secret: string;
  /** The nonce of a valid device cookie for this account, if the browser sent one. */
  deviceNonce: string | null;
}): { primary: string; client: string } {
  return {
    primary: deviceNonce
      ? limitBucket(secret, "sign-in-device", deviceNonce)
      : limitBucket(secret, "sign-in-account", normalizeEmail(email)),
    client: limitBucket(secret, "sign-in-ip", clientIp || "unknown"),
  };
}

type SignInReservation = { allowed: true; hitIds: string[] } | { allowed: false; retryAfterSeconds: number };

/** Counts one attempt in both buckets if both have room; else counts nothing and says how long to wait. */
export async function reserveSignInAttempt({
  db,
  dialect,
  buckets,
  limit,
  windowMs,
  now = new Date(),
}: SignInLimit & {
  db: Kysely<DB>;
  dialect: "sqlite" | "postgres";
  buckets: { primary: string; client: string };
  now?: Date;
}): Promise<SignInReservation> {
  const take = await takeRateLimitHits({
    db,
    dialect,
    rules: [
      { bucket: buckets.primary, limit, windowMs },
      { bucket: buckets.client, limit, windowMs },
    ],
    now,
  });
  return take.allowed ? take : { allowed: false, retryAfterSeconds: take.retryAfterSeconds };
}

/** The password was right: the attempt was not a failure, so its reservation is given back. */
export async function releaseSignInAttempt({ db, hitIds }: { db: Kysely<DB>; hitIds: string[] }): Promise<void> {
  await deleteRateLimitHits({ db, ids: hitIds });
}
