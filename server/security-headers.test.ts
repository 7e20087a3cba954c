import { describe, expect, it } from "vitest";
import { baseSecurityHeaders, contentSecurityPolicy, createNonce } from "#server/security-headers.ts";

/** "a b; c d" → { a: ["b"], c: ["d"] } */
function parseCsp(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (!name) continue;
    expect(directives.has(name), `directive ${name} appears twice`).toBe(false);
    directives.set(name, values);
  }
  return directives;
}

describe("contentSecurityPolicy", () => {
  const nonce = "'nonce-abc123=='";

  it.each([
    ["http, production", { isHttps: false, isDevelopment: false }],
    ["https, production", { isHttps: true, isDevelopment: false }],
    ["http, development", { isHttps: false, isDevelopment: true }],
  ])("locks scripts, plugins, <base> and framing down (%s)", (_label, flags) => {
    const csp = parseCsp(contentSecurityPolicy({ scriptSources: [nonce], ...flags }));
    expect(csp.get("script-src")).toEqual(["'self'", nonce]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'none'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
  });

  it("never allows inline or eval'd scripts, whatever the mode", () => {
    for (const isHttps of [false, true]) {
      for (const isDevelopment of [false, true]) {
        const policy = contentSecurityPolicy({ scriptSources: [nonce], isHttps, isDevelopment });
        const scriptSrc = parseCsp(policy).get("script-src") ?? [];
        expect(scriptSrc).not.toContain("'unsafe-inline'");
        expect(scriptSrc).not.toContain("'unsafe-eval'");
        expect(scriptSrc).not.toContain("*");
      }
    }
  });

  it("lists a cached page's script hashes in script-src", () => {
    const hashes = ["'sha256-AAAA'", "'sha256-BBBB'"];
    const csp = parseCsp(contentSecurityPolicy({ scriptSources: hashes, isHttps: false, isDevelopment: false }));
    expect(csp.get("script-src")).toEqual(["'self'", ...hashes]);
  });

  it("lists a page's style nonce or hashes in style-src, never 'unsafe-inline' in production", () => {
    const csp = parseCsp(
      contentSecurityPolicy({
        scriptSources: [],
        styleSources: ["'sha256-CCCC'"],
        isHttps: false,
        isDevelopment: false,
      }),
    );
    expect(csp.get("style-src")).toEqual(["'self'", "'sha256-CCCC'"]);
  });

  it("allows inline styles and websockets only while developing", () => {
    const production = parseCsp(contentSecurityPolicy({ scriptSources: [], isHttps: false, isDevelopment: false }));
    expect(production.get("style-src")).toEqual(["'self'"]);
    expect(production.get("connect-src")).toEqual(["'self'"]);
    const development = parseCsp(contentSecurityPolicy({ scriptSources: [], isHttps: false, isDevelopment: true }));
    expect(development.get("style-src")).toContain("'unsafe-inline'");
    expect(development.get("connect-src")).toContain("ws:");
  });

  it("adds upgrade-insecure-requests only for https", () => {
    const http = contentSecurityPolicy({ scriptSources: [nonce], isHttps: false, isDevelopment: false });
    const https = contentSecurityPolicy({ scriptSources: [nonce], isHttps: true, isDevelopment: false });
    expect(parseCsp(http).has("upgrade-insecure-requests")).toBe(false);
    expect(parseCsp(https).get("upgrade-insecure-requests")).toEqual([]);
  });
});

describe("baseSecurityHeaders", () => {
  it("sends the same protective headers for http and https", () => {
    for (const isHttps of [false, true]) {
      const headers = baseSecurityHeaders(isHttps);
      expect(headers["X-Content-Type-Options"]).toBe("nosniff");
      expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["Permissions-Policy"]).toContain("camera=()");
      expect(headers["Permissions-Policy"]).toContain("geolocation=()");
      expect(headers["X-Frame-Options"]).toBe("DENY");
    }
  });

  it("adds HSTS only for https", () => {
    expect(baseSecurityHeaders(false)).not.toHaveProperty("Strict-Transport-Security");
    const hsts = baseSecurityHeaders(true)["Strict-Transport-Security"];
    expect(hsts).toMatch(/^max-age=(\d+)/);
    // At least a year, as browsers' preload lists expect.
    expect(Number(/max-age=(\d+)/.exec(hsts ?? "")?.[1])).toBeGreaterThanOrEqual(31_536_000);
  });
});

describe("createNonce", () => {
  it("returns 128 random bits in base64, different every time", () => {
    const nonces = new Set(Array.from({ length: 100 }, () => createNonce()));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    }
  });
});
