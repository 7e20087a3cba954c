import { describe, expect, test } from "vitest";
import { OIDC_FLOW_MAX_AGE_SECONDS, createOidcClient, oidcCookie, oidcCookieName, readOidcCookie } from "#app/server/auth/oidc.server.ts";

describe("flow cookie helpers", () => {
  test("the name is __Host- prefixed on https only", () => {
    expect(oidcCookieName(true)).toBe("__Host-oidc");
    expect(oidcCookieName(false)).toBe("oidc");
  });

  test("Set-Cookie: HttpOnly, SameSite=Lax, Path=/, Secure on https, no Domain", () => {
    const https = oidcCookie("abc.def", { isHttps: true, maxAgeSeconds: OIDC_FLOW_MAX_AGE_SECONDS });
    expect(https).toBe("__Host-oidc=abc.def; Max-Age=600; Path=/; HttpOnly; SameSite=Lax; Secure");
    const http = oidcCookie("abc.def", { isHttps: false, maxAgeSeconds: 600 });
    expect(http).toBe("oidc=abc.def; Max-Age=600; Path=/; HttpOnly; SameSite=Lax");
    expect(http).not.toMatch(/Domain|Secure/);
  });

  test("clearing sets Max-Age=0 and an old Expires", () => {
    expect(oidcCookie("", { isHttps: true, maxAgeSeconds: 0 })).toBe(
      "__Host-oidc=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Secure",
    );
  });

  test("refuses values that would break the header", () => {
    expect(() => oidcCookie("a; Domain=evil.example", { isHttps: false, maxAgeSeconds: 600 })).toThrow(TypeError);
  });

  test("reads the cookie back from a Cookie header", () => {
    expect(readOidcCookie("a=1; __Host-oidc=xyz.123; oidc=plain", true)).toBe("xyz.123");
    expect(readOidcCookie("a=1; __Host-oidc=xyz.123; oidc=plain", false)).toBe("plain");
    expect(readOidcCookie("a=1", false)).toBeNull();
    expect(readOidcCookie("oidc=", false)).toBeNull();
    expect(readOidcCookie(null, true)).toBeNull();
  });
});

describe("createOidcClient", () => {
  const base = {
    issuer: "https://accounts.google.com",
    clientId: "id",
    clientSecret: "secret",
    redirectUri: "https://www.example.com/auth/google/callback",
  };

  test("refuses a short signing secret and non-http URLs at once, without any request", () => {
    expect(() => createOidcClient({ ...base, secret: "short" })).toThrow(/at least 32/);
    expect(() => createOidcClient({ ...base, issuer: "ftp://x.example", secret: "s".repeat(32) })).toThrow(/issuer/);
    expect(() => createOidcClient({ ...base, redirectUri: "not a url", secret: "s".repeat(32) })).toThrow();
    expect(createOidcClient({ ...base, secret: "s".repeat(32) })).toHaveProperty("begin");
  });
});
