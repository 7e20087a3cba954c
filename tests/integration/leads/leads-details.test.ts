/**
 * The estimate form's optional details (ZIP code, street address, preferred contact, best time)
 * and the visit's attribution (landing page, referrer, utm_* tags), against the real server on
 * SQLite and (with TEST_POSTGRES_URL) PostgreSQL: bad details are refused with a sentence and
 * store nothing; good ones are stored with the service-area flag from the profile's ZIP codes;
 * attribution is cut, never refused; the emails, the inbox, the request's page, the CSV and the
 * dashboard's "Requests by source" show them.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { defaultProfile } from "#app/content/company.ts";
import { profileToFields } from "#app/schemas/site.ts";
import type { Lead } from "#app/server/repos/leads.server.ts";
import { databaseTargets } from "#tests/support/databases.ts";
import {
  elementByClass,
  expectRedirect,
  expectServerHealthy,
  seedLead,
  setUpAdminSite,
  tearDownAdminSite,
  textOf,
  type AdminSite,
} from "#tests/support/admin-site.ts";
import { marker, validFields } from "#tests/support/leads.ts";
import { get, type HttpResult } from "#tests/support/server.ts";

const targets = databaseTargets("leads-details", "lead details suite");

/** The profile's service area in this suite. */
const SERVICE_ZIPS = "77008 77009";

const google = {
  landing_page: "/bathroom?utm_source=google&utm_medium=cpc&utm_campaign=spring-baths",
  referrer: "https://www.google.com/",
  utm_source: "google",
  utm_medium: "cpc",
  utm_campaign: "spring-baths",
};

/** The cells of one CSV line (every cell quoted, none of these with a line break inside). */
function cells(line: string): string[] {
  return [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replaceAll('""', '"'));
}

