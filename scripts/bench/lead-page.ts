/**
 * A request's page on the contractor's phone (issue 24, ADR 057): how long it is at 375 px, and
 * how far down its actions are. One request with every detail the form asks, where the visit came
 * from, its two emails and two notes, made through the app's own repositories; an admin signed in
 * with a session made by the app's code. Chromium (`CHROME_PATH`, default /usr/bin/chromium) opens
 * the page at 375 × 667 and at 1280 × 800 and reports:
 * - the page's height, in pixels and in screens of the window;
 * - where the first field of the reply, visit and note forms is (from the top of the page);
 * - where the request's five actions (Call, Text, Reply, Schedule, Note) are, when the page has them
 *   as links: their top on the first screen.
 * Screenshots of the whole page go to bench/results/lead-page-<width>.png (not committed).
 */
import path from "node:path";
import type { Browser } from "@playwright/test";
import { createTestAccount, withSiteDatabase } from "#tests/support/accounts.ts";
import { storeLead } from "#tests/support/seed-leads.ts";
import { createLeadNote } from "#app/server/repos/lead-notes.server.ts";
import { CHROME_FLAGS } from "#scripts/bench/lighthouse.ts";
import type { BenchContext, BenchSection, SiteServer, Table } from "#scripts/bench/types.ts";

const VIEWS = [
  { name: "phone 375 × 667", width: 375, height: 667 },
  { name: "desktop 1280 × 800", width: 1280, height: 800 },
] as const;

/** The five actions the issue wants one tap from the top, by the words their links start with. */
const ACTIONS = ["Call", "Text", "Reply", "Schedule", "Note"] as const;

/** The first field of each form the actions lead to. */
const FIELDS = { reply: "#reply-subject", visit: "form[aria-labelledby='visit-schedule-title'] input[name='date']", note: "#note-body" };

interface ViewFigures {
  view: string;
  width: number;
  windowHeight: number;
  pageHeight: number;
  screens: number;
  /** Top of each form's first field, from the top of the page (null: not on the page). */
  fields: Record<keyof typeof FIELDS, number | null>;
  /** Top of each action's link on the first screen (null: the page has no such link). */
  actions: Record<(typeof ACTIONS)[number], number | null>;
}

/** An admin and one full request with its emails and notes; the request's page and the session cookie. */
async function seedRequest(server: SiteServer): Promise<{ path: string; sessionId: string }> {
  const admin = await createTestAccount({ dataDir: server.dataDir }, { role: "admin", name: "Alex Admin" });
  return withSiteDatabase({ dataDir: server.dataDir }, async (database) => {
    const { lead } = await storeLead({
      database,
      jobs: ["lead-notification", "lead-confirmation"],
      mail: { to: "owner@remodel.test", from: "Website <w@remodel.test>", siteUrl: server.url },
      lead: {
        fromName: "Maria Gonzalez",
        email: "maria.gonzalez@example.com",
        phone: "(713) 555-0147",
        subject: "Bathroom remodel",
        message:
          "Our hall bathroom needs a full remodel: the tub to a walk-in shower, new tile on the floor and walls, a new vanity.\n\nWe would like it done before the holidays. Evenings are best to call.",
        source: "/contact",
        isSpam: false,
        spamReason: null,
        ipHash: null,
        userAgent:
          "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
        details: {
          zip: "77008",
          streetAddress: "1234 Heights Blvd",
          contactMethod: "text",
          bestTime: "Weekday evenings",
          inServiceArea: true,
          landingPage: "/bathroom?utm_source=google&utm_medium=cpc",
          referrer: "https://www.google.com/",
          utmSource: "google",
          utmMedium: "cpc",
          utmCampaign: "bathrooms-fall",
        },
      },
    });
    for (const body of ["Called at 5:30, no answer. Left a voicemail.", "She texted back: Thursday after 4 works for a visit."]) {
      await createLeadNote({ db: database.db, dialect: database.dialect, leadId: lead.id, authorId: admin.user.id, body });
    }
    return { path: `/admin/leads/${lead.id}`, sessionId: admin.sessionId };
  });
}

async function measure(browser: Browser, server: SiteServer, seeded: { path: string; sessionId: string }, resultsDir: string) {
  const figures: ViewFigures[] = [];
  for (const view of VIEWS) {
    const context = await browser.newContext({ viewport: { width: view.width, height: view.height } });
    try {
      await context.addCookies([{ name: "session", value: seeded.sessionId, url: server.url, httpOnly: true, sameSite: "Lax" }]);
      const page = await context.newPage();
      const response = await page.goto(`${server.url}${seeded.path}`, { waitUntil: "load" });
      if (response?.status() !== 200) throw new Error(`${seeded.path} answered ${response?.status()}`);
      const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
      const fields = {} as ViewFigures["fields"];
      for (const [key, selector] of Object.entries(FIELDS) as [keyof typeof FIELDS, string][]) {
        fields[key] = await page.evaluate((s) => {
          const element = document.querySelector(s);
          return element ? Math.round(element.getBoundingClientRect().top + window.scrollY) : null;
        }, selector);
      }
      const actions = {} as ViewFigures["actions"];
      for (const action of ACTIONS) {
        // The visible copy of the link (a phone and a desktop may each show their own).
        // In the request's actions bar when the page has one, else anywhere in its content (not the admin menu).
        const bar = page.getByRole("navigation", { name: "Request actions" });
        const scope = (await bar.count()) > 0 ? bar : page.locator(".admin-page");
        const links = scope.getByRole("link", { name: new RegExp(`^${action}\\b`) }).filter({ visible: true });
        const box = (await links.count()) > 0 ? await links.first().boundingBox() : null;
        actions[action] = box ? Math.round(box.y) : null;
      }
      await page.screenshot({ path: path.join(resultsDir, `lead-page-${view.width}.png`), fullPage: true });
      figures.push({
        view: view.name,
        width: view.width,
        windowHeight: view.height,
        pageHeight,
        screens: Math.round((pageHeight / view.height) * 10) / 10,
        fields,
        actions,
      });
    } finally {
      await context.close();
    }
  }
  return figures;
}

const px = (value: number | null) => (value === null ? "–" : value);

export const leadPageSection: BenchSection = {
  name: "lead-page",
  title: "A request's admin page: its height at 375 px and 1280 px, and how far down its actions are",

  async run(ctx: BenchContext) {
    const server = await ctx.startServer();
    const seeded = await seedRequest(server);
    ctx.log(`lead-page: measuring ${seeded.path}`);
    const { chromium } = await import("@playwright/test");
    const browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
      args: CHROME_FLAGS.filter((flag) => !flag.startsWith("--headless")),
    });
    ctx.onCleanup(() => browser.close());
    let views: ViewFigures[];
    try {
      views = await measure(browser, server, seeded, ctx.resultsDir);
    } finally {
      await browser.close();
      await server.stop();
    }
    const tables: Table[] = [
      {
        title: "The page, and the first field of each form (px from the top of the page)",
        columns: ["View", "Page height", "Screens", "Reply field", "Visit field", "Note field"],
        rows: views.map((v) => [v.view, v.pageHeight, v.screens, px(v.fields.reply), px(v.fields.visit), px(v.fields.note)]),
      },
      {
        title: "The actions' links on the first screen (px from the top; – none)",
        columns: ["View", ...ACTIONS],
        rows: views.map((v) => [v.view, ...ACTIONS.map((action) => px(v.actions[action]))]),
      },
    ];
    return {
      figures: { views },
      tables,
      notes: [`Screenshots: ${VIEWS.map((v) => `bench/results/lead-page-${v.width}.png`).join(", ")}.`],
    };
  },
};
