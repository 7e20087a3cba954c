/**
 * The brute-force limit through the real sign-in form: 10 failures in 15 minutes per account
 * (from browsers without its device cookie), per device cookie, or per client address, then 429
 * with Retry-After, even for the right password; the owner's browser with its device cookie
 * still signs in; other accounts from other addresses, and the rest of the site, are
 * unaffected; 20 wrong passwords at once get 10 answers "wrong" and 10 "wait". The server runs
 * behind one trusted proxy (TRUST_PROXY=1), so each request names its client address.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { request, startServer, type HttpResult, type ServerProcess } from "#tests/support/server.ts";
import { LEAD_ENV, submitLead, validFields, marker, expectSuccessPage, postFromClient } from "#tests/support/leads.ts";
import { createTestAccount, type TestAccount } from "#tests/support/accounts.ts";

let site: ServerProcess;
let alice: TestAccount;
let bob: TestAccount;
let carol: TestAccount;
let dana: TestAccount;

beforeAll(async () => {
  site = await startServer({ env: { ...LEAD_ENV, TRUST_PROXY: "1" } });
  alice = await createTestAccount({ dataDir: site.dataDir });
  bob = await createTestAccount({ dataDir: site.dataDir });
  carol = await createTestAccount({ dataDir: site.dataDir });
  dana = await createTestAccount({ dataDir: site.dataDir });
});
afterAll(async () => {
  await site?.stop();
});

function signIn(email: string, password: string, clientIp: string, cookie?: string): Promise<HttpResult> {
  return postFromClient(site, "/login", { email, password }, clientIp, cookie);
}

/** `device=<token>` from a response that signed someone in, for a Cookie header. */
function deviceCookieOf(res: HttpResult): string {
  const lines = [res.headers["set-cookie"] ?? []].flat();
  const line = lines.find((l) => l.startsWith("device="));
  expect(line, `device cookie in ${JSON.stringify(lines)}`).toBeDefined();
  expect(line).toMatch(/; Max-Age=31536000; HttpOnly; SameSite=Lax$/);
  return line!.split(";")[0]!;
}

const failureMessage = (html: string) => /User not signed in[^<]*/.exec(html)?.[0];

function expectRefusedAsWrong(res: HttpResult) {
  expect(res.status).toBe(400);
  expect(res.text).toContain("User not signed in");
  expect(res.headers["set-cookie"] ?? []).not.toEqual(expect.arrayContaining([expect.stringMatching(/^session=[^;]/)]));
}

describe("per account", () => {
  let aliceDevice = "";

  test("10 wrong passwords from 10 addresses lock the account: 429 with Retry-After, even with the right password", async () => {
    // Alice signed in at home before the attack: her browser has the account's device cookie.
    aliceDevice = deviceCookieOf(await signIn(alice.user.email, alice.password, "192.0.2.200"));
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

  test("the owner's browser with its device cookie still signs in while others are locked out", async () => {
    const home = await signIn(alice.user.email, alice.password, "192.0.2.200", aliceDevice);
    expect(home.status, home.text.slice(0, 300)).toBe(302);
    // A new device cookie (new nonce) each time.
    expect(deviceCookieOf(home)).not.toBe(aliceDevice);
    // Without the cookie, the same person in another browser is an unknown client: still 429.
    expect((await signIn(alice.user.email, alice.password, "192.0.2.201")).status).toBe(429);
    // A forged cookie is an unknown client too.
    expect((await signIn(alice.user.email, alice.password, "192.0.2.200", `${aliceDevice.slice(0, -3)}AAA`)).status).toBe(429);
  });

  test("a device cookie's own failures lock out that cookie only", async () => {
    const carolDevice = deviceCookieOf(await signIn(carol.user.email, carol.password, "192.0.2.210"));
    for (let i = 1; i <= 10; i++) {
      expectRefusedAsWrong(await signIn(carol.user.email, "typo", `192.0.2.${210 + i}`, carolDevice));
    }
    const locked = await signIn(carol.user.email, carol.password, "192.0.2.230", carolDevice);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(14 * 60);
    // The account's allowance for other browsers was not used up.
    expect((await signIn(carol.user.email, carol.password, "192.0.2.231")).status).toBe(302);
  });
});

test("20 wrong passwords at once: 10 are checked (answered as wrong), 10 wait (429)", async () => {
  const results = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(dana.user.email, `guess ${i}`, `198.18.0.${i + 1}`)));
  const statuses = results.map((res) => res.status).toSorted();
  expect(statuses.filter((status) => status === 400)).toHaveLength(10);
  expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  for (const res of results.filter((r) => r.status === 429)) expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
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
