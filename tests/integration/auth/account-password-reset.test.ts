/**
 * Password reset (ADR 028) against the real built server, on SQLite and on PostgreSQL (when
 * TEST_POSTGRES_URL is set), with a real SMTP listener:
 * - /forgot-password answers a known and an unknown address with the same status and text, and
 *   only the known one gets an email, whose link is `${PUBLIC_URL}/reset-password/<token>`;
 * - only the token's SHA-256 is stored;
 * - the link shows the form; a refused password leaves it usable; the reset ends every session
 *   of the account, the new password signs in and the old one does not; the link then answers
 *   410 (single use), as does an unknown one and an expired one (an aged row);
 * - the limits: a 4th request for one address in an hour, or an 11th from one client address,
 *   is refused with 429 and sends nothing;
 * - housekeeping: links a day past expiry and their sent emails are deleted, nothing else.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type Database } from "#app/server/db/index.server.ts";
import { databaseTargets, schemaUrl } from "#tests/support/databases.ts";
import { SITE_URL } from "#tests/support/leads.ts";
import { request, startServer, type HttpResult, type ServerProcess } from "#tests/support/server.ts";
import { startSmtpServer, type ReceivedMail, type SmtpTestServer } from "#tests/support/smtp.ts";
import { mainText, roleTexts } from "#tests/support/account-pages.ts";
import { deleteOldPasswordResetTokens } from "#app/server/repos/password-resets.server.ts";
import { deleteSettledEmailJobs } from "#app/server/repos/email-jobs.server.ts";
import { createTestAccount, createTestSession, uniqueEmail, type TestAccount } from "#tests/support/accounts.ts";

const targets = databaseTargets("password-reset", "password reset suite");

let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.stop();
});

let ipCounter = 0;
/** A new client address (the server trusts one proxy), so each test has its own per-address budget. */
function freshIp(): string {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
}

