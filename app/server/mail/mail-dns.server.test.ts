import { describe, expect, test } from "vitest";
import { checkMailRecords, createMailDnsCheck, wantedMailRecords, type TxtResolver } from "#app/server/mail/mail-dns.server.ts";
import { spfHint } from "#app/server/mail/spf-hints.server.ts";

const dkim = { selector: "site-20261128", publicKey: "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAtest" };

/** A DNS zone as TXT strings per name (a record's chunks as separate strings); anything else is ENOTFOUND. */
function zone(records: Record<string, string[][]>, calls: string[] = []): TxtResolver {
  return {
    async resolveTxt(name) {
      calls.push(name);
      const found = records[name];
      if (!found) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: "ENOTFOUND" });
      return found;
    },
  };
}

const wanted = (smtpHost: string | null = "smtp.gmail.com", key: typeof dkim | null = dkim) =>
  wantedMailRecords({ domain: "bayoubuilders.com", smtpHost, dkim: key, reportTo: "leads@bayoubuilders.com" });

const states = async (resolver: TxtResolver, records = wanted()) =>
  Object.fromEntries((await checkMailRecords({ records, resolver, timeoutMs: 200 })).map((r) => [r.kind, r.state]));

describe("wantedMailRecords", () => {
  test("the exact names and values to publish", () => {
    expect(wanted().map(({ kind, type, name, value }) => ({ kind, type, name, value }))).toEqual([
      { kind: "spf", type: "TXT", name: "bayoubuilders.com", value: "v=spf1 include:_spf.google.com mx ~all" },
      { kind: "dkim", type: "TXT", name: "site-20261128._domainkey.bayoubuilders.com", value: `v=DKIM1; k=rsa; p=${dkim.publicKey}` },
      { kind: "dmarc", type: "TXT", name: "_dmarc.bayoubuilders.com", value: "v=DMARC1; p=quarantine; rua=mailto:leads@bayoubuilders.com" },
    ]);
    expect(wanted()[0]!.note).toContain("Google Workspace");
  });

  test("an unknown relay is named by its host; no key yet leaves the DKIM value empty with the command to make one", () => {
    const [spf, key] = wanted("mail.bayoubuilders.com", null);
    expect(spf!.value).toBe("v=spf1 a:mail.bayoubuilders.com mx ~all");
    expect(spf!.mustName).toBeNull();
    expect(key!.value).toBeNull();
    expect(key!.note).toContain("npm run cli -- dkim-key");
  });
});

test("spfHint: known providers, addresses, other hosts", () => {
  expect(spfHint("email-smtp.us-east-1.amazonaws.com")).toEqual({ mechanism: "include:amazonses.com", provider: "Amazon SES" });
  expect(spfHint("smtp.office365.com")?.mechanism).toBe("include:spf.protection.outlook.com");
  expect(spfHint("203.0.113.7")).toEqual({ mechanism: "ip4:203.0.113.7", provider: null });
  expect(spfHint("relay.bayoubuilders.com")).toEqual({ mechanism: "a:relay.bayoubuilders.com", provider: null });
  expect(spfHint(null)).toBeNull();
});

describe("checkMailRecords", () => {
  const published = {
    "bayoubuilders.com": [["google-site-verification=abc"], ["v=spf1 include:_spf.google.com ~all"]],
    // Long DKIM values come back in 255-character chunks, sometimes with spaces.
    "site-20261128._domainkey.bayoubuilders.com": [["v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEF", "AAOCAQ8AMIIBCgKCAQEAtest"]],
    "_dmarc.bayoubuilders.com": [["v=DMARC1; p=none; rua=mailto:dmarc@bayoubuilders.com"]],
  };

  test("all three published: present (the DKIM record's chunks joined)", async () => {
    expect(await states(zone(published))).toEqual({ spf: "present", dkim: "present", dmarc: "present" });
  });

  test.each(["bayoubuilders.com", "site-20261128._domainkey.bayoubuilders.com", "_dmarc.bayoubuilders.com"])(
    "without %s, that one record is missing",
    async (name) => {
      const result = await states(zone(Object.fromEntries(Object.entries(published).filter(([key]) => key !== name))));
      expect(Object.values(result).filter((state) => state === "missing")).toHaveLength(1);
      expect(Object.values(result).filter((state) => state === "present")).toHaveLength(2);
    },
  );

  test("a TXT record that is not SPF does not count as one", async () => {
    expect((await states(zone({ ...published, "bayoubuilders.com": [["google-site-verification=abc"]] }))).spf).toBe("missing");
  });

  test("an SPF without the provider's include, two SPF records, another DKIM key: differs, with what to do", async () => {
    const checked = await checkMailRecords({
      records: wanted(),
      resolver: zone({
        "bayoubuilders.com": [["v=spf1 mx ~all"]],
        "site-20261128._domainkey.bayoubuilders.com": [["v=DKIM1; k=rsa; p=OTHERKEY"]],
        "_dmarc.bayoubuilders.com": [["v=DMARC1; p=none"], ["v=DMARC1; p=reject"]],
      }),
    });
    expect(checked.map((r) => r.state)).toEqual(["differs", "differs", "differs"]);
    expect(checked[0]!.detail).toBe("The SPF record does not name include:_spf.google.com: add it before ~all.");
    expect(checked[1]!.detail).toContain("another key");
    expect(checked[2]!.detail).toContain("2 DMARC records");
  });

  test("a lookup that fails or never answers is 'could not check', not missing", async () => {
    const broken: TxtResolver = {
      resolveTxt: (name) =>
        name.startsWith("_dmarc")
          ? new Promise(() => {})
          : Promise.reject(Object.assign(new Error("queryTxt ESERVFAIL"), { code: "ESERVFAIL" })),
    };
    const checked = await checkMailRecords({ records: wanted(), resolver: broken, timeoutMs: 50 });
    expect(checked.map((r) => r.state)).toEqual(["unchecked", "unchecked", "unchecked"]);
    expect(checked[0]!.detail).toBe("Could not check: the DNS lookup failed (ESERVFAIL).");
    expect(checked[2]!.detail).toBe("Could not check: the DNS lookup failed (ETIMEOUT).");
  });

  test("no key yet: not looked up, said so", async () => {
    const calls: string[] = [];
    const result = await states(zone(published, calls), wanted("smtp.gmail.com", null));
    expect(result.dkim).toBe("no-key");
    expect(calls.some((name) => name.includes("_domainkey"))).toBe(false);
  });
});

test("createMailDnsCheck keeps answers until asked for fresh ones", async () => {
  const calls: string[] = [];
  const check = createMailDnsCheck({ resolver: zone({}, calls) });
  await check.check(wanted());
  await check.check(wanted());
  expect(calls).toHaveLength(3);
  await check.check(wanted(), { fresh: true });
  expect(calls).toHaveLength(6);
});
