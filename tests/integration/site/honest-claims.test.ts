/**
 * Honest by default (ADR 056), through the real server on SQLite and PostgreSQL: a fresh install's
 * public pages (their words, footer, titles, descriptions and JSON-LD) claim no years, licence,
 * insurance, warranty, permits, payment terms or family business; each shows once the owner
 * enters it at /admin/site; the go-live checklist names what is left out, and an older install's
 * stored default claims stay (nothing stored is lost) but are "to do" until the owner saves the form.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { databaseTargets } from "#tests/support/databases.ts";
import { elementByClass, expectRedirect, setUpAdminSite, tearDownAdminSite, textOf, type AdminSite } from "#tests/support/admin-site.ts";
import { saveStoredProfile } from "#app/server/repos/site-profile.server.ts";
import { createPublicPages } from "#app/server/public-pages.server.ts";
import { defaultProfile } from "#app/content/company.ts";
import { profileToFields } from "#app/schemas/site.ts";

const PUBLIC_PAGES = ["/", "/about", "/services", "/contact"];
/** The phrases a fresh install must not say for the owner, and where they come from when entered. */
const CLAIM_PHRASES = ["years", "licensed", "insured", "warranty", "permit", "family", "pay in full"];
/** Nor a rating, an answer time, a price or financing (ADR 061), on those pages and a service page. */
const COMPARED_PHRASES = ["reviews", "we answer", "typical price", "financing", "over time"];

const entered = {
  years_in_business: "12",
  licence_label_0: "TDLR electrical contractor",
  licence_number_0: "TECL 12345",
  insurance: "General liability insurance up to $1,000,000.",
  warranty: "Two-year written warranty on all labor.",
  permits: "We apply for the permits your job needs and book the inspections.",
  payment_terms: "A deposit to order materials, then payments as the work is done.",
  family_run: "yes",
};

/** What a visitor and a search engine read of a page: its visible words, its title and meta tags, its JSON-LD. */
function whatThePageSays(html: string): string {
  const metas = [...html.matchAll(/<meta\b[^>]*\bcontent="([^"]*)"/g)].map((match) => match[1]);
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
  return [textOf(html), title, ...metas, ...jsonLd].join("\n");
}

function businessJsonLd(html: string): Record<string, unknown> {
  const text = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "{}";
  return JSON.parse(text) as Record<string, unknown>;
}

function checklistItem(html: string, label: string): { status: string; text: string } | null {
  for (const match of html.matchAll(/<li class="checklist__item checklist__item--(\w+)">([\s\S]*?)<\/li>/g)) {
    const text = textOf(match[2]!);
    if (text.includes(label)) return { status: match[1]!, text };
  }
  return null;
}

const CLAIMS_ITEM = "Years, licences, insurance and other claims are yours";

