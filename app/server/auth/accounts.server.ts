/**
 * What happens to accounts: password sign-in (with the brute-force limit), sign-up, Google
 * sign-in, the first admin (CLI and one-time setup link), the profile (requests sent, password,
 * signing out everywhere), password reset and the admin's user list. The host builds
 * `createAccounts` once; routes call its methods and never see the database. The work is in one
 * file per verb; only the repos write SQL.
 */
import type { RoleChange, User, UserListItem } from "#app/server/repos/users.server.ts";
import type { AccountLead } from "#app/server/repos/leads.server.ts";
import type { UserRole } from "#app/schemas/account.ts";
import { changePassword, loadAccountOverview, signOutEverywhere } from "#app/server/auth/account-profile.server.ts";
import { createOrPromoteAdmin, type AdminResult } from "#app/server/auth/admin-account.server.ts";
import { findOrCreateGoogleUser, type GoogleAccountResult, type GoogleClaims } from "#app/server/auth/google-account.server.ts";
import { checkNewPassword } from "#app/server/auth/new-password.server.ts";
import {
  checkResetToken,
  requestPasswordReset,
  resetPassword,
  type ResetRequestResult,
  type ResetResult,
  type PasswordResetDeps,
  type ResetTokenState,
} from "#app/server/auth/password-reset.server.ts";
import { checkSetupToken, consumeSetupToken, issueSetupToken, type SetupTokenState } from "#app/server/auth/setup-token.server.ts";
import { signInWithPassword, type SignInResult } from "#app/server/auth/sign-in.server.ts";
import { registerWithPassword, type SignUpResult } from "#app/server/auth/sign-up.server.ts";
import { changeRole, getAccount, listAccounts } from "#app/server/auth/user-list.server.ts";

export { changePassword, loadAccountOverview, signOutEverywhere } from "#app/server/auth/account-profile.server.ts";
export { createOrPromoteAdmin, type AdminResult } from "#app/server/auth/admin-account.server.ts";
export { findOrCreateGoogleUser, type GoogleAccountResult, type GoogleClaims } from "#app/server/auth/google-account.server.ts";
export { checkNewPassword } from "#app/server/auth/new-password.server.ts";
export {
  SETUP_TOKEN_TTL_MS,
  checkSetupToken,
  consumeSetupToken,
  issueSetupToken,
  type SetupTokenState,
} from "#app/server/auth/setup-token.server.ts";
export { signInWithPassword, type SignInResult } from "#app/server/auth/sign-in.server.ts";
export { registerWithPassword, type SignUpResult } from "#app/server/auth/sign-up.server.ts";
export { changeRole, getAccount, listAccounts } from "#app/server/auth/user-list.server.ts";

/** Accounts as routes and the CLI use them: the database, the signing key and the limits are bound. */
export interface Accounts {
  /** Under the sign-in limit (SIGN_IN_FAILURE_LIMIT); the browser's device cookie keeps its own allowance. */
  signInWithPassword(input: { email: string; password: string; clientIp: string; deviceToken?: string | null }): Promise<SignInResult>;
  /** A new customer, under the sign-up limit per client address (SIGNUP_RATE_LIMIT). */
  registerWithPassword(input: { name: string; email: string; password: string; clientIp: string }): Promise<SignUpResult>;
  /** A message for the password field, or null when the password may be used. */
  checkNewPassword(password: string, context: { email?: string; name?: string }): string | null;
  findOrCreateGoogleUser(input: { claims: GoogleClaims }): Promise<GoogleAccountResult>;
  createOrPromoteAdmin(input: { email: string; password: string | null; name?: string }): Promise<AdminResult>;
  /** While no admin exists, a one-hour setup token; null once one does. */
  issueSetupToken(): Promise<string | null>;
  checkSetupToken(input: { token: string | null }): Promise<SetupTokenState>;
  consumeSetupToken(input: { token: string }): Promise<boolean>;
  loadAccountOverview(input: {
    user: Pick<User, "id" | "email" | "email_verified">;
  }): Promise<{ requests: AccountLead[]; sessionCount: number }>;
  changePassword(input: { userId: string; password: string; keepIdHash?: string }): Promise<number>;
  signOutEverywhere(input: { userId: string; keepIdHash?: string }): Promise<number>;
  getAccount(input: { id: string }): Promise<User | null>;
  changeRole(input: { id: string; role: UserRole }): Promise<RoleChange>;
  listAccounts(input: { page: number; pageSize: number }): Promise<{ users: UserListItem[]; total: number; page: number; pages: number }>;
  requestPasswordReset(input: { email: string; clientIp: string }): Promise<ResetRequestResult>;
  checkResetToken(input: { token: string }): Promise<ResetTokenState>;
  resetPassword(input: { token: string; password: string }): Promise<ResetResult>;
}

/** The database, the settings and the signing key; the outbox and the site send reset links. */
type AccountsDeps = PasswordResetDeps;

export function createAccounts(deps: AccountsDeps): Accounts {
  const { config, database, secret } = deps;
  const { db, dialect } = database;
  const { env } = config;
  const signInLimit = { limit: env.SIGN_IN_FAILURE_LIMIT, windowMs: env.SIGN_IN_WINDOW_SECONDS * 1000 };
  return {
    signInWithPassword: (input) => signInWithPassword({ db, dialect, secret, ...signInLimit, ...input }),
    registerWithPassword: (input) =>
      registerWithPassword({
        db,
        dialect,
        secret,
        limit: env.SIGNUP_RATE_LIMIT,
        windowMs: env.SIGNUP_RATE_WINDOW_SECONDS * 1000,
        ...input,
      }),
    checkNewPassword,
    findOrCreateGoogleUser: ({ claims }) => findOrCreateGoogleUser({ db, claims }),
    createOrPromoteAdmin: (input) => createOrPromoteAdmin({ db, dialect, ...input }),
    issueSetupToken: () => issueSetupToken({ db }),
    checkSetupToken: ({ token }) => checkSetupToken({ db, token }),
    consumeSetupToken: ({ token }) => consumeSetupToken({ db, token }),
    loadAccountOverview: ({ user }) => loadAccountOverview({ db, user }),
    changePassword: (input) => changePassword({ db, ...input }),
    signOutEverywhere: (input) => signOutEverywhere({ db, ...input }),
    getAccount: ({ id }) => getAccount({ db, id }),
    changeRole: ({ id, role }) => changeRole({ db, dialect, id, role }),
    listAccounts: (input) => listAccounts({ db, ...input }),
    requestPasswordReset: (input) => requestPasswordReset({ backend: deps, ...input }),
    checkResetToken: ({ token }) => checkResetToken({ backend: deps, token }),
    resetPassword: (input) => resetPassword({ backend: deps, ...input }),
  };
}