describe.each(targets)("estimate details on $name", (target) => {
  let site: AdminSite;
  /** The leads the tests below send, by name, for the later tests that show them. */
  const sent: Record<string, Lead> = {};

  beforeAll(async () => {
    site = await setUpAdminSite(target, { FORM_MIN_SECONDS: "0", LEAD_RATE_LIMIT: "100000" });
    // The owner lists the service area's ZIP codes on the profile page.
    const saved = await site.post("/admin/site", {
      ...profileToFields(defaultProfile),
      intent: "save",
      service_zips: SERVICE_ZIPS,
    });
    expectRedirect(saved, "/admin/site?done=saved");
  }, 60_000);

  afterAll(() => tearDownAdminSite(target, site));

  /** Posts the form as a browser on the site does (no JavaScript: the page itself, or `.data` as the script does). */
  async function send(mark: string, fields: Record<string, string>, path = "/contact"): Promise<HttpResult> {
    const token = JSON.parse((await get(`${site.server.url}/form-token`)).text) as { token: string };
    return site.post(path, { ...validFields(mark), ...fields, form_token: token.token }, { cookie: "" });
  }

  const leadsOf = (mark: string) =>
    site.db(({ db }) => db.selectFrom("leads").selectAll().where("email", "=", `${mark}@home.test`).execute());

  const jobsOf = (leadId: string) =>
    site.db(({ db }) => db.selectFrom("email_jobs").select(["kind", "payload"]).where("lead_id", "=", leadId).execute());

  const bad: [string, Record<string, string>, string][] = [
    ["a 4-digit ZIP code", { zip: "7700" }, "Please enter a 5-digit ZIP code, like 77008, or leave it empty."],
    ["a ZIP code with letters", { zip: "77OO8" }, "Please enter a 5-digit ZIP code, like 77008, or leave it empty."],
    ["a 300-character address", { street_address: "1".repeat(300) }, "Please keep the street address under 200 characters."],
    ["an unknown contact method", { contact_method: "fax" }, "Please choose a call, a text or an email."],
    ["a 101-character best time", { best_time: "b".repeat(101) }, "Please keep the best time under 100 characters."],
  ];

  test.each(bad)("%s: 400 with the sentence, and nothing stored", async (_name, fields, sentence) => {
    const mark = marker("bad");
    const page = await send(mark, fields);
    expect(page.status).toBe(400);
    expect(textOf(page.text)).toContain("Please check the highlighted fields and send the form again.");
    // What the form's script receives: the field's own sentence.
    const script = await send(mark, fields, "/contact.data");
    expect(script.status).toBe(400);
    expect(script.text).toContain(sentence);
    expect(await leadsOf(mark)).toEqual([]);
  });

  test("a request with every detail and its attribution is stored, the ZIP inside the service area", async () => {
    const mark = marker("full");
    const res = await send(mark, {
      subject: "Bathroom Remodeling",
      zip: " 77008 ",
      street_address: "1234 Heights Blvd, Apt 2",
      contact_method: "text",
      best_time: "Weekdays after 5 pm",
      ...google,
    });
    expect(res.status).toBe(200);
    expect(res.text).toContain("Message sent successfully");
    const [lead] = await leadsOf(mark);
    expect(lead).toMatchObject({
      subject: "Bathroom Remodeling",
      zip: "77008",
      street_address: "1234 Heights Blvd, Apt 2",
      contact_method: "text",
      best_time: "Weekdays after 5 pm",
      in_service_area: 1,
      source: "/contact",
      ...google,
    });
    sent.full = lead!;

    // The business's email says so; the homeowner's repeats what they gave, without the area.
    const jobs = await jobsOf(lead!.id);
    const notification = JSON.parse(jobs.find((job) => job.kind === "lead-notification")!.payload) as {
      text: string;
      html: string;
    };
    expect(notification.text).toContain("77008 (in your service area)");
    expect(notification.text).toContain("Contact by: A text message");
    expect(notification.text).toContain("utm_source=google, utm_medium=cpc, utm_campaign=spring-baths");
    expect(notification.html).toContain("Where they came from");
    const confirmation = JSON.parse(jobs.find((job) => job.kind === "lead-confirmation")!.payload) as { text: string };
    expect(confirmation.text).toContain("1234 Heights Blvd, Apt 2");
    expect(confirmation.text).not.toContain("service area");
  });

  test("a ZIP code not in the list is outside; no ZIP code is unknown; no hidden fields leave the attribution empty", async () => {
    const outsideMark = marker("outside");
    expect((await send(outsideMark, { zip: "77494", referrer: "https://nextdoor.com/news_feed/", landing_page: "/fences" })).status).toBe(
      200,
    );
    const [outside] = await leadsOf(outsideMark);
    expect(outside).toMatchObject({
      zip: "77494",
      in_service_area: 0,
      referrer: "https://nextdoor.com/news_feed/",
      utm_source: null,
    });
    sent.outside = outside!;
    const notification = (await jobsOf(outside!.id)).find((job) => job.kind === "lead-notification")!;
    expect(notification.payload).toContain("77494 (outside your service area)");

    // The original five fields only, as a browser without JavaScript (or an old client) sends them.
    const plainMark = marker("plain");
    expect((await send(plainMark, {})).status).toBe(200);
    const [plain] = await leadsOf(plainMark);
    expect(plain).toMatchObject({
      zip: null,
      street_address: null,
      contact_method: null,
      best_time: null,
      in_service_area: null,
      landing_page: null,
      referrer: null,
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
    });
    sent.plain = plain!;
  });

  test("attribution that is too long or carries control characters is cut and cleaned, never refused", async () => {
    const mark = marker("long");
    const res = await send(mark, {
      landing_page: `/kitchen?${"a".repeat(700)}`,
      referrer: `https://www.bing.com/search?q=${"r".repeat(700)}`,
      utm_source: `Bing${"s".repeat(200)}`,
      utm_medium: "cpc\u0007",
      utm_campaign: "c".repeat(400),
    });
    expect(res.status).toBe(200);
    const [lead] = await leadsOf(mark);
    expect(lead!.landing_page).toHaveLength(500);
    expect(lead!.referrer).toHaveLength(500);
    expect(lead!.utm_source).toHaveLength(100);
    expect(lead!.utm_medium).toBe("cpc");
    expect(lead!.utm_campaign).toHaveLength(150);
    sent.long = lead!;
  });

  test("the inbox card shows the service, the ZIP in or outside the area, and the source", async () => {
    const html = (await site.get("/admin/leads")).text;
    const card = (id: string) => {
      const at = html.indexOf(`href="/admin/leads/${id}"`);
      expect(at, `card of ${id}`).toBeGreaterThan(-1);
      const start = html.lastIndexOf("<li", at);
      return textOf(html.slice(start, html.indexOf("</li>", at)));
    };
    expect(card(sent.full!.id)).toContain("Bathroom Remodeling");
    expect(card(sent.full!.id)).toContain("ZIP 77008 (in area)");
    expect(card(sent.full!.id)).toContain("Source: google / cpc");
    expect(card(sent.outside!.id)).toContain("ZIP 77494 (outside area)");
    expect(card(sent.outside!.id)).toContain("Source: nextdoor.com");
    expect(card(sent.plain!.id)).not.toContain("ZIP");
    expect(card(sent.plain!.id)).toContain("Source: Direct or unknown");
  });

  test("the request's page shows every detail and where the visit came from", async () => {
    const text = textOf((await site.get(`/admin/leads/${sent.full!.id}`)).text);
    for (const fact of [
      "ZIP code 77008 (in your service area)",
      "Address 1234 Heights Blvd, Apt 2",
      "Contact by A text message",
      "Best time Weekdays after 5 pm",
      "Came from google / cpc",
      `Landing page ${google.landing_page}`,
      "Referring site https://www.google.com/",
      "utm_source google",
      "utm_medium cpc",
      "utm_campaign spring-baths",
    ]) {
      expect(text).toContain(fact);
    }
    const plain = textOf((await site.get(`/admin/leads/${sent.plain!.id}`)).text);
    expect(plain).toContain("ZIP code Not given");
    expect(plain).toContain("Came from Direct or unknown");
    expect(plain).not.toContain("Landing page");
    expect(textOf((await site.get(`/admin/leads/${sent.outside!.id}`)).text)).toContain("ZIP code 77494 (outside your service area)");
  });

  test("the CSV has a column for every detail and attribution field", async () => {
    const res = await site.get("/admin/leads.csv");
    expect(res.status).toBe(200);
    const lines = res.text.replace(/^\uFEFF/, "").split("\r\n");
    const header = cells(lines[0]!);
    expect(header.slice(10)).toEqual([
      "zip",
      "in service area",
      "street address",
      "contact method",
      "best time",
      "landing page",
      "referrer",
      "utm source",
      "utm medium",
      "utm campaign",
      "notes",
      "photos",
      "scheduled visit",
      "language",
    ]);
    const row = (id: string) => {
      const line = lines.find((l) => l.startsWith(`"${id}"`));
      expect(line, `CSV row of ${id}`).toBeDefined();
      return Object.fromEntries(header.map((name, i) => [name, cells(line!)[i]]));
    };
    expect(row(sent.full!.id)).toMatchObject({
      zip: "77008",
      "in service area": "yes",
      "street address": "1234 Heights Blvd, Apt 2",
      "contact method": "text",
      "best time": "Weekdays after 5 pm",
      "landing page": google.landing_page,
      referrer: google.referrer,
      "utm source": "google",
      "utm medium": "cpc",
      "utm campaign": "spring-baths",
    });
    expect(row(sent.outside!.id)).toMatchObject({ zip: "77494", "in service area": "no", "utm source": "" });
    expect(row(sent.plain!.id)).toMatchObject({ zip: "", "in service area": "", "landing page": "" });
  });

  test("the dashboard counts the last 30 days' requests by source, spam and older requests left out", async () => {
    // Older than 30 days, and spam: neither is counted.
    await seedLead(site, { details: { utmSource: "old-flyer" } }, { now: new Date(Date.now() - 31 * 24 * 3600 * 1000), jobs: [] });
    await seedLead(site, { isSpam: true, spamReason: "honeypot field filled", details: { utmSource: "spam-source" } }, { jobs: [] });
    // Two more from Google's ads ("Google" and "google" are one source), one from the site's own pages.
    await seedLead(site, { details: { utmSource: "Google", utmMedium: "CPC" } }, { jobs: [] });
    // PUBLIC_URL is left at its default, http://localhost:<port>.
    await seedLead(site, { details: { referrer: "http://localhost/services" } }, { jobs: [] });

    const html = (await site.get("/admin")).text;
    const table = elementByClass(html, "admin-sources") ?? "";
    const rows = [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].slice(1).map((m) => textOf(m[1]!));
    // Direct or unknown: the plain request and the one from the site's own page (refused ones were never stored).
    expect(rows).toEqual(["google / cpc 2", "Direct or unknown 2", `bing${"s".repeat(96)} / cpc 1`, "nextdoor.com 1"]);
    const text = textOf(html);
    expect(text).toContain("Requests by source, last 30 days");
    expect(text).not.toContain("old-flyer");
    expect(text).not.toContain("spam-source");
    await expectServerHealthy(site);
  });
});
