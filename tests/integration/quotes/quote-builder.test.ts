/**
 * The quote builder against the real server, on SQLite and (with TEST_POSTGRES_URL) PostgreSQL:
 * a request's "Quotes" section makes a quote and opens its builder; the builder's plain posts
 * (no JavaScript) save the whole document, answer bad input with 400 and a sentence naming the
 * field while keeping what was typed, apply the structural buttons without saving, keep lines
 * as saved items and whole quotes as templates; a new quote starts from a template; a sent
 * version is never touched by a save; replacing a link changes it.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { databaseTargets } from "#tests/support/databases.ts";
import {
  elementByClass,
  expectServerHealthy,
  seedLead,
  setUpAdminSite,
  tearDownAdminSite,
  textOf,
  type AdminSite,
} from "#tests/support/admin-site.ts";
import { emptyQuoteDocument, type QuoteDocument } from "#app/schemas/quote.ts";
import { quoteFormEntries, quoteFormFromDocument } from "#app/schemas/quote-form.ts";
import { createQuoteVersion, getQuote, listLeadQuotes } from "#app/server/repos/quotes.server.ts";
import { listQuoteTemplates } from "#app/server/repos/quote-templates.server.ts";

const targets = databaseTargets("quote-builder", "quote builder suite");

function bathroom(): QuoteDocument {
  return {
    ...emptyQuoteDocument({ title: "Bathroom refresh", warranty: "One year.", terms: "Net 10." }),
    options: [
      {
        id: "o1",
        name: "Good",
        summary: "",
        sections: [
          {
            id: "s1",
            title: "Bathroom",
            lines: [
              {
                id: "l1",
                kind: "item",
                description: "New vanity",
                quantityMilli: 1000,
                unit: "each",
                unitPriceCents: 125_050,
                optional: false,
                note: "",
              },
              {
                id: "l2",
                kind: "item",
                description: "Grab bar",
                quantityMilli: 2000,
                unit: "each",
                unitPriceCents: 29,
                optional: true,
                note: "",
              },
            ],
          },
        ],
      },
    ],
    taxBasisPoints: 825,
  };
}

/** The builder's fields as a browser posts them, with the button pressed. */
const post = (document: QuoteDocument, intent: string, change?: (entries: [string, string][]) => void) => {
  const entries = quoteFormEntries(quoteFormFromDocument(document));
  change?.(entries);
  return [...entries, ["intent", intent]] as [string, string][];
};

const setField = (entries: [string, string][], name: string, value: string) => {
  const entry = entries.find(([key]) => key === name);
  if (!entry) throw new Error(`no field ${name}`);
  entry[1] = value;
};

const alertOf = (html: string) => textOf(/<div class="admin-alert" role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? "");

