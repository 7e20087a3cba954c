import { describe, expect, test } from "vitest";
import { parseEnv } from "#app/server/env.server.ts";
import { createMailDnsCheck, type TxtResolver } from "#app/server/mail/mail-dns.server.ts";
import { buildMailRecordsView } from "#app/server/mail/mail-records.server.ts";
import type { MailTrouble } from "#app/server/mail/mail-health.server.ts";
import { mailChecks, type MailCheck } from "#app/server/site/checklist-mail.server.ts";
import { createSiteClock } from "#app/server/time.server.ts";

const dkim = { selector: "site-test", publicKey: "PUBKEY" };
const ALL: Record<string, string> = {
  "bayoubuilders.com": "v=spf1 include:_spf.google.com mx ~all",
  "site-test._domainkey.bayoubuilders.com": "v=DKIM1; k=rsa; p=PUBKEY",
  "_dmarc.bayoubuilders.com": "v=DMARC1; p=quarantine; rua=mailto:leads@bayoubuilders.com",
};

function resolverOf(records: Record<string, string>): TxtResolver {
  return {
    async resolveTxt(name) {
      if (records[name] === undefined) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: "ENOTFOUND" });
      return [[records[name]!]];
    },
  };
}

const SITE = { PUBLIC_URL: "https://www.bayoubuilders.com", SMTP_URL: "smtp://u:p@smtp.gmail.com:587" };

async function checks({
  env = SITE,
  records = ALL,
  key = dkim as typeof dkim | null,
  trouble = null as MailTrouble | null,
}: { env?: Record<string, string>; records?: Record<string, string>; key?: typeof dkim | null; trouble?: MailTrouble | null } = {}) {
  const config = parseEnv(env);
  const dns = createMailDnsCheck({ resolver: resolverOf(records) });
  const list = await mailChecks({
    config,
    clock: createSiteClock("America/Chicago"),
    mail: {
      trouble: async () => trouble,
      records: () => buildMailRecordsView({ config, dkim: key, leadInbox: "leads@bayoubuilders.com", dns }),
    },
  });
  return Object.fromEntries(list.map((check) => [check.id, check])) as Record<MailCheck["id"], MailCheck>;
}

describe("the sender item", () => {
  test.each([
    [{}, "todo", "Emails are sent from no-reply@localhost, an address only this machine knows"],
    [{ PUBLIC_URL: "http://localhost:3000", MAIL_FROM: "estimates@example.com" }, "todo", "an example address"],
    [{ MAIL_FROM: "Bayou Builders <bayoubuilders@gmail.com>" }, "todo", "while the site is bayoubuilders.com"],
    [{}, "done", "Emails are sent from no-reply@bayoubuilders.com (no MAIL_FROM: the site's domain)."],
    [{ MAIL_FROM: "estimates@mail.bayoubuilders.com" }, "done", "estimates@mail.bayoubuilders.com (set by MAIL_FROM)"],
  ] as const)("%j is %s", async (env, status, words) => {
    const fresh = Object.keys(env).length === 0 && status === "todo";
    const sender = (await checks({ env: fresh ? {} : { ...SITE, ...env } }))["mail-sender"];
    expect(sender.status).toBe(status);
    expect(sender.detail).toContain(words);
    if (status === "todo") expect(sender.fix).toMatch(/MAIL_FROM/);
  });

  test("mail from gmail.com for bayoubuilders.com: the fix names the site's domain", async () => {
    const sender = (await checks({ env: { ...SITE, MAIL_FROM: "bayoubuilders@gmail.com" } }))["mail-sender"];
    expect(sender.fix).toBe(
      "Set MAIL_FROM to an address at bayoubuilders.com (like estimates@bayoubuilders.com) and restart; replies can still go to any inbox.",
    );
  });
});

