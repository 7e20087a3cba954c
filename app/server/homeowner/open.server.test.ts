/**
 * The 14-day rule (ADR 069) with a fixed clock: a link opens the page within 14 days of its last
 * email; after that only a browser that typed the right code within 14 days, with a cookie signed
 * for this link's current token.
 */
import { describe, expect, test } from "vitest";
import type { Config } from "#app/server/env.server.ts";
import { confirmCookie, isConfirmedBrowser } from "#app/server/homeowner/confirm-cookie.server.ts";
import { canOpenHomeownerPage } from "#app/server/homeowner/open.server.ts";
import { maskEmail } from "#app/server/homeowner/rules.server.ts";
import type { HomeownerLink } from "#app/server/repos/homeowner-links.server.ts";

const DAY = 24 * 3600 * 1000;
const secret = "s".repeat(48);
const deps = { secret, config: { isHttps: false } as Config };
const issued = new Date("2026-11-01T15:00:00.000Z");
const link: HomeownerLink = {
  id: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
  email: "maria@example.net",
  token_nonce: "n",
  token_sha256: "a".repeat(64),
  created_at: issued.toISOString(),
  issued_at: issued.toISOString(),
  code_sha256: null,
  code_expires_at: null,
  code_attempts: 0,
};
const at = (days: number) => new Date(issued.getTime() + days * DAY);
const cookiePair = (header: string) => header.split(";")[0]!;

describe("the link alone", () => {
  test("opens the page for 14 days after its last email, not a moment longer", () => {
    expect(canOpenHomeownerPage(deps, { link, cookieHeader: null, now: at(0) })).toBe(true);
    expect(canOpenHomeownerPage(deps, { link, cookieHeader: null, now: new Date(at(14).getTime() - 1) })).toBe(true);
    expect(canOpenHomeownerPage(deps, { link, cookieHeader: null, now: at(14) })).toBe(false);
  });

  test("a link never emailed needs the code", () => {
    expect(canOpenHomeownerPage(deps, { link: { ...link, issued_at: null }, cookieHeader: null, now: at(0) })).toBe(false);
  });
});

describe("a confirmed browser", () => {
  const path = "/my/token";
  const confirmedAt = at(20);
  const cookie = cookiePair(confirmCookie({ secret, link, now: confirmedAt, path, isHttps: false }));
  const now = (days: number) => new Date(confirmedAt.getTime() + days * DAY);

  test("the cookie is HttpOnly, SameSite=Lax, scoped to the page and 14 days long; Secure on https", () => {
    const header = confirmCookie({ secret, link, now: confirmedAt, path, isHttps: false });
    expect(header).toMatch(/^homeowner=[^;]+; Path=\/my\/token; Max-Age=1209600; HttpOnly; SameSite=Lax$/);
    expect(confirmCookie({ secret, link, now: confirmedAt, path, isHttps: true })).toMatch(/^__Secure-homeowner=.*; Secure$/);
  });

  test("opens the page for 14 days after the code, then asks again", () => {
    expect(canOpenHomeownerPage(deps, { link, cookieHeader: `other=1; ${cookie}`, now: now(13) })).toBe(true);
    expect(canOpenHomeownerPage(deps, { link, cookieHeader: cookie, now: now(14) })).toBe(false);
  });

  test("a replaced link, another link, another secret or an altered cookie proves nothing", () => {
    const args = { secret, cookieHeader: cookie, now: now(1), isHttps: false };
    expect(isConfirmedBrowser({ ...args, link })).toBe(true);
    expect(isConfirmedBrowser({ ...args, link: { ...link, token_sha256: "b".repeat(64) } })).toBe(false);
    expect(isConfirmedBrowser({ ...args, link: { ...link, id: "0c9e6679-7425-40de-944b-e07fc1f90ae7" } })).toBe(false);
    expect(isConfirmedBrowser({ ...args, link, secret: "t".repeat(48) })).toBe(false);
    const [name, value] = cookie.split("=") as [string, string];
    const [id, when, mac] = value.split(".") as [string, string, string];
    expect(isConfirmedBrowser({ ...args, link, cookieHeader: `${name}=${id}.${Number(when) + 1}.${mac}` })).toBe(false);
  });
});

test("the address the code goes to is shown masked", () => {
  expect(maskEmail("maria@example.net")).toBe("m•••@example.net");
  expect(maskEmail("nobody")).toBe("•••");
});
