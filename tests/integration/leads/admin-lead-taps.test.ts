/**
 * The one-tap actions of the lead desk against the real server, on SQLite and (with
 * TEST_POSTGRES_URL) PostgreSQL: each inbox card carries Call, Text, Email and Directions with the
 * right addresses; a request's page has Call, Text, Reply, Schedule and Note at the top (ADR 057),
 * Email and Directions in its details; the card counts the photos, and a request still new after
 * 24 hours is marked in words while one that has been answered is not.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { databaseTargets } from "#tests/support/databases.ts";
import { elementByClass, seedLead, setUpAdminSite, tearDownAdminSite, textOf, hrefOf, type AdminSite } from "#tests/support/admin-site.ts";
import { updateLeadStatus, type NewLeadPhoto } from "#app/server/repos/leads.server.ts";
import { defaultContent } from "#app/server/site/site.server.ts";

const targets = databaseTargets("admin-lead-taps", "one-tap actions suite");
const HOUR = 3600 * 1000;
const enc = (text: string) => encodeURIComponent(text).replace(/'/g, "%27");

function photo(position: number): NewLeadPhoto {
  return {
    id: randomUUID(),
    position,
    file_name: `photo-${position}.jpg`,
    width: 800,
    height: 600,
    master_key: `private/lead-photos/${randomUUID()}.jpg`,
    master_width: 800,
    master_height: 600,
    variants: "[]",
    source_type: "image/jpeg",
    source_bytes: 1000,
  };
}

/** The inbox card (li.admin-lead) that links to this request. */
function cardOf(html: string, leadId: string): string {
  const list = elementByClass(html, "admin-leads") ?? "";
  const card = list.split(/<li\b/).find((part) => part.includes(`/admin/leads/${leadId}"`));
  expect(card, `a card for ${leadId}`).toBeDefined();
  return `<li${card!}`;
}

