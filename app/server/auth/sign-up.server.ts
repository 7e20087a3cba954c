/** A new customer account with a password (ADR 007). */
import { checkNewPassword } from "#app/server/auth/new-password.server.ts";
import type { CountedAttempt } from "#app/server/auth/sign-in.server.ts";
import { EmailTakenError, createUser, getUserByEmail, type User } from "#app/server/repos/users.server.ts";
import { hashPassword } from "#app/server/auth/password.server.ts";
import { takeRateLimitHits } from "#app/server/repos/rate-limits.server.ts";
import { limitBucket } from "#app/server/limits.server.ts";

export type SignUpResult =
  | { ok: true; user: User }
  | { ok: false; field: "email" | "password"; message: string }
  | { ok: false; reason: "limited"; retryAfterSeconds: number };

/**
 * A new customer account. Customers have no power until an admin promotes them.
 *
 * Sign-ups are limited per client address (SIGNUP_RATE_LIMIT in SIGNUP_RATE_WINDOW_SECONDS):
 * every attempt that gets as far as looking up the email counts, whether it creates an account
 * or finds the email taken, since both cost a password hash and the second tells whether an
 * account exists. A password refused by the rules is answered before and does not count.
 */
export async function registerWithPassword({
  name,
  email,
  password,
  ...attempt
}: CountedAttempt & {
  name: string;
  email: string;
  password: string;
}): Promise<SignUpResult> {
  const problem = checkNewPassword(password, { email, name });
  if (problem) return { ok: false, field: "password", message: problem };
  const { db, secret, clientIp } = attempt;
  const take = await takeRateLimitHits({
    db,
    dialect: attempt.dialect,
    rules: [
      {
        bucket: limitBucket(secret, "sign-up-ip", clientIp || "unknown"),
        limit: attempt.limit,
        windowMs: attempt.windowMs,
      },
    ],
  });
  if (!take.allowed) return { ok: false, reason: "limited", retryAfterSeconds: take.retryAfterSeconds };
  const existing = await getUserByEmail({ db, email });
  if (existing) return { ok: false, field: "email", message: ACCOUNT_EXISTS_MESSAGE };
  try {
    const user = await createUser({ db, email, name, passwordHash: await hashPassword(password), role: "customer" });
    return { ok: true, user };
  } catch (error) {
    if (error instanceof EmailTakenError) return { ok: false, field: "email", message: ACCOUNT_EXISTS_MESSAGE };
    throw error;
  }
}

const ACCOUNT_EXISTS_MESSAGE = "An account with this email already exists. Please log in instead.";
