/** The account a Google sign-in lands in (ADR 009). */
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import {
  EmailTakenError,
  createUser,
  getUserByEmail,
  getUserByGoogleSub,
  normalizeEmail,
  updateUser,
  type User,
} from "#app/server/repos/users.server.ts";
import { accountLimits } from "#app/schemas/account.ts";
import type { OidcClaims } from "#app/server/auth/oidc-failures.server.ts";

/** What Google vouched for, as the OpenID client hands it over. */
export type GoogleClaims = OidcClaims;

export type GoogleAccountResult = { ok: true; user: User; created: boolean } | { ok: false; reason: "unverified" | "linked-elsewhere" };

/**
 * The account for a Google sign-in: the one already linked to this Google id; else the account
 * with the same email, linked now (only when Google verified the email, or anyone could take
 * over an account by naming its email); else a new customer account.
 */
export async function findOrCreateGoogleUser({ db, claims }: { db: Kysely<DB>; claims: GoogleClaims }): Promise<GoogleAccountResult> {
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
