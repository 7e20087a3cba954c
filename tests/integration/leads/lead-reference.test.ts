/**
 * The reference a homeowner is told to quote (issue 24, ADR 057), end to end on the real server,
 * on SQLite and (with TEST_POSTGRES_URL) PostgreSQL: the same reference in the confirmation the
 * form answers (a plain post and the script's JSON), in the homeowner's and the contractor's
 * emails (a real SMTP listener), and on the request's page; and the inbox finds the request by
 * that reference (with or without '#', any case), by its ZIP code and by part of its street.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { databaseTargets } from "#tests/support/databases.ts";
import { listedLeadIds, seedLead, setUpAdminSite, tearDownAdminSite, textOf, type AdminSite } from "#tests/support/admin-site.ts";
import { startSmtpServer, type ReceivedMail, type SmtpTestServer } from "#tests/support/smtp.ts";
import {
  LEAD_ENV,
  SITE_URL,
  encodeForm,
  expectSuccessPage,
  fetchUniqueFormToken,
  marker,
  submitLead,
  validFields,
  waitForMails,
} from "#tests/support/leads.ts";
import { request } from "#tests/support/server.ts";
import { ESTIMATE_POST_PATH } from "#app/schemas/estimate-paths.ts";

const targets = databaseTargets("lead-reference", "lead reference suite");
const LEADS_TO = "owner@remodel.test";

/** The reference in the confirmation panel of a plain post's page. */
function panelReference(html: string): string {
  const match = /data-reference="">([^<]*)<\/strong>/.exec(html);
  expect(match, "the confirmation panel's reference").not.toBeNull();
  return match![1]!;
}

/** What a reference is, written out here (not computed with the app's function). */
function referenceOf(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

/** The message the listener got for `address`. */
function mailTo(mails: ReceivedMail[], address: string): ReceivedMail {
  const found = mails.find((mail) => mail.envelope.to.includes(address));
  expect(found, `a message to ${address}`).toBeDefined();
  return found!;
}

describe.each(targets)("the reference on $name", (target) => {
  let site: AdminSite;
  let smtp: SmtpTestServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    site = await setUpAdminSite(target, {
      ...LEAD_ENV,
      SMTP_URL: smtp.url,
      LEADS_TO,
      MAIL_POLL_SECONDS: "0.2",
      MAIL_RETRY_BASE_SECONDS: "0.2",
    });
  });

  afterAll(async () => {
    await tearDownAdminSite(target, site);
    await smtp?.stop();
  });

  /** The stored lead whose homeowner address carries `mark`. */
  async function leadMarked(mark: string) {
    const rows = await site.db(({ db }) => db.selectFrom("leads").selectAll().where("email", "=", `${mark}@home.test`).execute());
    expect(rows).toHaveLength(1);
    return rows[0]!;
  }

  /** The requests the inbox lists for a search, every status included. */
  async function found(q: string): Promise<string[]> {
    const res = await site.get(`/admin/leads?status=all&q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    return listedLeadIds(res.text);
  }

  test("a plain post: the same reference in the panel, both emails and the request's page", async () => {
    const mark = marker("ref");
    const res = await submitLead(site.server, validFields(mark, { zip: "77019", street_address: "300 Westheimer Rd" }));
    expectSuccessPage(res);
    const reference = panelReference(res.text);
    const lead = await leadMarked(mark);
    expect(reference).toBe(referenceOf(lead.id));
    expect(textOf(res.text)).toContain(`Your reference: ${reference}. Please mention it if you call us.`);

    const mails = await waitForMails(smtp, mark, 2);
    const confirmation = mailTo(mails, `${mark}@home.test`);
    expect(confirmation.parsed.text).toContain(`Your reference: ${reference}. Please mention it if you call us.`);
    expect(textOf(String(confirmation.parsed.html))).toContain(`Your reference: ${reference}. Please mention it if you call us.`);
    const notification = mailTo(mails, LEADS_TO);
    expect(notification.parsed.text).toContain(`Reference: ${reference}\n`);
    expect(textOf(String(notification.parsed.html))).toContain(`Reference: ${reference}`);

    const page = await site.get(`/admin/leads/${lead.id}`);
    expect(page.status).toBe(200);
    expect(textOf(page.text)).toContain(`Reference ${reference}`);
  });

  test("the script's post (JSON): the reference it answers is the one in the emails", async () => {
    const mark = marker("json");
    const token = await fetchUniqueFormToken(site.server);
    const body = encodeForm({ ...validFields(mark), form_token: token });
    const res = await request(`${site.server.url}${ESTIMATE_POST_PATH}?from=%2Fcontact`, {
      method: "POST",
      headers: {
        host: new URL(SITE_URL).host,
        origin: SITE_URL,
        accept: "application/json",
        "content-type": "application/x-www-form-urlencoded",
        "content-length": String(Buffer.byteLength(body)),
      },
      body,
    });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    const { reference } = JSON.parse(res.text) as { reference: string };
    expect(reference).toBe(referenceOf((await leadMarked(mark)).id));
    const mails = await waitForMails(smtp, mark, 2);
    expect(mailTo(mails, `${mark}@home.test`).parsed.text).toContain(`Your reference: ${reference}.`);
    expect(mailTo(mails, LEADS_TO).parsed.text).toContain(`Reference: ${reference}\n`);
  });

  describe("the inbox search", () => {
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      const leads: [string, Parameters<typeof seedLead>[1]][] = [
        ["heights", { subject: "Deck", details: { zip: "77008", streetAddress: "1234 Heights Blvd" } }],
        ["heightsToo", { subject: "Fence", details: { zip: "77008", streetAddress: "88 W 19th St" } }],
        ["katy", { subject: "Roof", details: { zip: "77494", streetAddress: "5 Mason Rd, Apt 12" } }],
        ["none", { subject: "Paint" }],
      ];
      for (const [key, fields] of leads) ids[key] = (await seedLead(site, fields, { jobs: [] })).lead.id;
    });

    test.each([
      ["as written", (ref: string) => ref],
      ["with a leading #", (ref: string) => `#${ref}`],
      ["in lower case, with #", (ref: string) => `#${ref.toLowerCase()}`],
      ["split in two, as read out", (ref: string) => `${ref.slice(0, 4)} ${ref.slice(4)}`],
    ])("by reference %s", async (_how, write) => {
      expect(await found(write(referenceOf(ids.katy!)))).toEqual([ids.katy]);
    });

    test("an inbox card shows the reference", async () => {
      const res = await site.get(`/admin/leads?q=${referenceOf(ids.heights!)}`);
      expect(textOf(res.text)).toContain(`Ref. ${referenceOf(ids.heights!)}`);
    });

    test("by ZIP code: exactly the requests from it", async () => {
      expect(new Set(await found("77008"))).toEqual(new Set([ids.heights, ids.heightsToo]));
      expect(await found("77494")).toEqual([ids.katy]);
    });

    test("by street, in part and in any case", async () => {
      expect(await found("heights bl")).toEqual([ids.heights]);
      expect(await found("MASON RD")).toEqual([ids.katy]);
      expect(await found("19th")).toEqual([ids.heightsToo]);
    });

    test("a reference no request has finds nothing, and says so", async () => {
      const unused = ids.none!.startsWith("0") ? "#FFFFFFFF" : "#00000000";
      expect(await found(unused)).toEqual([]);
    });
  });
});
