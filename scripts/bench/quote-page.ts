/**
 * The homeowner's quote page (issue 27): a sent quote of 30 lines (one option, three optional
 * extras, tax, a deposit, a milestone and the final payment, the Texas notices), made through the
 * app's own repositories, then Lighthouse mobile on its page in English and its Spanish twin
 * (median of 3 runs, the lighthouse section's runner). The issue's target is 100 in each of
 * performance, accessibility, best practices and SEO. The page is `noindex` on purpose (the link
 * is the key, DESIGN §6), which SEO's is-crawlable audit can only fail: that one audit is left
 * out, and the bench says so; every other SEO audit counts.
 */
import { withSiteDatabase } from "#tests/support/accounts.ts";
import { storeLead } from "#tests/support/seed-leads.ts";
import { longQuote, seedSentQuote } from "#tests/support/quote-page-fixtures.ts";
import { lighthouseSection, lighthouseTable, runLighthouse } from "#scripts/bench/lighthouse.ts";
import type { BenchSection, SiteServer } from "#scripts/bench/types.ts";
import type { Locale } from "#app/i18n/locale.ts";

const LINES = 30;
const TARGET_SCORE = 100;

async function seedQuote(server: SiteServer, locale: Locale): Promise<string> {
  return withSiteDatabase({ dataDir: server.dataDir }, async (database) => {
    const { lead } = await storeLead({
      database,
      jobs: [],
      mail: { to: "owner@remodel.test", from: "Website <w@remodel.test>", siteUrl: server.url },
      lead: {
        fromName: "Maria Gonzalez",
        email: "maria.gonzalez@example.com",
        phone: "(713) 555-0147",
        subject: "Bathroom remodel",
        message: "",
        source: "/contact",
        isSpam: false,
        spamReason: null,
        ipHash: null,
        userAgent: "bench",
        locale,
      },
    });
    const quote = await seedSentQuote(database, { leadId: lead.id, locale, document: longQuote(LINES, locale) });
    return quote.path;
  });
}

export const quotePageSection: BenchSection = {
  name: "quote-page",
  title: `A homeowner's quote page with ${LINES} lines, in English and Spanish: Lighthouse mobile`,
  preflight: lighthouseSection.preflight,

  async run(ctx) {
    const server = await ctx.startServer();
    let lighthouse: Awaited<ReturnType<typeof runLighthouse>>;
    try {
      const paths = [await seedQuote(server, "en"), await seedQuote(server, "es")];
      // Each first visit marks the quote opened and queues its alerts: done before the runs, as a homeowner's first look would be.
      for (const pagePath of paths) await (await fetch(server.url + pagePath)).arrayBuffer();
      lighthouse = await runLighthouse(ctx, server.url, paths, () => 3, ["is-crawlable"]);
    } finally {
      await server.stop();
    }
    const notes: string[] = [];
    for (const page of lighthouse.pages) {
      const shown = page.path.startsWith("/es/") ? "/es/cotizacion/<token>" : "/quote/<token>";
      const below = Object.entries(page.scores).filter(([, score]) => score !== TARGET_SCORE);
      notes.push(
        below.length === 0
          ? `${shown}: ${TARGET_SCORE} in every category.`
          : `${shown} BELOW ${TARGET_SCORE}: ${below.map(([name, score]) => `${name} ${score ?? "–"}`).join(", ")}.`,
      );
      for (const audit of page.failingAudits) {
        notes.push(`  failing ${audit.category}/${audit.id} "${audit.title}"${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
      }
    }
    notes.push(
      "SEO without its is-crawlable audit: the page is noindex on purpose (a link that is the key, DESIGN §6), which that audit can only fail. Every other SEO audit counts.",
    );
    return {
      figures: {
        lines: LINES,
        lighthouse: { version: lighthouse.lighthouseVersion, settings: lighthouse.settings, pages: lighthouse.pages },
      },
      tables: [{ ...lighthouseTable(lighthouse.pages), title: `Lighthouse mobile, a quote page of ${LINES} lines (median of 3 runs)` }],
      notes,
      // Points short of 100 in each category: reported against the issue's target, not enforced
      // (a Lighthouse score moves with the machine's load).
      budgets: lighthouse.pages.flatMap((page) =>
        Object.entries(page.scores).map(([category, score]) => ({
          label: `${page.path.startsWith("/es/") ? "/es/cotizacion/<token>" : "/quote/<token>"} ${category}: points short of ${TARGET_SCORE}`,
          value: TARGET_SCORE - (score ?? 0),
          limit: 0,
          unit: "points",
        })),
      ),
    };
  },
};
