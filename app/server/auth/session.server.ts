/**
 * Database-backed sign-in sessions and the guards that protect pages.
 *
 * - The cookie holds a random 256-bit id; the database holds only its SHA-256, so a leaked
 *   database copy does not let anyone sign in.
 * - The cookie is HttpOnly and SameSite=Lax; on https it is also Secure and named with the
 *   `__Host-` prefix (no Domain, Path=/), so a sibling subdomain cannot set or read it.
 * - Sessions last 30 days and are extended (database and cookie) while the account is in use,
 *   at most once a day per session, so a busy admin does not write on every click.
 * - Every sign-in gets a new id; the browser's previous session, if any, is deleted.
 *
 * Guards (`requireUser`, `requireAdmin`) throw Responses and must be called in every protected
 * loader AND action: a parent's loader does not protect a child's action.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { createContext, data, redirect, type RouterContextProvider } from "react-router";
import { backendContext, requestContext } from "#app/server/context.server.ts";
import { isDatabaseBusy } from "#app/server/db/busy.server.ts";
import { createSession, deleteSession, deleteUserSessions, extendSession, getSessionWithUser } from "#app/server/repos/sessions.server.ts";
import type { User } from "#app/server/repos/users.server.ts";
import type { DB } from "#app/server/db/schema.server.ts";
import { safeReturnTo } from "#app/server/auth/return-to.server.ts";

export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
/** A session is extended when its expiry is more than this far behind a fresh 30 days. */
const EXTEND_AFTER_MS = 24 * 3600 * 1000;

export function sessionCookieName(isHttps: boolean): string {
  return isHttps ? "__Host-session" : "session";
}

export function hashSessionId(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

export function serializeSessionCookie({ id, isHttps, maxAgeSeconds }: { id: string; isHttps: boolean; maxAgeSeconds: number }): string {
  const parts = [
    `${sessionCookieName(isHttps)}=${id}`,
    "Path=/",
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (isHttps) parts.push("Secure");
  return parts.join("; ");
}

export function clearSessionCookie(isHttps: boolean): string {
  return serializeSessionCookie({ id: "", isHttps, maxAgeSeconds: 0 });
}

/** The session id in the request's cookie, if it has the right shape. */
export function readSessionId(request: Request, isHttps: boolean): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  const name = sessionCookieName(isHttps);
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const value = part.slice(index + 1).trim();
    return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
  }
  return null;
}

/** What the current request knows about who is signed in. */
interface AuthState {
  user: User | null;
  /** Hash of the session id, when a valid session was found. */
  sessionIdHash: string | null;
  /** A session cookie came with the request (valid or not). */
  hadCookie: boolean;
  /** Set-Cookie to add to the response (an extension, or clearing a dead cookie). */
  setCookie: string | null;
}

const authContext = createContext<AuthState | null>(null);

/**
 * Reads the session once per request (later calls reuse the result). Extends a session in use
 * and arranges for a dead cookie to be cleared, so the visitor gets cached pages again.
 */
export async function loadAuth(request: Request, context: Readonly<RouterContextProvider>): Promise<AuthState> {
  const known = context.get(authContext);
  if (known) return known;
  const { config, database } = context.get(backendContext);
  const id = readSessionId(request, config.isHttps);
  const hadCookie = id !== null || hasCookieNamed(request, sessionCookieName(config.isHttps));
  let state: AuthState = { user: null, sessionIdHash: null, hadCookie, setCookie: null };
  if (id) {
    const idHash = hashSessionId(id);
    const now = new Date();
    const found = await getSessionWithUser({ db: database.db, idHash, now });
    if (found) {
      state = { user: found.user, sessionIdHash: idHash, hadCookie, setCookie: null };
      const freshExpiry = now.getTime() + SESSION_TTL_MS;
      if (freshExpiry - Date.parse(found.session.expires_at) > EXTEND_AFTER_MS) {
        try {
          await extendSession({ db: database.db, idHash, expiresAt: new Date(freshExpiry), now });
          state.setCookie = serializeSessionCookie({
            id,
            isHttps: config.isHttps,
            maxAgeSeconds: SESSION_TTL_MS / 1000,
          });
        } catch (error) {
          // The session is still valid for days: a locked database delays its extension to a
          // later request instead of refusing this one (the homeowner's post above all).
          if (!isDatabaseBusy(error)) throw error;
        }
      }
    }
  }
  if (hadCookie && !state.user) state.setCookie = clearSessionCookie(config.isHttps);
  (context as RouterContextProvider).set(authContext, state);
  return state;
}