for (const target of databaseTargets("honest_claims", "honest claims suite")) {
  describe(`honest by default (${target.name})`, () => {
    let site: AdminSite;
    const visitor = (path: string) => site.get(path, "");
    const footer = async () => textOf(elementByClass((await visitor("/")).text, "site-footer") ?? "");
    const saveProfile = (fields: Record<string, string>) =>
      site.post("/admin/site", { ...profileToFields(defaultProfile), intent: "save", ...fields });

    /** Seeded straight into the database: tells the server as the CLI does, and waits until "/" is rendered anew. */
    async function dropCache() {
      await visitor("/");
      expect((await visitor("/")).headers["x-page-cache"]).toBe("HIT");
      await site.db((database) => createPublicPages({ database }).invalidate());
      for (let i = 0; i < 50; i++) {
        if ((await visitor("/")).headers["x-page-cache"] === "MISS") return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error("the server never dropped its cached pages");
    }

    beforeAll(async () => {
      site = await setUpAdminSite(target);
    }, 90_000);

    afterAll(() => tearDownAdminSite(target, site));

    test("a fresh install's pages, footer and JSON-LD claim nothing for the owner", async () => {
      for (const path of PUBLIC_PAGES) {
        const page = await visitor(path);
        expect(page.status, path).toBe(200);
        const said = whatThePageSays(page.text).toLowerCase();
        for (const phrase of CLAIM_PHRASES) expect(said, `${path} says “${phrase}”`).not.toContain(phrase);
        for (const phrase of COMPARED_PHRASES) expect(said, `${path} says “${phrase}”`).not.toContain(phrase);
        expect(textOf(elementByClass(page.text, "site-footer") ?? ""), path).not.toMatch(/licensed|insured/i);
      }
      const bathroom = whatThePageSays((await visitor("/bathroom")).text).toLowerCase();
      for (const phrase of COMPARED_PHRASES) expect(bathroom, `/bathroom says “${phrase}”`).not.toContain(phrase);
      const home = (await visitor("/")).text;
      expect(elementByClass(home, "trust")).toBeNull();
      const ld = businessJsonLd(home);
      expect(ld.description).toBe("Home repair and remodeling in Houston, TX.");
      expect(ld).not.toHaveProperty("foundingDate");
      // The pages still say what the site knows: the free estimate, where it works, its hours.
      expect(textOf(home)).toContain("Request For a Free Estimate");
      expect(textOf((await visitor("/about")).text)).toContain("Repair and remodeling in Houston");
    });

    test("the checklist names each claim left out, with its field, as optional", async () => {
      const item = checklistItem((await site.get("/admin")).text, CLAIMS_ITEM);
      expect(item?.status).toBe("optional");
      expect(item?.text).toContain(
        "It says nothing about years in business, licences, insurance, a warranty, permits, payment terms or being family-run, because you have not entered them.",
      );
      expect(item?.text).toContain(
        "Fix: Add only what is true, in the business profile: Years in business, Licences and registrations, Insurance, Warranty, Permits, Payment terms and “The business is family-run”.",
      );
    });

    test("each claim shows, in the owner's words, once entered at /admin/site", async () => {
      expectRedirect(await saveProfile(entered), "/admin/site?done=saved");
      const home = (await visitor("/")).text;
      const trust = textOf(elementByClass(home, "trust") ?? "");
      expect(trust).toContain("12 years in business");
      expect(trust).toContain("Licensed: TDLR electrical contractor TECL 12345");
      // The row says "Insured" and "Warranty"; the owner's sentences are on /about (ADR 061).
      expect(trust).toContain("Insured");
      expect(trust).toContain("Warranty");
      expect(trust).not.toContain(entered.insurance);
      expect(textOf(elementByClass(home, "site-footer") ?? "")).toContain("Licensed and insured.");
      expect(textOf(elementByClass(home, "hero__lead") ?? "")).toContain("with 12 years of experience");
      expect(businessJsonLd(home).description).toBe("Home repair and remodeling in Houston, TX with 12 years of experience.");

      const about = textOf((await visitor("/about")).text);
      expect(about).toContain("A family-run Houston contractor");
      expect(about).toContain("We are a family-run repair and remodeling company based in Houston, with 12 years of experience");
      const credentials = textOf(elementByClass((await visitor("/about")).text, "credentials") ?? "");
      expect(credentials).toContain("Licensed TDLR electrical contractor: TECL 12345");
      expect(credentials).toContain(`Insured ${entered.insurance}`);
      expect(credentials).toContain(`Warranty ${entered.warranty}`);
      for (const path of ["/about", "/contact"]) {
        const faq = textOf(elementByClass((await visitor(path)).text, "faq") ?? "");
        expect(faq, path).toContain(`Do you pull permits? ${entered.permits}`);
        expect(faq, path).toContain(`How do payments work? ${entered.payment_terms}`);
      }

      const item = checklistItem((await site.get("/admin")).text, CLAIMS_ITEM);
      expect(item?.status).toBe("done");
    });

    test("“Licensed” only with a licence: insurance alone says “Insured.”, a licence alone “Licensed.”", async () => {
      expectRedirect(await saveProfile({ ...entered, licence_label_0: "", licence_number_0: "" }), "/admin/site?done=saved");
      expect(await footer()).toContain("Insured.");
      expect(await footer()).not.toMatch(/licensed/i);
      expectRedirect(await saveProfile({ ...entered, insurance: "" }), "/admin/site?done=saved");
      expect(await footer()).toContain("Licensed.");
      expect(await footer()).not.toMatch(/insured/i);
    });

    test("an older install keeps its stored default claims, and the checklist says to confirm them until the form is saved", async () => {
      // What the first-run step of older versions stored: the whole profile, with the old default claims.
      await site.db(({ db }) =>
        saveStoredProfile({
          db,
          updatedBy: null,
          data: {
            ...defaultProfile,
            claimsReviewed: undefined,
            yearsInBusiness: 20,
            insurance: "Our crews are licensed and insured.",
            warranty: "Our workmanship is covered by a written warranty.",
          },
        }),
      );
      await dropCache();
      expect(textOf((await visitor("/")).text)).toContain("20 years in business");
      // The row says "Insured"; the stored sentence itself shows in full on /about.
      expect(textOf((await visitor("/about")).text)).toContain("Our crews are licensed and insured.");
      const item = checklistItem((await site.get("/admin")).text, CLAIMS_ITEM);
      expect(item?.status).toBe("todo");
      expect(item?.text).toContain(
        "The site shows 20 years in business, “Our crews are licensed and insured.” and “Our workmanship is covered by a written warranty.”: words it came with, not ones you entered.",
      );
      // The owner reviews the form and clears the sentences that are not theirs; the years are true.
      expectRedirect(await saveProfile({ years_in_business: "20", insurance: "", warranty: "" }), "/admin/site?done=saved");
      const after = checklistItem((await site.get("/admin")).text, CLAIMS_ITEM);
      expect(after?.status).toBe("optional");
      expect(after?.text).toContain("The site shows years in business as you entered them.");
      expect(textOf((await visitor("/")).text)).not.toMatch(/licensed|insured|warranty/i);
    });
  });
}
