/**
 * Takes the quote page's screenshots (docs/screens/quote-page-*.webp): a built server on a fresh
 * DATA_DIR, the bathroom quote of tests/support/quote-page-fixtures.ts sent in English and in
 * Spanish, each page with "Better" and the shower niche picked, and its signing step, in Debian's
 * Chromium at 375 × 812 (whole page) and 1280 × 800 (whole page, at half size).
 *
 *   NODE_ENV=production node scripts/build.ts && node scripts/quote-page-screens.ts
 */
import path from "node:path";
import sharp from "sharp";
import { chromium } from "@playwright/test";
import { startServer, root } from "#tests/support/server.ts";
import { withSiteDatabase } from "#tests/support/accounts.ts";
import { storeLead } from "#tests/support/seed-leads.ts";
import { seedSentQuote } from "#tests/support/quote-page-fixtures.ts";
import { OFFLINE_CHROMIUM_FLAGS } from "#scripts/chromium-flags.ts";

const server = await startServer();
try {
  const paths: Record<string, string> = {};
  for (const locale of ["en", "es"] as const) {
    paths[locale] = await withSiteDatabase({ dataDir: server.dataDir }, async (database) => {
      const { lead } = await storeLead({
        database,
        jobs: [],
        mail: { to: "owner@remodel.test", from: "Website <w@remodel.test>", siteUrl: server.url },
        lead: {
          fromName: "Maria Gonzalez",
          email: "maria@example.com",
          phone: "(713) 555-0147",
          subject: "Hall bathroom",
          message: "",
          source: "/contact",
          isSpam: false,
          spamReason: null,
          ipHash: null,
          userAgent: "screens",
          locale,
        },
      });
      return (await seedSentQuote(database, { leadId: lead.id, locale })).path;
    });
  }
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || "/usr/bin/chromium", args: OFFLINE_CHROMIUM_FLAGS });
  try {
    for (const [locale, pagePath] of Object.entries(paths)) {
      for (const [width, height] of [
        [375, 812],
        [1280, 800],
      ] as const) {
        const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
        for (const [state, query] of [
          ["read", "?option=better&extra=better-niche"],
          ["sign", "?step=sign&option=better&extra=better-niche"],
        ] as const) {
          await page.goto(`${server.url}${pagePath}${query}`, { waitUntil: "load" });
          const png = await page.screenshot({ fullPage: true });
          const out = path.join(root, "docs/screens", `quote-page-${locale}-${state}-${width}.webp`);
          const image = sharp(png);
          await (width > 375 ? image.resize({ width: width / 2 }) : image).webp({ quality: 70 }).toFile(out);
          console.log(out);
        }
        await page.close();
      }
    }
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
}
