/**
 * Google sign-in (app/server/auth/oidc.server.ts) against a real local OpenID issuer
 * (tests/support/oidc-issuer.ts): real discovery, JWKS, RS256-signed ID tokens, PKCE.
 * The browser's part is played by fetch with redirect: "manual".
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  OIDC_FLOW_MAX_AGE_SECONDS,
  OidcError,
  createOidcClient,
  type OidcClient,
  type OidcClientOptions,
  type OidcResult,
} from "#app/server/auth/oidc.server.ts";
import { safeReturnTo } from "#app/server/auth/return-to.server.ts";
import { startOidcIssuer, type OidcIssuer } from "#tests/support/oidc-issuer.ts";

const SECRET = "test-secret-that-is-at-least-32-characters-long";
const REDIRECT_URI = "http://127.0.0.1:3000/auth/google/callback";

function options(issuer: string, extra: Partial<OidcClientOptions> = {}): OidcClientOptions {
  return {
    issuer,
    clientId: "test-client.apps.example",
    clientSecret: "test-client-secret",
    redirectUri: REDIRECT_URI,
    secret: SECRET,
    timeoutSeconds: 5,
    ...extra,
  };
}

/** What the browser does at the issuer: follow its redirect back to our callback URL. */
async function authorize(url: URL): Promise<URL> {
  const res = await fetch(url, { redirect: "manual" });
  await res.body?.cancel();
  expect(res.status).toBe(302);
  const location = res.headers.get("location");
  if (location === null) throw new Error("the issuer did not redirect");
  const callback = new URL(location);
  expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
  return callback;
}

async function signIn(client: OidcClient, begin: { returnTo?: unknown; loginHint?: string } = {}): Promise<OidcResult> {
  const { url, cookieValue } = await client.begin(begin);
  return client.complete({ callbackUrl: await authorize(url), cookieValue });
}

function expectFailure(result: OidcResult, reason: string): void {
  expect(result).toMatchObject({ ok: false, reason });
  if (result.ok) return;
  // A sentence for a homeowner, not a stack trace or an OAuth code.
  expect(result.message).toMatch(/^[A-Z].*\.$/);
  expect(result.message).not.toMatch(/OAUTH_|invalid_grant|undefined|Error/);
}

