/**
 * What happens to accounts: password sign-in (with the brute-force limit), sign-up, Google
 * sign-in, the first admin (CLI and one-time setup link), the profile (requests sent, password,
 * signing out everywhere) and the admin's user list. Routes call these; only the repos write SQL.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.server.ts";
import {
  EmailTakenError,
  countAdmins,
  createUser,
  getUserByEmail,
  getUserByGoogleSub,
  getUserById,
  listUsers,
  normalizeEmail,
  setUserRole,
  updateUser,
  type RoleChange,
  type User,
  type UserListItem,
} from "../repos/users.server.ts";
import { countUserSessions, deleteUserSessions } from "../repos/sessions.server.ts";
import { listLeadsForAccount, type AccountLead } from "../repos/leads.server.ts";
import { deleteSetting, getSetting, listSettings, setSetting } from "../repos/settings.server.ts";
import { hashPassword, needsRehash, verifyDummyPassword, verifyPassword } from "./password.server.ts";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./common-passwords.server.ts";
import { releaseSignInAttempt, reserveSignInAttempt, signInBuckets } from "./sign-in-limit.server.ts";
import { createDeviceToken, verifyDeviceToken } from "./device-cookie.server.ts";
import { takeRateLimitHits } from "../repos/rate-limits.server.ts";
import { limitBucket } from "../limits.server.ts";
import { accountLimits, type UserRole } from "../../schemas/account.ts";

export type SignInResult =
  /** `deviceToken`: a fresh device cookie value for this account (device-cookie.server.ts). */
  | { ok: true; user: User; deviceToken: string }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "limited"; retryAfterSeconds: number };

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
}: {
  db: Kysely<DB>;
  dialect: "sqlite" | "postgres";
  email: string;
  password: string;
  clientIp: string;
  secret: string;
  limit: number;
  windowMs: number;
  /** The browser's device cookie, if any; only a valid one for this account counts. */
  deviceToken?: string | null;
}): Promise<SignInResult> {
  const device = verifyDeviceToken({ secret, token: deviceToken, login: email });
  const buckets = signInBuckets({ email, clientIp, secret, deviceNonce: device?.nonce ?? null });
  const reservation = await reserveSignInAttempt({ db, dialect, buckets, limit, windowMs });
  if (!reservation.allowed) return { ok: false, reason: "limited", retryAfterSeconds: reservation.retryAfterSeconds };

  const user = await getUserByEmail({ db, email });
  const matches = user?.password_hash
    ? await verifyPassword(password, user.password_hash)
    : await verifyDummyPassword(password);
  // A failure keeps its reservation: that is the count.
  if (!user || !matches) return { ok: false, reason: "invalid" };
  await releaseSignInAttempt({ db, hitIds: reservation.hitIds });
  if (user.password_hash && needsRehash(user.password_hash)) {
    await updateUser({ db, id: user.id, changes: { password_hash: await hashPassword(password) } });
  }
  return { ok: true, user, deviceToken: createDeviceToken({ secret, login: user.email }) };
}

