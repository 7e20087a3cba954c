/** Password sign-in under the brute-force limit (ADR 009, ADR 020). */
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import { getUserByEmail, updateUser, type User } from "#app/server/repos/users.server.ts";
import { hashPassword, needsRehash, verifyDummyPassword, verifyPassword } from "#app/server/auth/password.server.ts";
import { releaseSignInAttempt, reserveSignInAttempt, signInBuckets } from "#app/server/auth/sign-in-limit.server.ts";
import { createDeviceToken, verifyDeviceToken } from "#app/server/auth/device-cookie.server.ts";

export type SignInResult =
  /** `deviceToken`: a fresh device cookie value for this account (device-cookie.server.ts). */
  | { ok: true; user: User; deviceToken: string }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "limited"; retryAfterSeconds: number };

/** What an attempt counted in the shared limits (ADR 020) needs: where, from whom, how many. */
export interface CountedAttempt {
  db: Kysely<DB>;
  dialect: "sqlite" | "postgres";
  clientIp: string;
  /** Keys the limits' buckets, so the table does not hold addresses in the clear. */
  secret: string;
  /** Attempts allowed in `windowMs`. */
  limit: number;
  windowMs: number;
}

/**
 * Checks an email and password under the brute-force limit (sign-in-limit.server.ts): the
 * attempt is reserved in the shared counts before the password is verified, and given back when
 * the password was right.
 */
export async function signInWithPassword({
  db,
  dialect,
  email,
  password,
  clientIp,
  secret,
  limit,
  windowMs,
  deviceToken = null,
}: CountedAttempt & {
  email: string;
  password: string;
  /** The browser's device cookie, if any; only a valid one for this account counts. */
  deviceToken?: string | null;
}): Promise<SignInResult> {
  const device = verifyDeviceToken({ secret, token: deviceToken, login: email });
  const buckets = signInBuckets({ email, clientIp, secret, deviceNonce: device?.nonce ?? null });
  const reservation = await reserveSignInAttempt({ db, dialect, buckets, limit, windowMs });
  if (!reservation.allowed) return { ok: false, reason: "limited", retryAfterSeconds: reservation.retryAfterSeconds };

  const user = await getUserByEmail({ db, email });
  const matches = user?.password_hash ? await verifyPassword(password, user.password_hash) : await verifyDummyPassword(password);
  // A failure keeps its reservation: that is the count.
  if (!user || !matches) return { ok: false, reason: "invalid" };
  await releaseSignInAttempt({ db, hitIds: reservation.hitIds });
  if (user.password_hash && needsRehash(user.password_hash)) {
    await updateUser({ db, id: user.id, changes: { password_hash: await hashPassword(password) } });
  }
  return { ok: true, user, deviceToken: createDeviceToken({ secret, login: user.email }) };
}
