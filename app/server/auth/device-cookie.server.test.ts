import { describe, expect, it } from "vitest";
import {
  createDeviceToken,
  deviceCookieName,
  readDeviceCookie,
  serializeDeviceCookie,
  verifyDeviceToken,
} from "#app/server/auth/device-cookie.server.ts";

const SECRET = "a-device-cookie-test-secret-0123456789";

const req = (cookie: string) => new Request("http://localhost/login", { headers: { cookie } });

describe("device tokens", () => {
  it("verify for the account they were made for, whatever the case of the typed email", () => {
    const token = createDeviceToken({ secret: SECRET, login: "Owner@Example.com" });
    const verified = verifyDeviceToken({ secret: SECRET, token, login: " owner@example.COM " });
    expect(verified?.nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // Each sign-in gets a new nonce, so a new budget.
    expect(
      verifyDeviceToken({
        secret: SECRET,
        token: createDeviceToken({ secret: SECRET, login: "owner@example.com" }),
        login: "owner@example.com",
      })?.nonce,
    ).not.toBe(verified?.nonce);
  });

  it("refuse another account, another secret, an altered login or signature, and junk", () => {
    const token = createDeviceToken({ secret: SECRET, login: "owner@example.com" });
    const [login, nonce, mac] = token.split(".") as [string, string, string];
    expect(verifyDeviceToken({ secret: SECRET, token, login: "other@example.com" })).toBeNull();
    expect(verifyDeviceToken({ secret: `${SECRET}x`, token, login: "owner@example.com" })).toBeNull();
    const forgedLogin = Buffer.from("other@example.com").toString("base64url");
    expect(verifyDeviceToken({ secret: SECRET, token: `${forgedLogin}.${nonce}.${mac}`, login: "other@example.com" })).toBeNull();
    // The signature's first character, not its last: in base64url the last one carries padding bits a
    // decoder ignores, so changing it can leave the same bytes (and pass, one time in a few).
    expect(
      verifyDeviceToken({
        secret: SECRET,
        token: `${login}.${nonce}.${mac.startsWith("A") ? "B" : "A"}${mac.slice(1)}`,
        login: "owner@example.com",
      }),
    ).toBeNull();
    for (const junk of [null, undefined, "", "a.b.c", `${token}.x`]) {
      expect(verifyDeviceToken({ secret: SECRET, token: junk, login: "owner@example.com" })).toBeNull();
    }
  });
});

describe("the device cookie", () => {
  it("is HttpOnly, SameSite=Lax, a year long; __Host- and Secure on https", () => {
    const token = createDeviceToken({ secret: SECRET, login: "owner@example.com" });
    expect(serializeDeviceCookie({ token, isHttps: false })).toBe(`device=${token}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax`);
    expect(serializeDeviceCookie({ token, isHttps: true })).toBe(
      `__Host-device=${token}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax; Secure`,
    );
    expect(deviceCookieName(true)).toBe("__Host-device");
  });

  it("is read from the Cookie header by name, only when well formed", () => {
    const token = createDeviceToken({ secret: SECRET, login: "owner@example.com" });
    expect(readDeviceCookie(req(`session=abc; device=${token}`), false)).toBe(token);
    expect(readDeviceCookie(req(`device=${token}`), true)).toBeNull();
    expect(readDeviceCookie(req(`__Host-device=${token}`), true)).toBe(token);
    expect(readDeviceCookie(req("device=<script>"), false)).toBeNull();
  });
});