describe("Google sign-in against a local issuer", () => {
  let issuer: OidcIssuer;
  let client: OidcClient;

  beforeAll(async () => {
    issuer = await startOidcIssuer({ port: 0 });
    client = createOidcClient(options(issuer.issuer));
  });
  afterAll(async () => {
    await issuer?.stop();
  });

  test("signs in with the issuer's claims and keeps returnTo", async () => {
    issuer.setNextUser({ sub: "google-1234", email: "maria@home.test", emailVerified: true, name: "Maria Gonzalez" });
    const result = await signIn(client, { returnTo: "/admin/leads?status=new" });
    expect(result).toEqual({
      ok: true,
      claims: { sub: "google-1234", email: "maria@home.test", emailVerified: true, name: "Maria Gonzalez" },
      returnTo: "/admin/leads?status=new",
    });
  });

  test("the authorization URL asks for a code with PKCE S256, state and nonce", async () => {
    const { url, cookieValue } = await client.begin({ returnTo: "/profile" });
    expect(url.origin).toBe(issuer.issuer);
    const p = url.searchParams;
    expect(p.get("response_type")).toBe("code");
    expect(p.get("client_id")).toBe("test-client.apps.example");
    expect(p.get("redirect_uri")).toBe(REDIRECT_URI);
    expect(p.get("scope")).toBe("openid email profile");
    expect(p.get("code_challenge_method")).toBe("S256");
    expect(p.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.get("state")).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(p.get("nonce")).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    // The cookie is opaque and cookie-safe, and holds neither the challenge nor plain JSON.
    expect(cookieValue).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(cookieValue.length).toBeLessThan(1500);
    // Each flow is new.
    const second = await client.begin({});
    expect(second.url.searchParams.get("state")).not.toBe(p.get("state"));
    expect(second.url.searchParams.get("nonce")).not.toBe(p.get("nonce"));
    expect(second.url.searchParams.get("code_challenge")).not.toBe(p.get("code_challenge"));
  });

  test("with nothing chosen, the default homeowner signs in and returnTo defaults to /profile", async () => {
    const result = await signIn(client);
    expect(result).toEqual({
      ok: true,
      claims: { sub: "google-default", email: "homeowner@example.com", emailVerified: true, name: "Pat Homeowner" },
      returnTo: "/profile",
    });
  });

  test("login_hint chooses the user, as a browser test does", async () => {
    const verified = await signIn(client, { loginHint: "jordan@home.test" });
    expect(verified).toMatchObject({
      ok: true,
      claims: { sub: "google-jordan@home.test", email: "jordan@home.test", emailVerified: true },
    });
    const unverified = await signIn(client, { loginHint: "unverified.lee@home.test" });
    expect(unverified).toMatchObject({ ok: true, claims: { email: "unverified.lee@home.test", emailVerified: false } });
    expectFailure(await signIn(client, { loginHint: "cancel@example.com" }), "cancelled");
  });

  test("a cancelled sign-in (error=access_denied) is 'cancelled', with or without the cookie", async () => {
    issuer.setNextUser({ error: "access_denied" });
    const { url, cookieValue } = await client.begin({ returnTo: "/profile" });
    const callback = await authorize(url);
    expect(callback.searchParams.get("error")).toBe("access_denied");
    expect(callback.searchParams.has("code")).toBe(false);
    const result = await client.complete({ callbackUrl: callback, cookieValue });
    expectFailure(result, "cancelled");
    expect(result.ok ? "" : result.message).toBe(
      "Google sign-in was cancelled. You can try again or sign in with your email and password.",
    );
    expectFailure(await client.complete({ callbackUrl: callback, cookieValue: null }), "cancelled");
  });

  test("a missing, tampered or foreign cookie is 'expired'", async () => {
    const { url, cookieValue } = await client.begin({ returnTo: "/profile" });
    const callback = await authorize(url);

    expectFailure(await client.complete({ callbackUrl: callback, cookieValue: null }), "expired");
    expectFailure(await client.complete({ callbackUrl: callback, cookieValue: "" }), "expired");
    expectFailure(await client.complete({ callbackUrl: callback, cookieValue: "not-a-cookie" }), "expired");

    // Rewrite the payload (send the homeowner elsewhere) and keep the old signature.
    const [payload, signature] = cookieValue.split(".") as [string, string];
    const flow = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...flow, returnTo: "/admin" }), "utf8").toString("base64url");
    expectFailure(await client.complete({ callbackUrl: callback, cookieValue: `${forged}.${signature}` }), "expired");

    // A signature with one character changed.
    const flipped = signature.startsWith("A") ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expectFailure(await client.complete({ callbackUrl: callback, cookieValue: `${payload}.${flipped}` }), "expired");

    // The same flow signed with another secret (another site, or an attacker guessing).
    const other = createOidcClient(options(issuer.issuer, { secret: "another-secret-that-is-also-32-characters-or-more" }));
    const foreign = await other.begin({});
    const foreignCallback = await authorize(foreign.url);
    expectFailure(await client.complete({ callbackUrl: foreignCallback, cookieValue: foreign.cookieValue }), "expired");

    // None of this spent the code: the genuine cookie still completes the flow.
    expect(await client.complete({ callbackUrl: callback, cookieValue })).toMatchObject({ ok: true });
  });

  test("a cookie older than 10 minutes is 'expired'; just under is fine", async () => {
    let clock = Date.now();
    const timed = createOidcClient(options(issuer.issuer, { now: () => clock }));

    const late = await timed.begin({});
    const lateCallback = await authorize(late.url);
    clock += OIDC_FLOW_MAX_AGE_SECONDS * 1000 + 1000;
    expectFailure(await timed.complete({ callbackUrl: lateCallback, cookieValue: late.cookieValue }), "expired");

    const inTime = await timed.begin({ returnTo: "/profile/settings" });
    const inTimeCallback = await authorize(inTime.url);
    clock += OIDC_FLOW_MAX_AGE_SECONDS * 1000 - 1000;
    expect(await timed.complete({ callbackUrl: inTimeCallback, cookieValue: inTime.cookieValue })).toMatchObject({
      ok: true,
      returnTo: "/profile/settings",
    });

    // A cookie dated in the future (a wildly wrong clock) is refused too.
    const ahead = createOidcClient(options(issuer.issuer, { now: () => Date.now() + 2 * 60 * 60 * 1000 }));
    const early = await ahead.begin({});
    const earlyCallback = await authorize(early.url);
    expectFailure(await client.complete({ callbackUrl: earlyCallback, cookieValue: early.cookieValue }), "expired");
  });

  test("the callback of one flow with the cookie of another is a 'state-mismatch'", async () => {
    const a = await client.begin({ returnTo: "/a" });
    const b = await client.begin({ returnTo: "/b" });
    const callbackA = await authorize(a.url);
    expectFailure(await client.complete({ callbackUrl: callbackA, cookieValue: b.cookieValue }), "state-mismatch");

    const noState = new URL(callbackA);
    noState.searchParams.delete("state");
    expectFailure(await client.complete({ callbackUrl: noState, cookieValue: a.cookieValue }), "state-mismatch");

    // The code was not spent on the mismatch.
    expect(await client.complete({ callbackUrl: callbackA, cookieValue: a.cookieValue })).toMatchObject({
      ok: true,
      returnTo: "/a",
    });
  });

  test("a replayed callback (the code already exchanged) fails without throwing", async () => {
    const { url, cookieValue } = await client.begin({});
    const callback = await authorize(url);
    expect(await client.complete({ callbackUrl: callback, cookieValue })).toMatchObject({ ok: true });
    expectFailure(await client.complete({ callbackUrl: callback, cookieValue }), "issuer-error");
  });

  test("a callback without a code is refused", async () => {
    const { url, cookieValue } = await client.begin({});
    const callback = await authorize(url);
    callback.searchParams.delete("code");
    expectFailure(await client.complete({ callbackUrl: callback, cookieValue }), "issuer-error");
  });

  test("an account that shares no email is 'no-email'", async () => {
    issuer.setNextUser({ sub: "google-no-email", email: null, name: "No Email" });
    expectFailure(await signIn(client), "no-email");
  });

  test("an email missing from the ID token is read from userinfo", async () => {
    issuer.setNextUser({
      sub: "google-userinfo",
      email: "userinfo@home.test",
      emailVerified: true,
      name: "Uma Info",
      emailOnlyInUserinfo: true,
    });
    expect(await signIn(client)).toEqual({
      ok: true,
      claims: { sub: "google-userinfo", email: "userinfo@home.test", emailVerified: true, name: "Uma Info" },
      returnTo: "/profile",
    });
  });

  test.each([
    ["another audience", { aud: "someone-else.apps.example" }],
    ["another issuer", { iss: "https://accounts.evil.example" }],
    ["another nonce", { nonce: "not-the-nonce-we-sent" }],
    ["an expired token", { exp: Math.floor(Date.now() / 1000) - 3600, iat: Math.floor(Date.now() / 1000) - 7200 }],
  ])("an ID token with %s is 'invalid-token'", async (_label, idTokenOverrides) => {
    issuer.setNextUser({ sub: "google-bad-token", email: "bad@home.test", idTokenOverrides });
    expectFailure(await signIn(client), "invalid-token");
  });

  test("begin() sanitizes returnTo", async () => {
    for (const bad of ["//evil.example", "https://evil.example", "/\\evil", "javascript:alert(1)"]) {
      const result = await signIn(client, { returnTo: bad });
      expect(result).toMatchObject({ ok: true, returnTo: "/profile" });
    }
  });
});