function send(
  server: ServerProcess,
  method: "GET" | "POST",
  pathname: string,
  options: { fields?: Record<string, string>; ip?: string; cookie?: string } = {},
): Promise<HttpResult> {
  const body = options.fields ? new URLSearchParams(options.fields).toString() : undefined;
  return request(`${server.url}${pathname}`, {
    method,
    headers: {
      host: new URL(SITE_URL).host,
      ...(body !== undefined
        ? {
            origin: SITE_URL,
            "content-type": "application/x-www-form-urlencoded",
            "content-length": String(Buffer.byteLength(body)),
          }
        : {}),
      "x-forwarded-for": options.ip ?? freshIp(),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body,
  });
}

function askForLink(server: ServerProcess, email: string, ip?: string) {
  return send(server, "POST", "/forgot-password", { fields: { email }, ip });
}

async function mailTo(address: string, count = 1): Promise<ReceivedMail[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = smtp.messages.filter((m) => m.envelope.to.some((to) => to.toLowerCase() === address.toLowerCase()));
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`no ${count} email(s) to ${address} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function tokenOf(mail: ReceivedMail): string {
  const match = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? "");
  expect(match, "a reset link in the text part").not.toBeNull();
  return match![1]!;
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

describe.each(targets)("password reset: $name", (target) => {
  let server: ServerProcess;
  let site: { dataDir: string; databaseUrl?: string; schema?: string };
  let database: Database;
  let ownDir = "";

  beforeAll(async () => {
    await target.setup();
    let env: Record<string, string> = {
      PUBLIC_URL: SITE_URL,
      TRUST_PROXY: "1",
      SMTP_URL: smtp.url,
      MAIL_FROM: "Houston Remodeling Website <no-reply@remodel.test>",
      MAIL_POLL_SECONDS: "0.2",
      MAIL_RETRY_BASE_SECONDS: "0.2",
      MAIL_RETRY_MAX_SECONDS: "0.5",
    };
    if (target.name === "postgres") {
      const options = await target.fresh();
      const url = new URL(schemaUrl(options.databaseUrl!, options.schema));
      env = { ...env, DATABASE_URL: url.href };
      site = { dataDir: options.dataDir, databaseUrl: options.databaseUrl, schema: options.schema };
    } else {
      ownDir = mkdtempSync(path.join(tmpdir(), "password-reset-"));
      site = { dataDir: path.join(ownDir, "data") };
    }
    server = await startServer({ env, dataDir: site.dataDir });
    database = await openDatabase(site);
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    await server?.stop();
    await target.teardown();
    if (ownDir) rmSync(ownDir, { recursive: true, force: true });
  });

  async function sessionCount(userId: string): Promise<number> {
    const row = await database.db
      .selectFrom("sessions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  let account: TestAccount;
  let firstToken = "";

  test("a known and an unknown address get the same answer; only the known one gets the link", async () => {
    account = await createTestAccount(site);
    const unknown = uniqueEmail("nobody");
    const [known, stranger] = [await askForLink(server, account.user.email), await askForLink(server, unknown)];
    expect(known.status).toBe(200);
    expect(stranger.status).toBe(known.status);
    expect(mainText(stranger.text)).toBe(mainText(known.text));
    expect(roleTexts(known.text, "status").join(" ")).toMatch(/If an account uses that address, we have emailed a link/);
    // The page never repeats the address typed.
    expect(known.text).not.toContain(account.user.email);

    const [mail] = await mailTo(account.user.email);
    expect(mail!.parsed.subject).toMatch(/Reset your password/);
    firstToken = tokenOf(mail!);
    expect(mail!.parsed.text).toContain(`${SITE_URL}/reset-password/${firstToken}`);
    expect(String(mail!.parsed.html)).toContain(`href="${SITE_URL}/reset-password/${firstToken}"`);

    // Only the hash is stored; nothing was queued for the unknown address.
    const rows = await database.db.selectFrom("password_reset_tokens").selectAll().execute();
    expect(rows.map((row) => row.token_hash)).toContain(sha256(firstToken));
    expect(JSON.stringify(rows)).not.toContain(firstToken);
    const jobs = await database.db.selectFrom("email_jobs").select("recipient").where("kind", "=", "password-reset").execute();
    expect(jobs.map((job) => job.recipient)).toEqual([account.user.email]);
    expect(smtp.messages.some((m) => m.envelope.to.includes(unknown))).toBe(false);
  });

  test("the link sets a new password once and ends every session of the account", async () => {
    await createTestSession(database, account.user.id);
    expect(await sessionCount(account.user.id)).toBe(2);

    const form = await send(server, "GET", `/reset-password/${firstToken}`);
    expect(form.status).toBe(200);
    expect(form.text).toMatch(/<label[^>]*for="[^"]+"[^>]*>New password/);

    // A refused password: 400, nothing changed, the link still works.
    const weak = await send(server, "POST", `/reset-password/${firstToken}`, { fields: { password: "password" } });
    expect(weak.status).toBe(400);
    expect(mainText(weak.text)).toMatch(/Your password was not changed yet/);
    expect(await sessionCount(account.user.id)).toBe(2);

    const newPassword = "lantern over the bayou";
    const done = await send(server, "POST", `/reset-password/${firstToken}`, { fields: { password: newPassword } });
    expect(done.status).toBe(302);
    expect(done.headers.location).toMatch(/\/login\?reset=1$/);
    expect(await sessionCount(account.user.id)).toBe(0);
    // The old cookie no longer opens the profile.
    const profile = await send(server, "GET", "/profile", { cookie: account.cookie });
    expect(profile.status).toBe(302);

    const login = await send(server, "GET", "/login?reset=1");
    expect(roleTexts(login.text, "status").join(" ")).toMatch(/Your password was changed/);
    const withOld = await send(server, "POST", "/login", {
      fields: { email: account.user.email, password: account.password },
    });
    expect(withOld.status).toBe(400);
    const withNew = await send(server, "POST", "/login", {
      fields: { email: account.user.email, password: newPassword },
    });
    expect(withNew.status).toBe(302);

    // Single use: the link is gone, to a GET and to a second post.
    const again = await send(server, "GET", `/reset-password/${firstToken}`);
    expect(again.status).toBe(410);
    expect(mainText(again.text)).toMatch(/already been used/);
    expect(again.text).toContain('href="/forgot-password"');
    const repost = await send(server, "POST", `/reset-password/${firstToken}`, {
      fields: { password: "another long passphrase" },
    });
    expect(repost.status).toBe(410);
    const withRepost = await send(server, "POST", "/login", {
      fields: { email: account.user.email, password: "another long passphrase" },
    });
    expect(withRepost.status).toBe(400);
  });

  test("an unknown link and an expired one answer 410 with a way to ask again", async () => {
    const unknown = await send(server, "GET", `/reset-password/${randomBytes(32).toString("base64url")}`);
    expect(unknown.status).toBe(410);
    expect(mainText(unknown.text)).toMatch(/This link is not valid/);
    expect((await send(server, "GET", "/reset-password/short")).status).toBe(410);

    const person = await createTestAccount(site);
    expect((await askForLink(server, person.user.email)).status).toBe(200);
    const token = tokenOf((await mailTo(person.user.email))[0]!);
    // Age the link past its hour.
    await database.db
      .updateTable("password_reset_tokens")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("token_hash", "=", sha256(token))
      .execute();
    const expired = await send(server, "GET", `/reset-password/${token}`);
    expect(expired.status).toBe(410);
    expect(mainText(expired.text)).toMatch(/This link has expired/);
    const post = await send(server, "POST", `/reset-password/${token}`, {
      fields: { password: "lantern over the bayou" },
    });
    expect(post.status).toBe(410);
    expect(await sessionCount(person.user.id)).toBe(1);
  });

  test("limits: three requests per address an hour, ten per client address; a refusal sends nothing", async () => {
    const person = await createTestAccount(site);
    for (let i = 0; i < 3; i++) expect((await askForLink(server, person.user.email)).status).toBe(200);
    const fourth = await askForLink(server, person.user.email);
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers["retry-after"])).toBeGreaterThan(0);
    expect(mainText(fourth.text)).toMatch(/No email was sent\. .*please wait about \d+ minutes? and try again/);
    // An unknown address is limited the same way, so the limit tells nothing either.
    const nobody = uniqueEmail("nobody");
    for (let i = 0; i < 3; i++) expect((await askForLink(server, nobody)).status).toBe(200);
    expect((await askForLink(server, nobody)).status).toBe(429);
    await mailTo(person.user.email, 3);
    const jobs = await database.db.selectFrom("email_jobs").select("id").where("recipient", "=", person.user.email).execute();
    expect(jobs).toHaveLength(3);

    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await askForLink(server, uniqueEmail("many"), ip)).status).toBe(200);
    expect((await askForLink(server, uniqueEmail("many"), ip)).status).toBe(429);
    expect((await askForLink(server, uniqueEmail("many"))).status).toBe(200);
  });

  test("a bad address is a 400 with a sentence", async () => {
    const res = await askForLink(server, "not-an-address");
    expect(res.status).toBe(400);
    expect(mainText(res.text)).toMatch(/Please enter a valid email address/);
  });

  test("housekeeping deletes links a day past expiry and their sent emails, nothing younger", async () => {
    const count = async () => ({
      tokens: (await database.db.selectFrom("password_reset_tokens").select("token_hash").execute()).length,
      resets: (await database.db.selectFrom("email_jobs").select("id").where("kind", "=", "password-reset").execute()).length,
    });
    // Every reset email was delivered (the tests waited for them); wait for the outbox to record it.
    await expect
      .poll(
        async () =>
          (
            await database.db
              .selectFrom("email_jobs")
              .select("id")
              .where("kind", "=", "password-reset")
              .where("status", "!=", "sent")
              .execute()
          ).length,
      )
      .toBe(0);
    const before = await count();
    expect(before.tokens).toBeGreaterThan(0);
    expect(before.resets).toBeGreaterThan(0);
    // Nothing made in this run is old enough yet.
    expect(await deleteOldPasswordResetTokens({ db: database.db })).toBe(0);
    expect(
      await deleteSettledEmailJobs({
        db: database.db,
        kind: "password-reset",
        before: new Date(Date.now() - 24 * 3600 * 1000),
      }),
    ).toBe(0);
    const later = new Date(Date.now() + 3 * 24 * 3600 * 1000);
    expect(await deleteOldPasswordResetTokens({ db: database.db, now: later })).toBe(before.tokens);
    expect(await deleteSettledEmailJobs({ db: database.db, kind: "password-reset", before: later })).toBe(before.resets);
    expect(await count()).toEqual({ tokens: 0, resets: 0 });
  });
});
