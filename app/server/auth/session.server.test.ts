import { describe, expect, test } from "vitest";
import {
  SESSION_TTL_MS,
  clearSessionCookie,
  hashSessionId,
  loginRedirect,
  readSessionId,
  serializeSessionCookie,
  sessionCookieName,
} from "#app/server/auth/session.server.ts";

const id = "a".repeat(22) + "B".repeat(20) + "_";
const request = (cookie: string) => new Request("http://x.test/", { headers: { cookie } });
const location = (url: string) => loginRedirect(new Request(url)).headers.get("Location");

describe("session cookie", () => {
  test("http: `session`, HttpOnly, SameSite=Lax, Path=/, 30 days, not Secure", () => {
    expect(serializeSessionCookie({ id, isHttps: false, maxAgeSeconds: SESSION_TTL_MS / 1000 })).toBe(
      `session=${id}; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax`,
    );
  });

  test("https: `__Host-session`, Secure, no Domain", () => {
    const cookie = serializeSessionCookie({ id, isHttps: true, maxAgeSeconds: 60 });
    expect(cookie).toBe(`__Host-session=${id}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax; Secure`);
    expect(cookie).not.toMatch(/Domain/i);
    expect(sessionCookieName(true)).toBe("__Host-session");
  });

  test("clearing sets an empty value that expires now", () => {
    expect(clearSessionCookie(false)).toBe("session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax");
  });

  test("reading takes only a well-formed id under the right name", () => {
    expect(readSessionId(request(`theme=dark; session=${id}`), false)).toBe(id);
    expect(readSessionId(request(`session=${id}`), true)).toBeNull();
    expect(readSessionId(request(`__Host-session=${id}`), true)).toBe(id);
    expect(readSessionId(request("session=short"), false)).toBeNull();
    expect(readSessionId(request(`session=${id.slice(0, -1)}!`), false)).toBeNull();
    expect(readSessionId(request(`xsession=${id}`), false)).toBeNull();
    expect(readSessionId(new Request("http://x.test/"), false)).toBeNull();
  });

  test("the stored value is a SHA-256 of the id, not the id", () => {
    expect(hashSessionId(id)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSessionId(id)).not.toContain(id);
  });
});

describe("login redirect", () => {
  test("remembers the page (without .data) and its query", () => {
    expect(location("http://x.test/admin/leads?status=new")).toBe("/login?redirectTo=%2Fadmin%2Fleads%3Fstatus%3Dnew");
    expect(location("http://x.test/admin/leads.data")).toBe("/login?redirectTo=%2Fadmin%2Fleads");
    expect(location("http://x.test/")).toBe("/login");
  });

  test("leaves out a page the sign-in would not go back to, rather than a link it would refuse", () => {
    expect(location(`http://x.test/admin/gallery?${"delete=x&".repeat(60)}`)).toBe("/login");
    expect(location("http://x.test/admin/leads?q=%00")).toBe("/login");
    // Not ASCII in the address bar: the URL already carries it percent-encoded, which is kept.
    expect(location("http://x.test/admin/leads?q=café")).toBe("/login?redirectTo=%2Fadmin%2Fleads%3Fq%3Dcaf%25C3%25A9");
  });
});