describe("when the issuer is down", () => {
  test("complete() after the issuer stopped is 'issuer-error', without throwing", async () => {
    const issuer = await startOidcIssuer({ port: 0 });
    const client = createOidcClient(options(issuer.issuer));
    const { url, cookieValue } = await client.begin({});
    const callback = await authorize(url);
    await issuer.stop();
    const result = await client.complete({ callbackUrl: callback, cookieValue });
    expectFailure(result, "issuer-error");
    expect(result.ok ? "" : result.message).toMatch(/could not finish signing you in with Google/);
  });

  test("begin() rejects with OidcError('issuer-error'), and discovery is retried once the issuer is back", async () => {
    const first = await startOidcIssuer({ port: 0 });
    const { port } = first;
    await first.stop();

    const client = createOidcClient(options(`http://127.0.0.1:${port}`));
    const failed = await client.begin({}).then(
      () => null,
      (err: unknown) => err,
    );
    expect(failed).toBeInstanceOf(OidcError);
    expect((failed as OidcError).reason).toBe("issuer-error");
    expect((failed as OidcError).message).toMatch(/could not finish signing you in with Google/);

    // complete() with a cookie from elsewhere also needs discovery: still no throw.
    const elsewhere = await startOidcIssuer({ port: 0 });
    try {
      const otherClient = createOidcClient(options(elsewhere.issuer));
      const flow = await otherClient.begin({});
      const callback = await authorize(flow.url);
      expectFailure(await client.complete({ callbackUrl: callback, cookieValue: flow.cookieValue }), "issuer-error");
    } finally {
      await elsewhere.stop();
    }

    // The failed discovery was not cached: the same client works once the issuer is back.
    const again = await startOidcIssuer({ port });
    try {
      expect(await signIn(client, { returnTo: "/profile" })).toMatchObject({ ok: true });
    } finally {
      await again.stop();
    }
  });
});

describe("safeReturnTo", () => {
  test.each([
    "//evil.example",
    "https://evil.example",
    "/\\evil",
    "\\\\evil",
    "evil",
    "",
    "/a\nb",
    "/a\u0000",
    `/${"a".repeat(499)}`,
    null,
    undefined,
    42,
  ])("refuses %j", (value) => {
    expect(safeReturnTo(value)).toBe("/profile");
  });

  test.each(["/admin/leads?status=new", "/", "/profile#top", "/services/kitchen-remodeling", `/${"a".repeat(498)}`])(
    "keeps %j",
    (value) => {
      expect(safeReturnTo(value)).toBe(value);
    },
  );
});
