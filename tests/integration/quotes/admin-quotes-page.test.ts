/**
 * /admin/quotes (ADR 066) against the real server, on SQLite and PostgreSQL: every quote with its
 * homeowner, stage, version and totals, the latest changed first, and the three quote pages that
 * are not a request's linked from it; a visitor is sent to sign in.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { databaseTargets } from "#tests/support/databases.ts";
import { seedLead, setUpAdminSite, tearDownAdminSite, textOf, type AdminSite } from "#tests/support/admin-site.ts";
import { bathroomQuote, seedSentQuote } from "#tests/support/quote-page-fixtures.ts";
import { optionTotals } from "#app/schemas/quote-money.ts";
import { formatDollars } from "#app/schemas/quote-numbers.ts";

const targets = databaseTargets("admin-quotes-page", "quotes page suite");

describe.each(targets)("the quotes page on $name", (target) => {
  let site: AdminSite;
  beforeAll(async () => {
    site = await setUpAdminSite(target);
  });
  afterAll(() => tearDownAdminSite(target, site));

  test("lists each quote with its homeowner, stage and totals, and links the quote pages", async () => {
    const empty = await site.get("/admin/quotes");
    expect(empty.status).toBe(200);
    expect(textOf(empty.text)).toContain("No quote yet.");

    const maria = (await seedLead(site, { fromName: "Maria Gonzalez" }, { jobs: [] })).lead;
    const jose = (await seedLead(site, { fromName: "José Ramírez", locale: "es" } as never, { jobs: [] })).lead;
    const sent = await site.db((database) => seedSentQuote(database, { leadId: maria.id }));
    const draft = await site.db((database) => seedSentQuote(database, { leadId: jose.id, locale: "es", send: false }));

    const page = await site.get("/admin/quotes");
    const text = textOf(page.text);
    expect(text).toContain(`Quote ${sent.number}:`);
    expect(text).toMatch(/For Maria Gonzalez · Sent \(version 1\) · Sent [A-Z][a-z]{2} \d{1,2}, \d{4}, not opened yet/);
    expect(text).toMatch(/For José Ramírez · in Spanish · Draft · Changed/);
    for (const [index, totals] of optionTotals(bathroomQuote()).entries()) {
      expect(text).toContain(`${bathroomQuote().options[index]!.name}: ${formatDollars(totals.totalCents)}`);
    }
    // The draft changed last, so it comes first.
    expect(text.indexOf(`Quote ${draft.number}:`)).toBeLessThan(text.indexOf(`Quote ${sent.number}:`));
    expect(page.text).toContain(`href="/admin/leads/${maria.id}/quotes/${sent.quoteId}"`);
    for (const href of ["/admin/quotes/templates", "/admin/quotes/notices", "/admin/quotes/settings"])
      expect(page.text).toContain(`href="${href}"`);

    const posted = await site.post("/admin/quotes", { intent: "anything" });
    expect(posted.status).toBe(405);
    expect(posted.text).toContain("This page only lists the quotes");
    const visitor = await site.get("/admin/quotes", "");
    expect(visitor.status).toBe(302);
  });
});
