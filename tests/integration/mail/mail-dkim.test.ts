/**
 * DKIM (ADR 054) against real parts: the operator makes the key with the CLI, the server signs
 * the dashboard's test email on its way through the app's SMTP path to a real SMTP listener, and
 * mailauth (the field's DKIM verifier) checks the signature with the public key read from a test
 * resolver that serves exactly the record the admin's email page shows. A key is never replaced
 * without --replace.
 */
import { dkimVerify } from "mailauth";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DKIM_SETTING } from "#app/server/mail/dkim.server.ts";
import { getSetting } from "#app/server/repos/settings.server.ts";
import { runCli } from "#tests/support/cli.ts";
import { databaseTargets, schemaUrl } from "#tests/support/databases.ts";
import { startAdminSite, tearDownAdminSite, textOf, type AdminSite } from "#tests/support/admin-site.ts";
import { startSmtpServer, type SmtpTestServer } from "#tests/support/smtp.ts";

const targets = databaseTargets("mail-dkim", "DKIM suite");
const DOMAIN = "bayoucitybuilders-test.com";
const SITE_URL = `http://www.${DOMAIN}`;
const SELECTOR = "houston1";

interface StoredKey {
  selector: string;
  privateKey: string;
  publicKey: string;
}

describe.each(targets)("DKIM on $name", (target) => {
  let site: AdminSite;
  let smtp: SmtpTestServer;
  /** The CLI reaches the same database as the server. */
  let cliEnv: Record<string, string>;

  beforeAll(async () => {
    await target.setup();
    smtp = await startSmtpServer();
    site = await startAdminSite(target, {
      PUBLIC_URL: SITE_URL,
      SMTP_URL: smtp.url,
      MAIL_FROM: `Bayou City Builders <estimates@${DOMAIN}>`,
      LEADS_TO: `leads@${DOMAIN}`,
    });
    cliEnv = site.target.databaseUrl
      ? { DATABASE_URL: schemaUrl(site.target.databaseUrl, site.target.schema), PUBLIC_URL: SITE_URL }
      : { DATA_DIR: site.target.dataDir, PUBLIC_URL: SITE_URL, MAIL_FROM: `estimates@${DOMAIN}` };
  });

  afterAll(async () => {
    await tearDownAdminSite(target, site);
    await smtp?.stop();
  });

  const storedKey = async () => (await site.db((database) => getSetting({ db: database.db, key: DKIM_SETTING }))) as StoredKey | null;
  const post = (to: string, fields: Record<string, string>) =>
    site.post(to, fields, { headers: { host: new URL(SITE_URL).host, origin: SITE_URL } });

  test("the CLI makes the key once, prints its record, and keeps it when asked again without --replace", async () => {
    const made = await runCli(["dkim-key", "--selector", SELECTOR], cliEnv);
    expect(made.stderr).toBe("");
    expect(made.code).toBe(0);
    const key = (await storedKey())!;
    expect(key.selector).toBe(SELECTOR);
    expect(key.privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(made.stdout).toContain(`Name:  ${SELECTOR}._domainkey.${DOMAIN}`);
    expect(made.stdout).toContain(`Value: v=DKIM1; k=rsa; p=${key.publicKey}`);
    expect(made.stdout).not.toContain("PRIVATE KEY");

    const again = await runCli(["dkim-key"], cliEnv);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`A DKIM key already exists (selector ${SELECTOR}`);
    expect((await storedKey())!.privateKey).toBe(key.privateKey);

    const bad = await runCli(["dkim-key", "--selector", "no spaces"], cliEnv);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("is not a usable selector");
  });

  test("the test email goes out signed; mailauth verifies it with the record the email page shows", async () => {
    const key = (await storedKey())!;
    const page = await site.get("/admin/email");
    expect(page.status).toBe(200);
    const value = `v=DKIM1; k=rsa; p=${key.publicKey}`;
    expect(page.text).toContain(value);
    expect(textOf(page.text)).toContain(`${SELECTOR}._domainkey.${DOMAIN}`);
    expect(page.text).not.toContain(key.privateKey.split("\n")[1]!);

    smtp.clear();
    const res = await post("/admin?index", { intent: "test-email" });
    expect(res.status).toBe(302);
    expect(res.headers.location).toMatch(/^\/admin\?test-email=/);
    const [mail] = await smtp.waitFor(1);
    const signature = JSON.parse(mail!.header("dkim-signature")!) as { params: Record<string, string> };
    expect(signature.params).toMatchObject({ d: DOMAIN, s: SELECTOR, a: "rsa-sha256" });

    const lookups: string[] = [];
    const resolver = async (name: string, type: string) => {
      lookups.push(`${type} ${name}`);
      if (type === "TXT" && name === `${SELECTOR}._domainkey.${DOMAIN}`) return [[value]];
      throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: "ENOTFOUND" });
    };
    const verified = await dkimVerify(mail!.raw, { resolver });
    expect(lookups).toContain(`TXT ${SELECTOR}._domainkey.${DOMAIN}`);
    expect(verified.results).toHaveLength(1);
    expect(verified.results[0]).toMatchObject({ signingDomain: DOMAIN, selector: SELECTOR, status: { result: "pass" } });

    // The verifier is real: the same message with its subject changed fails.
    const tampered = Buffer.from(mail!.raw.toString("utf8").replace(/^Subject: .*$/m, "Subject: Changed on the way"));
    const failed = await dkimVerify(tampered, { resolver });
    expect(failed.results[0]!.status.result).toBe("fail");
  });

  test("--replace makes a new key under its own selector, and the email page shows the new record", async () => {
    const old = (await storedKey())!;
    const replaced = await runCli(["dkim-key", "--selector", "houston2", "--replace"], cliEnv);
    expect(replaced.code).toBe(0);
    expect(replaced.stdout).toContain(`Keep the old record (${SELECTOR}._domainkey.${DOMAIN})`);
    const fresh = (await storedKey())!;
    expect(fresh.selector).toBe("houston2");
    expect(fresh.privateKey).not.toBe(old.privateKey);
    const page = await site.get("/admin/email");
    expect(page.text).toContain(`v=DKIM1; k=rsa; p=${fresh.publicKey}`);
    // Nothing can be done from the page: a clear 400, and the key stays (it is made on the server).
    const posted = await post("/admin/email", { intent: "replace" });
    expect(posted.status).toBe(400);
    expect(textOf(posted.text)).toContain("Nothing can be sent from this page: publish the records at your domain's DNS host");
    expect((await storedKey())!.privateKey).toBe(fresh.privateKey);
  });
});
