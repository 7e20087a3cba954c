/**
 * The Texas notices page (/admin/quotes/notices, ADR 067) against the real server, on SQLite and
 * (with TEST_POSTGRES_URL) PostgreSQL, posting as a browser without JavaScript does: the banner
 * and each notice's statute and type size are shown; a save wins over the default in the words a
 * quote carries, an emptied field falls back to it, "Restore the default" brings it back; bad
 * input gets a 400 with a sentence and changes nothing; only an admin may look or change.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { databaseTargets } from "#tests/support/databases.ts";
import { expectRedirect, setUpAdminSite, statusLine, tearDownAdminSite, textOf, type AdminSite } from "#tests/support/admin-site.ts";
import { createTestAccount, type TestAccount } from "#tests/support/accounts.ts";
import { getSetting } from "#app/server/repos/settings.server.ts";
import { createQuoteNoticeTemplates, QUOTE_NOTICES_SETTING } from "#app/server/quotes/notice-templates.server.ts";
import { defaultNoticeWords } from "#app/content/quote-notices.ts";
import { noticeLimits } from "#app/schemas/quote-notices.ts";

const targets = databaseTargets("quote-notices", "quote notices suite");
const PAGE = "/admin/quotes/notices";

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" };
const decode = (text: string) => text.replace(/&(#x27|#39|amp|lt|gt|quot);/g, (_, name: string) => entities[name] ?? "");

/** The card of one notice on the page. */
function noticeCard(html: string, id: string): string {
  const at = html.indexOf(`id="notice-${id}"`);
  if (at < 0) return "";
  const start = html.lastIndexOf("<li", at);
  return html.slice(start, html.indexOf("</li>", at) + "</li>".length);
}

/** What a control named `name` shows (an input's value or a textarea's text). */
function fieldValue(html: string, name: string): string | null {
  const input = new RegExp(`<input\\b[^>]*\\bname="${name}"[^>]*>`).exec(html);
  if (input) return decode(/\bvalue="([^"]*)"/.exec(input[0])?.[1] ?? "");
  const textarea = new RegExp(`<textarea\\b[^>]*\\bname="${name}"[^>]*>([\\s\\S]*?)</textarea>`).exec(html);
  return textarea ? decode(textarea[1]!) : null;
}

const homesteadOnly = { homeSolicitation: false, homestead: true, residentialDisclosure: false, subcontractors: { kind: "none" as const } };
const business = { name: "Bayou City Remodeling", address: "1200 Main St, Houston, TX 77002" };