describe.each(targets)("the quote builder on $name", (target) => {
  let site: AdminSite;
  let leadId: string;
  let builder: string;
  let quoteId: string;

  beforeAll(async () => {
    site = await setUpAdminSite(target);
    leadId = (await seedLead(site, { subject: "Hall bathroom" })).lead.id;
  });

  afterAll(async () => {
    if (site) await expectServerHealthy(site);
    await tearDownAdminSite(target, site);
  });

  test("“New quote” on the request's page makes a draft and opens its builder", async () => {
    const empty = await site.get(`/admin/leads/${leadId}`);
    expect(textOf(elementByClass(empty.text, "lead-quotes") ?? "")).toContain("No quote yet.");
    const res = await site.post(`/admin/leads/${leadId}`, { intent: "quote-new", templateId: "" });
    expect(res.status).toBe(302);
    builder = res.headers.location!;
    expect(builder).toMatch(new RegExp(`^/admin/leads/${leadId}/quotes/[0-9a-f-]{36}$`));
    quoteId = builder.split("/").at(-1)!;
    const page = await site.get(builder);
    expect(page.status).toBe(200);
    expect(page.text).toContain('value="Hall bathroom"');
    expect(textOf(page.text)).toContain("Quote 1001 · Draft");
    expect(textOf(page.text)).not.toContain("This quote is in Spanish");
  });

  test("saving posts the whole document; the server stores it and shows its own totals", async () => {
    const res = await site.post(
      builder,
      post(bathroom(), "save", (entries) => setField(entries, "o0.s0.l0.price", "$1,250.50")),
    );
    expect(res.status, alertOf(res.text)).toBe(302);
    expect(res.headers.location).toBe(`${builder}?done=saved`);
    const stored = await site.db(({ db }) => getQuote({ db, id: quoteId }));
    expect(JSON.parse(stored!.draft)).toEqual(bathroom());
    // 1,250.50 + 8.25 % = 1,353.67 (the grab bar is an extra, not in the total).
    const page = await site.get(`${builder}?done=saved`);
    expect(textOf(page.text)).toContain("Saved. Total: $1,353.67");
    const section = textOf(elementByClass((await site.get(`/admin/leads/${leadId}`)).text, "lead-quotes") ?? "");
    expect(section).toContain("Quote 1001: Bathroom refresh");
    expect(section).toMatch(/Draft · not sent yet · \$1,353\.67/);
  });

  test.each([
    ["o0.s0.l0.price", "twelve", "Line 1 of Bathroom: the unit price must be a number of dollars, like 1250.50."],
    ["o0.s0.l1.quantity", "0", "Line 2 of Bathroom: the quantity must be more than 0."],
    ["tax", "8,25", "The tax rate must be a percentage, like 8.25 (leave it empty for no tax line)."],
    ["deposit.value", "101", "The deposit: a percentage can be at most 100."],
  ])("a bad %s is a 400 with a sentence, the typed text kept and nothing saved", async (field, value, sentence) => {
    const before = (await site.db(({ db }) => getQuote({ db, id: quoteId })))!.draft;
    const res = await site.post(
      builder,
      post(bathroom(), "save", (entries) => setField(entries, field, value)),
    );
    expect(res.status).toBe(400);
    expect(alertOf(res.text)).toBe(`${sentence} Go to the field`);
    const id = `q-${field.replaceAll(".", "-")}`;
    expect(res.text).toMatch(new RegExp(`<input[^>]*id="${id}"[^>]*aria-invalid="true"`));
    expect(res.text).toMatch(new RegExp(`<input[^>]*id="${id}"[^>]*value="${value}"|<input[^>]*value="${value}"[^>]*id="${id}"`));
    expect((await site.db(({ db }) => getQuote({ db, id: quoteId })))!.draft).toBe(before);
  });

  test("without JavaScript, “Add a line” and “Add an option” come back in the form, not saved", async () => {
    const before = (await site.db(({ db }) => getQuote({ db, id: quoteId })))!.draft;
    const res = await site.post(builder, post(bathroom(), "add-line:0.0"));
    expect(res.status).toBe(200);
    expect(res.text).toContain('name="o0.s0.l2.description"');
    const option = await site.post(builder, post(bathroom(), "duplicate-option:0"));
    expect(option.text).toContain('name="o1.s0.l1.description"');
    expect(option.text).toContain('value="Option 2"');
    expect((await site.db(({ db }) => getQuote({ db, id: quoteId })))!.draft).toBe(before);
    const unknown = await site.post(builder, post(bathroom(), "explode:1"));
    expect(unknown.status).toBe(400);
  });

  test("a line saved as an item is offered in every section, and added with its price", async () => {
    const saved = await site.post(builder, post(bathroom(), "save-item:0.0.0"));
    expect(saved.status).toBe(200);
    expect(textOf(saved.text)).toContain("“New vanity” is saved");
    const items = await site.db(({ db }) => listQuoteTemplates({ db, kind: "item" }));
    expect(items.map((item) => item.name)).toEqual(["New vanity"]);
    const refused = await site.post(
      builder,
      post(bathroom(), "save-item:0.0.1", (entries) => setField(entries, "o0.s0.l1.price", "abc")),
    );
    expect(refused.status).toBe(400);
    expect(alertOf(refused.text)).toContain("Line 2 of Bathroom: the unit price must be a number of dollars");
    const added = await site.post(builder, [...post(bathroom(), "add-item:0.0"), ["item:0.0", items[0]!.id]]);
    expect(added.status).toBe(200);
    expect(added.text).toMatch(/name="o0.s0.l2.description"[^>]*value="New vanity"|value="New vanity"[^>]*name="o0.s0.l2.description"/);
    expect(added.text).toMatch(/name="o0.s0.l2.price"[^>]*value="1250.50"|value="1250.50"[^>]*name="o0.s0.l2.price"/);
  });

  test("a whole quote saved as a template starts a new quote, and the templates page renames and deletes", async () => {
    const noName = await site.post(builder, [...post(bathroom(), "save-template"), ["templateName", " "]]);
    expect(noName.status).toBe(400);
    expect(alertOf(noName.text)).toContain("Give the template a name");
    const saved = await site.post(builder, [...post(bathroom(), "save-template"), ["templateName", "Bathroom refresh"]]);
    expect(saved.status).toBe(200);
    const [template] = await site.db(({ db }) => listQuoteTemplates({ db, kind: "quote" }));
    expect(template?.name).toBe("Bathroom refresh");

    const lead = await site.get(`/admin/leads/${leadId}`);
    expect(lead.text).toContain(`<option value="${template!.id}">Template: Bathroom refresh</option>`);
    const made = await site.post(`/admin/leads/${leadId}`, { intent: "quote-new", templateId: template!.id });
    expect(made.status).toBe(302);
    const page = await site.get(made.headers.location!);
    expect(textOf(page.text)).toContain("Quote 1002");
    expect(page.text).toMatch(/name="o0.s0.l0.description"[^>]*value="New vanity"|value="New vanity"[^>]*name="o0.s0.l0.description"/);

    const list = await site.get("/admin/quotes/templates");
    expect(list.status).toBe(200);
    expect(textOf(list.text)).toContain("New vanity");
    expect((await site.post(builder, post(bathroom(), "save-item:0.0.1"))).status).toBe(200);
    const grabBar = (await site.db(({ db }) => listQuoteTemplates({ db, kind: "item" }))).find((item) => item.name === "Grab bar");
    const taken = await site.post("/admin/quotes/templates", { intent: "rename", id: grabBar!.id, name: "New vanity" });
    expect(taken.status).toBe(409);
    expect(textOf(taken.text)).toContain("Another one is already named “New vanity”: pick another name.");
    const renamed = await site.post("/admin/quotes/templates", { intent: "rename", id: template!.id, name: "Full bathroom" });
    expect(textOf(renamed.text)).toContain("Renamed to “Full bathroom”.");
    const deleted = await site.post("/admin/quotes/templates", { intent: "delete", id: template!.id, confirm: "yes" });
    expect(textOf(deleted.text)).toContain("Deleted.");
    expect(await site.db(({ db }) => listQuoteTemplates({ db, kind: "quote" }))).toEqual([]);
    const gone = await site.post(`/admin/leads/${leadId}`, { intent: "quote-new", templateId: template!.id });
    expect(gone.status).toBe(400);
  });

  test("a sent quote's builder warns of a new version, and saving leaves the sent version as it was", async () => {
    const sent = await site.db(({ db, dialect }) =>
      createQuoteVersion({ db, dialect, quoteId, document: JSON.stringify(bathroom()), noticeTexts: "[]" }),
    );
    const page = await site.get(builder);
    expect(textOf(page.text)).toContain("Changes make version 2, which the homeowner must sign again.");
    const changed = { ...bathroom(), title: "Bathroom refresh, revised" };
    expect((await site.post(builder, post(changed, "save"))).status).toBe(302);
    const versions = await site.db(({ db }) => db.selectFrom("quote_versions").selectAll().where("quote_id", "=", quoteId).execute());
    expect(versions).toEqual([sent]);
    expect(JSON.parse((await site.db(({ db }) => getQuote({ db, id: quoteId })))!.draft).title).toBe("Bathroom refresh, revised");
  });

  test("“Replace link” gives the quote a new link; another request's quote is a 404", async () => {
    const before = await site.db(({ db }) => getQuote({ db, id: quoteId }));
    const res = await site.post(`/admin/leads/${leadId}`, { intent: "quote-link", quoteId });
    expect(res.status).toBe(200);
    expect(textOf(res.text)).toContain("Quote 1001 has a new link; the old one no longer opens it.");
    const after = await site.db(({ db }) => getQuote({ db, id: quoteId }));
    expect(after!.token_sha256).not.toBe(before!.token_sha256);

    const other = (await seedLead(site)).lead.id;
    expect((await site.get(`/admin/leads/${other}/quotes/${quoteId}`)).status).toBe(404);
    expect((await site.post(`/admin/leads/${other}/quotes/${quoteId}`, post(bathroom(), "save"))).status).toBe(404);
    expect((await site.post(`/admin/leads/${other}`, { intent: "quote-link", quoteId })).status).toBe(404);
  });

  test("a Spanish request's quote says to write it in Spanish, and new parts are named in Spanish", async () => {
    const spanish = (await seedLead(site, { locale: "es", subject: "Baño" })).lead.id;
    const made = await site.post(`/admin/leads/${spanish}`, { intent: "quote-new" });
    const page = await site.get(made.headers.location!);
    expect(textOf(page.text)).toContain("This quote is in Spanish: write it in Spanish.");
    const [quote] = await site.db(({ db }) => listLeadQuotes({ db, leadId: spanish }));
    const option = await site.post(made.headers.location!, post(bathroom(), "add-option"));
    expect(option.text).toContain('value="Opción 2"');
    expect(quote!.locale).toBe("es");
  });
});