/**
 * Root middleware: loads the session and adds its Set-Cookie (extension or clearing) to the
 * response, unless the route itself set the session cookie (sign-in, sign-out).
 */
export async function sessionMiddleware(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  next: () => Promise<Response>,
): Promise<Response> {
  const state = await loadAuth(request, context);
  const response = await next();
  if (state.setCookie && context.get(authContext) === state) {
    const name = sessionCookieName(context.get(backendContext).config.isHttps);
    const already = response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${name}=`));
    if (!already) {
      try {
        response.headers.append("Set-Cookie", state.setCookie);
      } catch {
        // Immutable headers (a redirect built elsewhere): the next request extends instead.
      }
    }
  }
  return response;
}

export async function getUser(request: Request, context: Readonly<RouterContextProvider>): Promise<User | null> {
  return (await loadAuth(request, context)).user;
}

/**
 * Where to send someone who must sign in first: /login, remembering the page they wanted when
 * signing in could send them back there (a page the sign-in would not return to is left out, so
 * the login link stays short and carries nothing it would refuse).
 */
export function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const target = url.pathname.replace(/\.data$/, "") + url.search;
  const remembered = target !== "/" && !target.startsWith("/login") && safeReturnTo(target) === target;
  return redirect(remembered ? `/login?${new URLSearchParams({ redirectTo: target })}` : "/login");
}

export async function requireUser(request: Request, context: Readonly<RouterContextProvider>): Promise<User> {
  const user = await getUser(request, context);
  if (!user) throw loginRedirect(request);
  return user;
}

/** Anonymous → /login; signed in without the admin role → 403. Checked against the database on every call. */
export async function requireAdmin(request: Request, context: Readonly<RouterContextProvider>): Promise<User> {
  const user = await requireUser(request, context);
  if (user.role !== "admin") {
    throw data("This page is for the site's administrators. Your account does not have access.", { status: 403 });
  }
  return user;
}

/** Sign-in and sign-up pages send a signed-in visitor on to their profile. */
export async function requireAnonymous(request: Request, context: Readonly<RouterContextProvider>): Promise<void> {
  if (await getUser(request, context)) throw redirect("/profile");
}

/**
 * A new session for `userId` with a new random id, stored as its hash; returns the id (the
 * cookie's value). The tests make their signed-in accounts with it too.
 */
export async function startSession({
  db,
  userId,
  userAgent,
  now = new Date(),
}: {
  db: Kysely<DB>;
  userId: string;
  userAgent: string | null;
  now?: Date;
}): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  await createSession({
    db,
    idHash: hashSessionId(id),
    userId,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    userAgent: userAgent?.slice(0, 300) ?? null,
    now,
  });
  return id;
}

/**
 * Signs `userId` in: a new session with a new id (the browser's old session is deleted, so a
 * planted id is worthless after sign-in). Returns the Set-Cookie header for the response.
 */
export async function signIn({
  request,
  context,
  userId,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  userId: string;
}): Promise<string> {
  const { config, database, logger } = context.get(backendContext);
  const previous = readSessionId(request, config.isHttps);
  if (previous) await deleteSession({ db: database.db, idHash: hashSessionId(previous) });
  const id = await startSession({ db: database.db, userId, userAgent: request.headers.get("user-agent") });
  (context as RouterContextProvider).set(authContext, null);
  logger.info("signed in", { userId, requestId: context.get(requestContext).requestId });
  return serializeSessionCookie({ id, isHttps: config.isHttps, maxAgeSeconds: SESSION_TTL_MS / 1000 });
}

/** Deletes this browser's session (or, with `everywhere`, all of the account's). Returns Set-Cookie. */
export async function signOut({
  request,
  context,
  everywhere = false,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  everywhere?: boolean;
}): Promise<string> {
  const { config, database, logger } = context.get(backendContext);
  const state = await loadAuth(request, context);
  if (state.sessionIdHash) {
    if (everywhere && state.user) {
      const count = await deleteUserSessions({ db: database.db, userId: state.user.id });
      logger.info("signed out everywhere", { userId: state.user.id, sessions: count });
    } else {
      await deleteSession({ db: database.db, idHash: state.sessionIdHash });
    }
  }
  (context as RouterContextProvider).set(authContext, null);
  return clearSessionCookie(config.isHttps);
}

function hasCookieNamed(request: Request, name: string): boolean {
  const header = request.headers.get("cookie") ?? "";
  return header.split(";").some((part) => part.trim().startsWith(`${name}=`));
}