/** A message for the password field, or null when the password may be used. */
export function checkNewPassword(password: string, context: { email?: string; name?: string }): string | null {
  if (password.length < accountLimits.password.min || password.length > accountLimits.password.max) {
    return `Please use between ${accountLimits.password.min} and ${accountLimits.password.max} characters for your password.`;
  }
  return isCommonPassword(password, context) ? COMMON_PASSWORD_MESSAGE : null;
}

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
  db,
  dialect,
  name,
  email,
  password,
  clientIp,
  secret,
  limit,
  windowMs,
}: {
  db: Kysely<DB>;
  dialect: "sqlite" | "postgres";
  name: string;
  email: string;
  password: string;
  clientIp: string;
  secret: string;
  /** Sign-ups per client address in `windowMs`. */
  limit: number;
  windowMs: number;
}): Promise<SignUpResult> {
  const problem = checkNewPassword(password, { email, name });
  if (problem) return { ok: false, field: "password", message: problem };
  const take = await takeRateLimitHits({
    db,
    dialect,
    rules: [{ bucket: limitBucket(secret, "sign-up-ip", clientIp || "unknown"), limit, windowMs }],
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

export interface GoogleClaims {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
}

export type GoogleAccountResult =
  | { ok: true; user: User; created: boolean }
  | { ok: false; reason: "unverified" | "linked-elsewhere" };

/**
 * The account for a Google sign-in: the one already linked to this Google id; else the account
 * with the same email, linked now (only when Google verified the email, or anyone could take
 * over an account by naming its email); else a new customer account.
 */
export async function findOrCreateGoogleUser({
  db,
  claims,
}: {
  db: Kysely<DB>;
  claims: GoogleClaims;
}): Promise<GoogleAccountResult> {
  const linked = await getUserByGoogleSub({ db, sub: claims.sub });
  if (linked) return { ok: true, user: linked, created: false };
  if (!claims.emailVerified) {
    return { ok: false, reason: "unverified" };
  }
  const email = normalizeEmail(claims.email);
  const existing = await getUserByEmail({ db, email });
  if (existing) {
    if (existing.google_sub && existing.google_sub !== claims.sub) {
      return { ok: false, reason: "linked-elsewhere" };
    }
    await updateUser({ db, id: existing.id, changes: { google_sub: claims.sub, email_verified: 1 } });
    return { ok: true, user: { ...existing, google_sub: claims.sub, email_verified: 1 }, created: false };
  }
  const name = (claims.name ?? "").trim().slice(0, accountLimits.name.max) || email.split("@")[0]!;
  try {
    const user = await createUser({ db, email, name, passwordHash: null, emailVerified: true, googleSub: claims.sub });
    return { ok: true, user, created: true };
  } catch (error) {
    // Two first sign-ins at once: the other one created it.
    if (error instanceof EmailTakenError) return findOrCreateGoogleUser({ db, claims });
    throw error;
  }
}

export type AdminResult = { ok: true; user: User; created: boolean } | { ok: false; message: string };

/** Creates an admin account, or makes an existing account (same email) an admin. */
export async function createOrPromoteAdmin({
  db,
  dialect,
  email,
  password,
  name,
}: {
  db: Kysely<DB>;
  dialect: "sqlite" | "postgres";
  email: string;
  password: string | null;
  name?: string;
}): Promise<AdminResult> {
  const existing = await getUserByEmail({ db, email });
  if (existing) {
    if (password !== null) {
      const problem = checkNewPassword(password, { email, name: existing.name });
      if (problem) return { ok: false, message: problem };
      await updateUser({ db, id: existing.id, changes: { password_hash: await hashPassword(password) } });
    }
    await setUserRole({ db, dialect, id: existing.id, role: "admin" });
    return { ok: true, user: { ...existing, role: "admin" }, created: false };
  }
  if (password === null) return { ok: false, message: "A new account needs a password." };
  const problem = checkNewPassword(password, { email, name });
  if (problem) return { ok: false, message: problem };
  const user = await createUser({
    db,
    email,
    name: name?.trim() || email.split("@")[0]!,
    passwordHash: await hashPassword(password),
    role: "admin",
  });
  return { ok: true, user, created: true };
}

// --- the one-time setup link ------------------------------------------------------------------

const SETUP_PREFIX = "setup_token:";
export const SETUP_TOKEN_TTL_MS = 3600 * 1000;

function setupKey(token: string): string {
  return SETUP_PREFIX + createHash("sha256").update(token).digest("hex");
}

/**
 * While no admin exists, makes a setup token (valid one hour) and returns it; null when an admin
 * exists. Only its hash is stored. Each start makes its own, and any unexpired one works.
 */
export async function issueSetupToken({ db, now = new Date() }: { db: Kysely<DB>; now?: Date }): Promise<string | null> {
  if ((await countAdmins({ db })) > 0) {
    await deleteSetupTokens({ db });
    return null;
  }
  const token = randomBytes(32).toString("base64url");
  await setSetting({ db, key: setupKey(token), value: { expiresAt: new Date(now.getTime() + SETUP_TOKEN_TTL_MS).toISOString() } });
  return token;
}

export type SetupTokenState = "valid" | "invalid" | "expired" | "admin-exists";

export async function checkSetupToken({
  db,
  token,
  now = new Date(),
}: {
  db: Kysely<DB>;
  token: string | null;
  now?: Date;
}): Promise<SetupTokenState> {
  if ((await countAdmins({ db })) > 0) return "admin-exists";
  if (!token || token.length > 200) return "invalid";
  const value = await getSetting({ db, key: setupKey(token) });
  if (!value || typeof value !== "object" || Array.isArray(value) || typeof value.expiresAt !== "string") {
    return "invalid";
  }
  return Date.parse(value.expiresAt) > now.getTime() ? "valid" : "expired";
}

/**
 * Uses the token up: only the caller that deletes it may go on, so two posts of one link cannot
 * both create an admin. The other tokens are removed too.
 */
export async function consumeSetupToken({ db, token }: { db: Kysely<DB>; token: string }): Promise<boolean> {
  const won = await deleteSetting({ db, key: setupKey(token) });
  if (won) await deleteSetupTokens({ db });
  return won;
}

async function deleteSetupTokens({ db }: { db: Kysely<DB> }): Promise<void> {
  for (const entry of await listSettings({ db })) {
    if (entry.key.startsWith(SETUP_PREFIX)) await deleteSetting({ db, key: entry.key });
  }
}

// --- An account's own page and the admin's user list ---------------------------------------------

/** What the profile page shows of an account: the estimate requests it sent and how many browsers are signed in. */
export async function loadAccountOverview({
  db,
  user,
}: {
  db: Kysely<DB>;
  user: Pick<User, "id" | "email" | "email_verified">;
}): Promise<{ requests: AccountLead[]; sessionCount: number }> {
  const [requests, sessionCount] = await Promise.all([
    listLeadsForAccount({
      db,
      userId: user.id,
      // Requests sent with the address count as the account's only when the address is proven.
      email: user.email_verified === 1 ? user.email : null,
    }),
    countUserSessions({ db, userId: user.id }),
  ]);
  return { requests, sessionCount };
}

/**
 * Sets a new password and signs the account out of every other browser: whoever knew the old
 * password may be signed in elsewhere. Returns how many sessions were ended.
 */
export async function changePassword({
  db,
  userId,
  password,
  keepIdHash,
}: {
  db: Kysely<DB>;
  userId: string;
  password: string;
  /** The session that stays signed in (the browser that changed it). */
  keepIdHash?: string;
}): Promise<number> {
  await updateUser({ db, id: userId, changes: { password_hash: await hashPassword(password) } });
  return deleteUserSessions({ db, userId, keepIdHash });
}

/** Signs an account out of every browser but `keepIdHash`'s; returns how many sessions were ended. */
export function signOutEverywhere({ db, userId, keepIdHash }: { db: Kysely<DB>; userId: string; keepIdHash?: string }): Promise<number> {
  return deleteUserSessions({ db, userId, keepIdHash });
}

export function getAccount({ db, id }: { db: Kysely<DB>; id: string }): Promise<User | null> {
  return getUserById({ db, id });
}

/** Makes an account an admin or a customer; the last admin stays one (`last-admin`). */
export function changeRole({
  db,
  dialect,
  id,
  role,
}: {
  db: Kysely<DB>;
  dialect: "sqlite" | "postgres";
  id: string;
  role: UserRole;
}): Promise<RoleChange> {
  return setUserRole({ db, dialect, id, role });
}

/** One page of the admin's user list; a page past the last shows the last. */
export async function listAccounts({
  db,
  page: requested,
  pageSize,
}: {
  db: Kysely<DB>;
  page: number;
  pageSize: number;
}): Promise<{ users: UserListItem[]; total: number; page: number; pages: number }> {
  let { users, total } = await listUsers({ db, limit: pageSize, offset: (requested - 1) * pageSize });
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(requested, pages);
  if (page !== requested) ({ users, total } = await listUsers({ db, limit: pageSize, offset: (page - 1) * pageSize }));
  return { users, total, page, pages };
}
