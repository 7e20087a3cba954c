/**
 * The brute-force limit through the real sign-in form: 10 failures in 15 minutes per account
 * or per client address, then 429 with Retry-After, even for the right password; other
 * accounts from other addresses, and the rest of the site, are unaffected. The server runs
 * behind one trusted proxy (TRUST_PROXY=1), so each request names its client address.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { request, startServer, type HttpResult, type ServerProcess } from "./helpers/server.ts";
import { SITE_URL, LEAD_ENV, submitLead, validFields, marker, expectSuccessPage } from "./helpers/leads.ts";
import { createTestAccount, type TestAccount } from "../support/accounts.ts";

let site: ServerProcess;
let alice: TestAccount;
let bob: TestAccount;

beforeAll(async () => {
  site = await startServer({ env: { ...LEAD_ENV, TRUST_PROXY: "1" } });
  alice = await createTestAccount({ dataDir: site.dataDir });
  bob = await createTestAccount({ dataDir: site.dataDir });
});
afterAll(async () => {
  await site?.stop();
});

function signIn(email: string, password: string, clientIp: string): Promise<HttpResult> {
  const body = new URLSearchParams({ email, password }).toString();
  return request(`${site.url}/login`, {
    method: "POST",
    headers: {
      host: new URL(SITE_URL).host,
      origin: SITE_URL,
      "x-forwarded-for": clientIp,
      "content-type": "application/x-www-form-urlencoded",
      "content-length": String(Buffer.byteLength(body)),
    },
    body,
  });
}

const failureMessage = (html: string) => /User not signed in[^<]*/.exec(html)?.[0];

function expectRefusedAsWrong(res: HttpResult) {
  expect(res.status).toBe(400);
  expect(res.text).toContain("User not signed in");
  expect(res.headers["set-cookie"] ?? []).not.toEqual(expect.arrayContaining([expect.stringMatching(/^session=[^;]/)]));
}

describe("per account", () => {
  test("10 wrong passwords from 10 addresses lock the account: 429 with Retry-After, even with the right password", async () => {
    for (let i = 1; i <= 10; i++) expectRefusedAsWrong(await signIn(alice.user.email, "wrong password", `198.51.100.${i}`));
    const locked = await signIn(alice.user.email, alice.password, "198.51.100.200");
    expect(locked.status).toBe(429);
    const retryAfter = Number(locked.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(locked.text).toMatch(/too many/i);
    expect(locked.headers["set-cookie"] ?? []).not.toEqual(expect.arrayContaining([expect.stringMatching(/^session=[^;]/)]));

    // Another account from another address signs in as usual.
    const other = await signIn(bob.user.email, bob.password, "198.51.100.201");
    expect(other.status).toBe(302);
  });
});

describe("per address", () => {
  test("10 failures from one address on different accounts lock that address only", async () => {
    for (let i = 1; i <= 10; i++) expectRefusedAsWrong(await signIn(`nobody${i}@example.com`, "guess", "203.0.113.7"));
    const locked = await signIn(bob.user.email, bob.password, "203.0.113.7");
    expect(locked.status).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    // The same account from elsewhere is fine: it was the address that was limited.
    const elsewhere = await signIn(bob.user.email, bob.password, "203.0.113.8");
    expect(elsewhere.status).toBe(302);
  });

  test("the rest of the site is unaffected for the limited address", async () => {
    const headers = { "x-forwarded-for": "203.0.113.7" };
    expect((await request(`${site.url}/`, { headers })).status).toBe(200);
    expect((await request(`${site.url}/contact`, { headers })).status).toBe(200);
    expect((await request(`${site.url}/healthz`, { headers })).status).toBe(200);
    const mark = marker("bf");
    expectSuccessPage(await submitLead(site, validFields(mark), { headers }));
  });
});

test("an unknown email and a wrong password get the same status and message", async () => {
  const unknown = await signIn("no-such-account@example.com", "whatever password", "192.0.2.50");
  const wrong = await signIn(bob.user.email, "whatever password", "192.0.2.51");
  expect(unknown.status).toBe(wrong.status);
  expect(failureMessage(unknown.text)).toBeDefined();
  expect(failureMessage(unknown.text)).toBe(failureMessage(wrong.text));
});