describe.each(targets)("one-tap actions on $name", (target) => {
  let site: AdminSite;
  const ids: Record<string, string> = {};
  const business = defaultContent().profile.name;

  beforeAll(async () => {
    site = await setUpAdminSite(target);
    const now = Date.now();
    const seeds: [string, Parameters<typeof seedLead>[1], number, string?][] = [
      [
        "maria",
        {
          fromName: "María Gonzalez",
          email: "maria@casa.test",
          phone: "(713) 555-0147",
          subject: "Bathroom Remodeling",
          details: { zip: "77008", streetAddress: "1234 Heights Blvd", inServiceArea: true },
          photos: [photo(0), photo(1), photo(2)],
        },
        3 * HOUR,
      ],
      [
        "old",
        {
          fromName: "Olga Oldham",
          phone: "713-555-0100",
          subject: "Fence repair",
          details: { zip: "77590", inServiceArea: false },
        },
        30 * HOUR,
      ],
      ["answered", { fromName: "Andy Answered", subject: "Roof leak" }, 50 * HOUR, "contacted"],
      ["nowhere", { fromName: "Nora Nowhere", phone: "n/a", subject: "Something else" }, 10 * 60 * 1000],
    ];
    for (const [key, fields, age, status] of seeds) {
      const { lead } = await seedLead(site, fields, { now: new Date(now - age), jobs: [] });
      ids[key] = lead.id;
      if (status) await site.db((database) => updateLeadStatus({ db: database.db, id: lead.id, status: status as "contacted" }));
    }
  });

  afterAll(() => tearDownAdminSite(target, site));

  const mariaLinks = () => ({
    call: "tel:+17135550147",
    text: `sms:+17135550147?&body=${enc(`Hi María, this is ${business} about your Bathroom Remodeling request.`)}`,
    email: `mailto:maria@casa.test?subject=${enc("Your estimate request: Bathroom Remodeling")}`,
    directions: `https://www.google.com/maps/search/?api=1&query=${enc("1234 Heights Blvd, 77008")}`,
  });

  test("an inbox card carries the four links, the ZIP's area, the photo count, the source and the wait", async () => {
    const res = await site.get("/admin/leads");
    expect(res.status).toBe(200);
    const card = cardOf(res.text, ids.maria!);
    const links = mariaLinks();
    expect(hrefOf(card, "Call María Gonzalez")).toBe(links.call);
    expect(hrefOf(card, "Text María Gonzalez")).toBe(links.text);
    expect(hrefOf(card, "Email María Gonzalez")).toBe(links.email);
    expect(hrefOf(card, "Directions to María Gonzalez (opens a map in a new tab)")).toBe(links.directions);
    const text = textOf(card);
    expect(text).toContain("Bathroom Remodeling");
    expect(text).toContain("ZIP 77008 (in area)");
    expect(text).toContain("3 photos");
    expect(text).toContain("Source: Direct or unknown");
    expect(text).toContain("waiting 3 h");
    expect(text).not.toContain("Waiting over 24 hours");
    expect(card).not.toContain("admin-lead--overdue");
  });

  test("a request new for more than 24 hours is marked; an answered one shows no wait", async () => {
    const res = await site.get("/admin/leads");
    const old = cardOf(res.text, ids.old!);
    expect(textOf(old)).toContain("Waiting over 24 hours (waiting 30 h)");
    expect(textOf(old)).toContain("ZIP 77590 (outside area)");
    expect(textOf(old)).toContain("0 photos");
    expect(old).toContain("admin-lead--overdue");
    expect(hrefOf(old, "Directions to Olga Oldham (opens a map in a new tab)")).toBe(
      "https://www.google.com/maps/search/?api=1&query=77590",
    );
    const answered = cardOf(res.text, ids.answered!);
    expect(textOf(answered)).not.toMatch(/waiting/i);
    expect(answered).not.toContain("admin-lead--overdue");
  });

  test("without a dialable phone or an address, only Email is offered", async () => {
    const card = cardOf((await site.get("/admin/leads")).text, ids.nowhere!);
    expect(hrefOf(card, "Call Nora Nowhere")).toBeNull();
    expect(hrefOf(card, "Text Nora Nowhere")).toBeNull();
    expect(card).not.toContain("Directions");
    expect(hrefOf(card, "Email Nora Nowhere")).toMatch(
      /^mailto:homeowner\d+@home\.test\?subject=Your%20estimate%20request%3A%20Something%20else$/,
    );
    expect(textOf(card)).toContain("waiting 10 min");
  });

  test("the request's page has Call, Text, Reply, Schedule and Note at the top; Email and Directions in its details", async () => {
    const res = await site.get(`/admin/leads/${ids.maria}`);
    expect(res.status).toBe(200);
    const bar = /<nav[^>]*aria-label="Request actions"[^>]*>[\s\S]*?<\/nav>/.exec(res.text)?.[0] ?? "";
    // At the top: before the details, and in this order.
    expect(res.text.indexOf('aria-label="Request actions"')).toBeGreaterThan(0);
    expect(res.text.indexOf('aria-label="Request actions"')).toBeLessThan(res.text.indexOf('id="lead-details"'));
    expect(textOf(bar)).toBe("Call María Gonzalez Text María Gonzalez Reply by email Schedule a visit Note – add an internal note");
    const links = mariaLinks();
    expect(hrefOf(bar, "Call María Gonzalez")).toBe(links.call);
    expect(hrefOf(bar, "Text María Gonzalez")).toBe(links.text);
    // Without JavaScript, anchors to the sections whose forms they open.
    expect(hrefOf(bar, "Reply by email")).toBe("#lead-reply");
    expect(hrefOf(bar, "Schedule a visit")).toBe("#lead-visit");
    expect(hrefOf(bar, "Note – add an internal note")).toBe("#lead-notes");
    for (const id of ["lead-reply", "lead-visit", "lead-notes"]) expect(res.text).toContain(`id="${id}"`);
    const details = res.text.slice(res.text.indexOf('id="lead-details"'), res.text.indexOf('id="lead-reply"'));
    expect(hrefOf(details, "maria@casa.test")).toBe(links.email);
    expect(hrefOf(details, "Directions to María Gonzalez (opens a map in a new tab)")).toBe(links.directions);
    expect(textOf(res.text)).toContain("waiting 3 h");

    const old = await site.get(`/admin/leads/${ids.old}`);
    expect(textOf(old.text)).toContain("Waiting over 24 hours");
    const answered = await site.get(`/admin/leads/${ids.answered}`);
    expect(textOf(answered.text)).not.toContain("Waiting over 24 hours");
  });

  test("without a number to dial, the bar has no Call nor Text, and the page's other actions stay", async () => {
    const res = await site.get(`/admin/leads/${ids.nowhere}`);
    const bar = /<nav[^>]*aria-label="Request actions"[^>]*>[\s\S]*?<\/nav>/.exec(res.text)?.[0] ?? "";
    expect(textOf(bar)).toBe("Reply by email Schedule a visit Note – add an internal note");
    expect(bar).not.toMatch(/href="(tel|sms):/);
  });
});