describe("the DNS records item", () => {
  test("all published: done", async () => {
    const item = (await checks())["mail-dns"];
    expect(item.status).toBe("done");
    expect(item.detail).toBe("SPF, DKIM and DMARC are published for bayoubuilders.com.");
  });

  test.each([
    ["bayoubuilders.com", "Missing for bayoubuilders.com: SPF."],
    ["site-test._domainkey.bayoubuilders.com", "Missing for bayoubuilders.com: DKIM."],
    ["_dmarc.bayoubuilders.com", "Missing for bayoubuilders.com: DMARC."],
  ])("without %s the item is to do and names it", async (name, detail) => {
    const records = Object.fromEntries(Object.entries(ALL).filter(([key]) => key !== name));
    const item = (await checks({ records }))["mail-dns"];
    expect(item.status).toBe("todo");
    expect(item.detail).toBe(detail);
    expect(item.href).toBe("/admin/email");
  });

  test("nothing published and no key yet: all three missing, and the fix says to make the key", async () => {
    const item = (await checks({ records: {}, key: null }))["mail-dns"];
    expect(item.detail).toBe("Missing for bayoubuilders.com: SPF, DKIM and DMARC.");
    expect(item.fix).toMatch(/^Make the signing key on the server \(npm run cli -- dkim-key\)/);
  });

  test("a lookup that fails says 'could not check' and the checklist still comes", async () => {
    const config = parseEnv(SITE);
    const failing: TxtResolver = { resolveTxt: () => Promise.reject(Object.assign(new Error("x"), { code: "ETIMEOUT" })) };
    const list = await mailChecks({
      config,
      clock: createSiteClock("America/Chicago"),
      mail: {
        trouble: async () => null,
        records: () => buildMailRecordsView({ config, dkim, leadInbox: "x@y.com", dns: createMailDnsCheck({ resolver: failing }) }),
      },
    });
    expect(list.find((c) => c.id === "mail-dns")?.detail).toBe(
      "Could not check SPF, DKIM and DMARC: the DNS lookup failed; it is tried again later.",
    );
    const broken = await mailChecks({
      config,
      clock: createSiteClock("America/Chicago"),
      mail: { trouble: () => Promise.reject(new Error("db down")), records: () => Promise.reject(new Error("db down")) },
    });
    expect(broken.map((c) => c.id)).toEqual(["mail"]);
  });

  test("a local sender cannot carry records: the item points at the sender first", async () => {
    const item = (await checks({ env: {} }))["mail-dns"];
    expect(item.status).toBe("todo");
    expect(item.detail).toBe("Records can only be published for a domain of your own, not localhost.");
  });

  test("EmailJS: optional, its service signs", async () => {
    const item = (
      await checks({
        env: {
          PUBLIC_URL: SITE.PUBLIC_URL,
          EMAILJS_SERVICE_ID: "s",
          EMAILJS_NOTIFICATION_TEMPLATE_ID: "t",
          EMAILJS_PUBLIC_KEY: "k",
        },
      })
    )["mail-dns"];
    expect(item.status).toBe("optional");
  });
});

describe("the delivery item while the mail server fails", () => {
  const trouble: MailTrouble = {
    since: "2026-11-28T16:02:00.000Z",
    lastFailedAt: "2026-11-28T16:05:00.000Z",
    lastError: "SMTP ESOCKET: connect ECONNREFUSED 127.0.0.1:587",
    words: "the mail server at smtp.gmail.com:587 refused the connection [ECONNREFUSED]",
    waiting: 3,
  };

  test("red and urgent, with since when, why and how many wait", async () => {
    const item = (await checks({ trouble })).mail;
    expect(item).toMatchObject({ status: "todo", urgent: true });
    expect(item.detail).toBe(
      "Emails are not going out since Nov 28, 2026, 10:02 AM CST: the mail server at smtp.gmail.com:587 refused the connection [ECONNREFUSED]. 3 emails are waiting to go out.",
    );
    expect(item.fix).toMatch(/^Check the host, port, user name and password in SMTP_URL/);
  });

  test("mail flowing: done and not urgent", async () => {
    const item = (await checks()).mail;
    expect(item.status).toBe("done");
    expect(item.urgent).toBeUndefined();
  });
});
