/**
 * A local OpenID issuer standing in for Google in tests: `oauth2-mock-server` on 127.0.0.1 with a
 * fresh RS256 key. It signs real ID tokens (discovery, JWKS, authorize, token, userinfo).
 *
 * Who signs in:
 *   1. the user given to `setNextUser()` (used once, by the next authorization request);
 *   2. else the authorization request's `login_hint` (so a browser test chooses without calling
 *      into this process): `<email>` signs in as sub `google-<email>`, verified;
 *      `cancel@example.com` is redirected back with error=access_denied; an address starting
 *      with `unverified` has email_verified false;
 *   3. else sub "google-default", homeowner@example.com, verified, "Pat Homeowner".
 *
 * As a script (`node tests/support/oidc-issuer.ts`): listens on OIDC_ISSUER_PORT (default 3218),
 * prints the issuer URL, serves until SIGTERM or SIGINT. Ready when
 * `/.well-known/openid-configuration` (or `/healthz`) answers 200. Point the app at it with
 * GOOGLE_ISSUER=http://127.0.0.1:3218 (exactly: the issuer must match the discovered one).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  Events,
  OAuth2Server,
  type MutableRedirectUri,
  type MutableResponse,
  type MutableToken,
  type TokenRequestIncomingMessage,
} from "oauth2-mock-server";

export interface IssuerUser {
  sub: string;
  /** null: the issuer shares no email address at all. */
  email: string | null;
  emailVerified?: boolean;
  name?: string;
  /** Leave the email out of the ID token and give it only from the userinfo endpoint. */
  emailOnlyInUserinfo?: boolean;
  /** Claims set on the ID token last, to test its validation, e.g. `{ aud: "someone-else" }`. */
  idTokenOverrides?: Record<string, unknown>;
}

export type NextSignIn = IssuerUser | { error: "access_denied" };

export interface OidcIssuer {
  /** e.g. http://127.0.0.1:3218 (no trailing slash) */
  issuer: string;
  port: number;
  setNextUser(user: NextSignIn): void;
  stop(): Promise<void>;
}

export const DEFAULT_ISSUER_USER: Readonly<IssuerUser> = {
  sub: "google-default",
  email: "homeowner@example.com",
  emailVerified: true,
  name: "Pat Homeowner",
};

export const CANCEL_LOGIN_HINT = "cancel@example.com";

function userFromLoginHint(hint: string): NextSignIn {
  if (hint.toLowerCase() === CANCEL_LOGIN_HINT) return { error: "access_denied" };
  const email = hint.trim();
  return {
    sub: `google-${email}`,
    email,
    emailVerified: !email.toLowerCase().startsWith("unverified"),
    name: email.split("@")[0] ?? email,
  };
}

function userClaims(user: IssuerUser, forIdToken: boolean): Record<string, unknown> {
  const claims: Record<string, unknown> = { sub: user.sub };
  if (user.name !== undefined) claims.name = user.name;
  if (user.email !== null && !(forIdToken && user.emailOnlyInUserinfo)) {
    claims.email = user.email;
    claims.email_verified = user.emailVerified ?? true;
  }
  return claims;
}

export async function startOidcIssuer(options: { port?: number } = {}): Promise<OidcIssuer> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");

  let nextUser: NextSignIn | null = null;
  /** authorization code → user, until the code is exchanged */
  const byCode = new Map<string, IssuerUser>();
  /** access token → user, for the userinfo endpoint */
  const byAccessToken = new Map<string, IssuerUser>();

  server.service.on(Events.BeforeAuthorizeRedirect, (redirect: MutableRedirectUri, req: IncomingMessage) => {
    const code = redirect.url.searchParams.get("code");
    if (code === null) return; // the mock already answered with an error
    const hint = new URL(req.url ?? "/", "http://issuer.invalid").searchParams.get("login_hint");
    const chosen: NextSignIn = nextUser ?? (hint ? userFromLoginHint(hint) : { ...DEFAULT_ISSUER_USER });
    nextUser = null;
    if ("error" in chosen) {
      redirect.url.searchParams.delete("code");
      redirect.url.searchParams.set("error", chosen.error);
      redirect.url.searchParams.set("error_description", "The user cancelled the sign-in.");
      return;
    }
    byCode.set(code, chosen);
  });

  // Runs for the access token and for the ID token of the same token request.
  server.service.on(Events.BeforeTokenSigning, (token: MutableToken, req: TokenRequestIncomingMessage) => {
    const code = req.body.code;
    const user = code === undefined ? undefined : byCode.get(code);
    if (!user) return;
    const isIdToken = "aud" in token.payload && !("scope" in token.payload);
    Object.assign(token.payload, userClaims(user, isIdToken));
    if (isIdToken && user.idTokenOverrides) Object.assign(token.payload, user.idTokenOverrides);
  });

  server.service.on(Events.BeforeResponse, (response: MutableResponse, req: TokenRequestIncomingMessage) => {
    const code = req.body.code;
    const user = code === undefined ? undefined : byCode.get(code);
    if (!user || code === undefined) return;
    byCode.delete(code);
    if (response.body !== "" && typeof response.body.access_token === "string") {
      byAccessToken.set(response.body.access_token, user);
    }
  });

  server.service.on(Events.BeforeUserinfo, (response: MutableResponse, req: IncomingMessage) => {
    const token = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? "")?.[1];
    const user = token === undefined ? undefined : byAccessToken.get(token);
    if (user) response.body = userClaims(user, false);
  });

  server.service.addRoute("GET", "/healthz", (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
    res.end("ok\n");
  });

  await server.start(options.port ?? 0, "127.0.0.1");
  const port = server.address().port;
  // The mock names itself http://localhost:<port>; say 127.0.0.1, where it actually listens
  // (localhost may resolve to ::1 first).
  const issuer = `http://127.0.0.1:${port}`;
  server.issuer.url = issuer;

  let stopping: Promise<void> | null = null;
  return {
    issuer,
    port,
    setNextUser(user: NextSignIn) {
      nextUser = "error" in user ? { error: user.error } : { ...user };
    },
    stop() {
      stopping ??= server.listening ? server.stop() : Promise.resolve();
      return stopping;
    },
  };
}

async function main(): Promise<void> {
  const raw = process.env.OIDC_ISSUER_PORT ?? "3218";
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65535) {
    console.error(`OIDC_ISSUER_PORT must be a whole number from 0 to 65535, not "${raw}"`);
    process.exit(1);
  }
  const running = await startOidcIssuer({ port });
  console.log(`OIDC test issuer: ${running.issuer}`);
  const shutdown = (signal: string) => {
    console.log(`OIDC test issuer: ${signal}, stopping`);
    const force = setTimeout(() => process.exit(0), 3000);
    force.unref();
    running.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
}

if (import.meta.main) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