describe.each(targets)("the Texas notices page on $name", (target) => {
  let site: AdminSite;
  let customer: TestAccount;

  beforeAll(async () => {
    site = await setUpAdminSite(target);
    customer = await createTestAccount(site.target, { role: "customer" });
  });

  afterAll(() => tearDownAdminSite(target, site));

  const stored = () => site.db(({ db }) => getSetting({ db, key: QUOTE_NOTICES_SETTING }));
  /** The words a quote would carry now, read the way the quote's sending reads them. */
  const carried = (locale: "en" | "es") =>
    site.db(
      async (database) => (await createQuoteNoticeTemplates({ database }).textsFor({ notices: homesteadOnly, locale, business }))[0]!,
    );

  test("anonymous visitors go to /login and customers get 403, for the page and each action; nothing changes", async () => {
    const actions: Record<string, string>[] = [
      { intent: "save", id: "homestead", title: "Taken over", body: "", title_es: "", body_es: "" },
      { intent: "restore", id: "homestead" },
    ];
    for (const fields of actions) {
      const anonymous = await site.post(PAGE, fields, { cookie: "" });
      expect(anonymous.status).toBe(302);
      expect(new URL(anonymous.headers.location ?? "", site.server.url).pathname).toBe("/login");
      expect((await site.post(PAGE, fields, { cookie: customer.cookie })).status).toBe(403);
    }
    expect((await site.get(PAGE, customer.cookie)).status).toBe(403);
    expect((await site.get(PAGE, "")).status).toBe(302);
    expect(await stored()).toBeNull();
  });

  test("the page says plainly what these are, and each notice's statute, type size and place", async () => {
    const res = await site.get(PAGE);
    expect(res.status).toBe(200);
    const text = textOf(res.text);
    expect(text).toContain("These are starting points taken from the named Texas statutes, to be reviewed by your attorney before use.");
    expect(text).toContain("This software gives no legal advice and does not decide when a notice applies");
    for (const [id, source] of [
      ["disclosure", "Tex. Prop. Code §53.255"],
      ["subcontractors", "Tex. Prop. Code §53.256"],
      ["subcontractors-waiver", "Tex. Prop. Code §53.256"],
      ["homestead", "Tex. Prop. Code §41.007"],
      ["cancellation", "Tex. Bus. & Com. Code §601.052"],
      ["cancellation-form", "Tex. Bus. & Com. Code §601.053"],
    ]) {
      const card = noticeCard(res.text, id!);
      expect(textOf(card), id).toContain(`From ${source}`);
      expect(textOf(card), id).toContain("Default");
      expect(textOf(card), id).not.toContain("Restore the default");
    }
    const homestead = noticeCard(res.text, "homestead");
    expect(textOf(homestead)).toContain("Type size At least 10-point bold type");
    expect(textOf(homestead)).toContain("Printed next to the homeowner's signature line.");
    expect(fieldValue(homestead, "title")).toBe("IMPORTANT NOTICE");
    expect(fieldValue(homestead, "body_es")).toBe(defaultNoticeWords.es.homestead.body);
    expect(homestead).toMatch(/<textarea\b[^>]*\blang="es"[^>]*\bname="body_es"|<textarea\b[^>]*\bname="body_es"[^>]*\blang="es"/);
  });

  test("the consent to sign electronically is shown as homeowners read it, in both languages, with its law and the attorney's review", async () => {
    const text = textOf((await site.get(PAGE)).text);
    expect(text).toContain("Consent to sign electronically");
    expect(text).toContain("the federal ESIGN Act (15 U.S.C. §7001(c)(1))");
    expect(text).toContain("They are a starting point to be reviewed by your attorney; this software gives no legal advice.");
    expect(text).toContain("You have the right to receive this quote, the signed agreement and the documents that go with it on paper.");
    expect(text).toContain("I agree to sign and receive these records electronically");
    expect(text).toContain("Acepto firmar y recibir estos documentos de forma electrónica");
  });

  test("a save wins in the quote's words, only in its language; an emptied field is the default; restore brings it back", async () => {
    const saved = await site.post(PAGE, {
      intent: "save",
      id: "homestead",
      title: "IMPORTANT NOTICE",
      body: "Reviewed by our attorney: {business_name} and you are responsible for this contract.",
      title_es: "",
      body_es: "",
    });
    expectRedirect(saved, `${PAGE}?done=saved&id=homestead`);
    let page = await site.get(saved.headers.location!);
    expect(statusLine(page.text)).toBe("Saved “Homestead warning”. Quotes sent from now on carry these words.");
    let card = noticeCard(page.text, "homestead");
    expect(textOf(card)).toContain("Changed");
    expect(textOf(card)).toContain("Restore the default");
    expect(fieldValue(card, "body")).toBe("Reviewed by our attorney: {business_name} and you are responsible for this contract.");
    // The Spanish left empty reads as the default words, and only what changed is stored.
    expect(fieldValue(card, "body_es")).toBe(defaultNoticeWords.es.homestead.body);
    expect(await stored()).toEqual({
      homestead: { en: { title: "", body: "Reviewed by our attorney: {business_name} and you are responsible for this contract." } },
    });
    expect((await carried("en")).body).toBe("Reviewed by our attorney: Bayou City Remodeling and you are responsible for this contract.");
    expect((await carried("es")).body).toBe(defaultNoticeWords.es.homestead.body);

    const restored = await site.post(PAGE, { intent: "restore", id: "homestead" });
    expectRedirect(restored, `${PAGE}?done=restored&id=homestead`);
    page = await site.get(restored.headers.location!);
    expect(statusLine(page.text)).toBe("“Homestead warning” is back to the default words.");
    card = noticeCard(page.text, "homestead");
    expect(textOf(card)).toContain("Default");
    expect(fieldValue(card, "body")).toBe(defaultNoticeWords.en.homestead.body);
    expect(await stored()).toEqual({});
    expect((await carried("en")).body).toBe(defaultNoticeWords.en.homestead.body);
  });

  test("a Spanish edit is kept apart from the English", async () => {
    const saved = await site.post(PAGE, {
      intent: "save",
      id: "cancellation",
      title: "",
      body: "",
      title_es: "SU DERECHO A CANCELAR ESTE CONTRATO",
      body_es: defaultNoticeWords.es.cancellation.body,
    });
    expectRedirect(saved, `${PAGE}?done=saved&id=cancellation`);
    expect(await stored()).toEqual({ cancellation: { es: { title: "SU DERECHO A CANCELAR ESTE CONTRATO", body: "" } } });
    await site.post(PAGE, { intent: "restore", id: "cancellation" });
  });

  test.each([
    [
      "a text too long",
      { id: "homestead", body: "x".repeat(noticeLimits.body.max + 1) },
      "The English text is too long: keep it under 12,000 characters.",
    ],
    ["a title too long", { id: "homestead", title_es: "x".repeat(noticeLimits.title.max + 1) }, "The Spanish title is too long"],
    ["an unknown placeholder", { id: "homestead", body: "Dear {owner_name}," }, "“{owner_name}” is not a placeholder the software fills."],
    ["a stray brace", { id: "cancellation-form", body_es: "Fecha: {transaction_date" }, "A brace “{” or “}” stands alone"],
    ["an unknown notice", { id: "privacy" }, "That notice does not exist: reload the page and try again."],
  ])("%s: 400 with a sentence, what was typed kept, nothing stored", async (_, fields, message) => {
    const before = await stored();
    const res = await site.post(PAGE, { intent: "save", title: "", body: "", title_es: "", body_es: "", ...fields });
    expect(res.status).toBe(400);
    expect(textOf(res.text)).toContain(message);
    expect(res.text).toMatch(/role="alert"/);
    if (fields.id !== "privacy") {
      const card = noticeCard(res.text, fields.id);
      expect(textOf(card)).toContain(message);
      expect(card).toMatch(/aria-invalid="true"/);
    }
    expect(await stored()).toEqual(before);
  });

  test("an unknown action or a restore of an unknown notice: 400 with a sentence", async () => {
    const intent = await site.post(PAGE, { intent: "publish", id: "homestead" });
    expect(intent.status).toBe(400);
    expect(textOf(intent.text)).toContain("“publish” is not something this page can do. It can: save, restore.");
    const restore = await site.post(PAGE, { intent: "restore", id: "../../etc" });
    expect(restore.status).toBe(400);
    expect(textOf(restore.text)).toContain("That notice does not exist");
  });
});
