/**
 * "Forgot password?" for every account (ADR 028). A request answers the same whatever the
 * address: when it belongs to an account, a random token goes out by email through the outbox,
 * and only its SHA-256 is stored. The link works once, for one hour. Using it sets the password
 * and ends every session of the account, so whoever knew the old password is signed out too.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Config } from "#app/server/env.server.ts";
import type { Database } from "#app/server/db/index.server.ts";
import type { Logger } from "#app/server/logger.server.ts";
import type { Outbox } from "#app/server/mail/outbox.server.ts";
import type { Site } from "#app/server/site/site.server.ts";
import { createEmailJob } from "#app/server/repos/email-jobs.server.ts";
import {
  createPasswordResetToken,
  getPasswordResetToken,
  takePasswordResetToken,
  endPasswordResetTokensOf,
} from "#app/server/repos/password-resets.server.ts";
import { takeRateLimitHits } from "#app/server/repos/rate-limits.server.ts";
import { deleteUserSessions } from "#app/server/repos/sessions.server.ts";
import { getUserByEmail, getUserById, normalizeEmail, updateUser } from "#app/server/repos/users.server.ts";
import { limitBucket } from "#app/server/limits.server.ts";
import { passwordResetMail, siteSender } from "#app/server/mail/messages.server.ts";
import { checkNewPassword } from "#app/server/auth/new-password.server.ts";
import { hashPassword } from "#app/server/auth/password.server.ts";

const RESET_TOKEN_TTL_MS = 3600 * 1000;
/** Requests per client address in an hour: enough for a household sharing one connection. */
const RESET_REQUESTS_PER_IP = 10;
/** Requests per typed address in an hour: a few tries if the first email is slow, no flood of someone's inbox. */
const RESET_REQUESTS_PER_EMAIL = 3;
const WINDOW_MS = 3600 * 1000;
/** A reset link is useless after an hour: the outbox stops retrying it then. */
const GIVE_UP_MS = RESET_TOKEN_TTL_MS;

function hashResetToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** What a reset request uses: the outbox sends the link, the site names the sender. */
export interface PasswordResetDeps {
  config: Config;
  database: Database;
  logger: Logger;
  outbox: Outbox;
  secret: string;
  site: Site;
}

export type ResetRequestResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Counts the request (per client address and per typed address, whether or not it has an
 * account, so the limit says nothing about which addresses do), then queues the email if an
 * account uses the address.
 */
export async function requestPasswordReset({
  backend,
  email: typed,
  clientIp,
  now = new Date(),
}: {
  backend: PasswordResetDeps;
  email: string;
  clientIp: string;
  now?: Date;
}): Promise<ResetRequestResult> {
  const { config, database, logger, outbox, secret, site } = backend;
  const email = normalizeEmail(typed);
  const take = await takeRateLimitHits({
    db: database.db,
    dialect: database.dialect,
    rules: [
      {
        bucket: limitBucket(secret, "password-reset-ip", clientIp || "unknown"),
        limit: RESET_REQUESTS_PER_IP,
        windowMs: WINDOW_MS,
      },
      {
        bucket: limitBucket(secret, "password-reset-email", email),
        limit: RESET_REQUESTS_PER_EMAIL,
        windowMs: WINDOW_MS,
      },
    ],
    now,
  });
  if (!take.allowed) return { ok: false, retryAfterSeconds: take.retryAfterSeconds };

  const user = await getUserByEmail({ db: database.db, email });
  if (!user) return { ok: true };
  const token = randomBytes(32).toString("base64url");
  await createPasswordResetToken({
    db: database.db,
    tokenHash: hashResetToken(token),
    userId: user.id,
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    now,
  });
  const { profile } = await site.content();
  const from = siteSender(config, profile.name);
  const jobId = randomUUID();
  await createEmailJob({
    db: database.db,
    id: jobId,
    kind: "password-reset",
    recipient: user.email,
    payload: passwordResetMail({
      to: user.email,
      from,
      link: `${config.publicUrl}/reset-password/${token}`,
      profile,
      validMinutes: RESET_TOKEN_TTL_MS / 60_000,
      siteUrl: config.publicUrl,
    }),
    giveUpAfterMs: GIVE_UP_MS,
    now,
  });
  logger.info("password reset link queued", { userId: user.id, jobId });
  outbox.kick();
  return { ok: true };
}

export type ResetTokenState = "valid" | "unknown" | "used" | "expired";

/** What a link's token is now, without using it (the page shows the form or says why not). */
export async function checkResetToken({
  backend,
  token,
  now = new Date(),
}: {
  backend: { database: Database };
  token: string;
  now?: Date;
}): Promise<ResetTokenState> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return "unknown";
  const row = await getPasswordResetToken({ db: backend.database.db, tokenHash: hashResetToken(token) });
  if (!row) return "unknown";
  if (row.used_at) return "used";
  return Date.parse(row.expires_at) > now.getTime() ? "valid" : "expired";
}

export type ResetResult =
  | { ok: true; userId: string; sessionsEnded: number }
  | { ok: false; reason: "password"; message: string }
  | { ok: false; reason: ResetTokenState };

/**
 * Sets the new password from a link. The password is checked first (a refused one leaves the
 * link usable); then the token is used up in one statement, so two posts of one link cannot
 * both set a password. Every session of the account ends, and its other links stop working.
 */
export async function resetPassword({
  backend,
  token,
  password,
  now = new Date(),
}: {
  backend: { database: Database };
  token: string;
  password: string;
  now?: Date;
}): Promise<ResetResult> {
  const state = await checkResetToken({ backend, token, now });
  if (state !== "valid") return { ok: false, reason: state };
  const db = backend.database.db;
  const row = await getPasswordResetToken({ db, tokenHash: hashResetToken(token) });
  const user = row ? await getUserById({ db, id: row.user_id }) : null;
  if (!user) return { ok: false, reason: "unknown" };
  const problem = checkNewPassword(password, { email: user.email, name: user.name });
  if (problem) return { ok: false, reason: "password", message: problem };
  const passwordHash = await hashPassword(password);
  const userId = await takePasswordResetToken({ db, tokenHash: hashResetToken(token), now });
  if (!userId) return { ok: false, reason: await checkResetToken({ backend, token }) };
  await updateUser({ db, id: userId, changes: { password_hash: passwordHash } });
  await endPasswordResetTokensOf({ db, userId, now });
  const sessionsEnded = await deleteUserSessions({ db, userId });
  return { ok: true, userId, sessionsEnded };
}
