/**
 * The owner's screens at /admin/site (business details, texts, testimonials, photos) against the
 * real server, on SQLite and (with TEST_POSTGRES_URL) PostgreSQL, posting as a browser without
 * JavaScript does: every action is refused to anonymous visitors and customers; good input is
 * saved and shown back; bad input (too long, a wrong phone, a `javascript:` link, HTML in a text,
 * an unknown text, a bad date) gets a 400 with a sentence a person understands, and changes
 * nothing, read back through the pages themselves.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { databaseTargets } from "#tests/support/databases.ts";
import {
  elementByClass,
  expectRedirect,
  expectServerHealthy,
  LEADS_TO,
  setUpAdminSite,
  tearDownAdminSite,
  statusLine,
  textOf,
  type AdminSite,
} from "#tests/support/admin-site.ts";
import { createTestAccount, type TestAccount } from "#tests/support/accounts.ts";
import { openTestStorage, seedPhoto } from "#tests/support/photos.ts";
import { defaultProfile } from "#app/content/company.ts";
import { profileToFields } from "#app/schemas/site.ts";

const targets = databaseTargets("admin-site", "admin site suite");

const PROFILE = "/admin/site";
const TEXTS = "/admin/site/texts";
const TESTIMONIALS = "/admin/site/testimonials";
const PHOTOS = "/admin/site/photos";

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" };
const decode = (text: string) => text.replace(/&(#x27|#39|amp|lt|gt|quot);/g, (_, name: string) => entities[name] ?? "");

/** The value a form control named `name` shows (an input's value or a textarea's text); null when there is none. */
function fieldValue(html: string, name: string): string | null {
  const input = new RegExp(`<input\\b[^>]*\\bname="${name}"[^>]*>`).exec(html);
  if (input) return decode(/\bvalue="([^"]*)"/.exec(input[0])?.[1] ?? "");
  const textarea = new RegExp(`<textarea\\b[^>]*\\bname="${name}"[^>]*>([\\s\\S]*?)</textarea>`).exec(html);
  return textarea ? decode(textarea[1]!) : null;
}

/** The raw HTML of the control named `name` (its opening tag). */
function controlTag(html: string, name: string): string {
  return new RegExp(`<(input|textarea|select)\\b[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0] ?? "";
}

/** A text card's Spanish form (ADR 064), after its English one. */
const spanishForm = (card: string) => card.slice(card.indexOf('class="site-text__form site-text__spanish"'));

/** The card of one text on the texts page. */
function textCard(html: string, key: string): string {
  const id = `text-${key.replace(/[^a-z0-9]+/gi, "-")}`;
  const at = html.indexOf(`id="${id}"`);
  if (at < 0) return "";
  const start = html.lastIndexOf("<li", at);
  return html.slice(start, html.indexOf("</li>", at) + "</li>".length);
}

/** The ids of the testimonials in the list, in order. */
function testimonialOrder(html: string): string[] {
  const list = elementByClass(html, "site-testimonials") ?? "";
  return [...list.matchAll(/<li[^>]*id="testimonial-([0-9a-f-]{36})"/g)].map((m) => m[1]!);
}

/** The service cards' headings on a page, in order. */
const cardTitles = (html: string) =>
  [...(elementByClass(html, "card-grid") ?? "").matchAll(/<h3 class="card__title">([^<]*)<\/h3>/g)].map((m) => decode(m[1]!));
/** The estimate form's service choices, in order. */
const subjectOptions = (html: string) =>
  [...(/<select[^>]*name="subject"[\s\S]*?<\/select>/.exec(html)?.[0] ?? "").matchAll(/<option value="([^"]*)"/g)]
    .map((m) => decode(m[1]!))
    .filter(Boolean);

const goodTestimonial = {
  intent: "add",
  quote: "They rebuilt our kitchen in three weeks and left the house clean every evening.",
  name: "Maria G.",
  place: "Heights, Houston",
  service: "kitchen",
  given_on: "2026-03-14",
  link: "https://www.google.com/maps/reviews/example",
};

describe.each(targets)("admin site pages on $name", (target) => {
  let site: AdminSite;
  let customer: TestAccount;

  beforeAll(async () => {
    site = await setUpAdminSite(target);
    customer = await createTestAccount(site.target, { role: "customer" });
  });

  afterAll(() => tearDownAdminSite(target, site));

  const profilePost = (fields: Record<string, string>) =>
    site.post(PROFILE, { ...profileToFields(defaultProfile), intent: "save", ...fields });

  describe("who may use them", () => {
    const actions: [string, Record<string, string>][] = [
      [PROFILE, { ...profileToFields(defaultProfile), intent: "save", name: "Taken Over LLC" }],
      [TEXTS, { intent: "save", key: "home.headline", value: "Taken over" }],
      [TEXTS, { intent: "restore", key: "home.headline" }],
      [TESTIMONIALS, { ...goodTestimonial, name: "Intruder" }],
      [TESTIMONIALS, { intent: "delete", id: "00000000-0000-4000-8000-000000000000", confirm: "yes" }],
      [TESTIMONIALS, { intent: "move", id: "00000000-0000-4000-8000-000000000000", direction: "up" }],
      [PHOTOS, { intent: "choose", slot: "hero", photoId: "" }],
    ];

    test.each(actions)("%s %j: anonymous → /login, customer → 403, nothing changes", async (path, fields) => {
      const anonymous = await site.post(path, fields, { cookie: "" });
      expect(anonymous.status).toBe(302);
      const location = new URL(anonymous.headers.location ?? "", site.server.url);
      expect(location.pathname).toBe("/login");
      expect(location.searchParams.get("redirectTo")).toBe(path);
      const refused = await site.post(path, fields, { cookie: customer.cookie });
      expect(refused.status).toBe(403);

      const getAnonymous = await site.get(path, "");
      expect(getAnonymous.status).toBe(302);
      expect((await site.get(path, customer.cookie)).status).toBe(403);

      // Nothing was done: the admin still sees the defaults.
      expect(fieldValue((await site.get(PROFILE)).text, "name")).toBe(defaultProfile.name);
      expect(textOf((await site.get(TESTIMONIALS)).text)).toContain("0 testimonials");
      expect(textCard((await site.get(TEXTS)).text, "home.headline")).toContain(">Default<");
    });

    test("an unknown or missing intent gets a 400 that says what each page can do", async () => {
      for (const [path, known] of [
        [PROFILE, "save"],
        [TEXTS, "save, restore"],
        [TESTIMONIALS, "add, update, delete, move"],
        [PHOTOS, "choose"],
      ] as const) {
        const unknown = await site.post(path, { intent: "explode" });
        expect(unknown.status, path).toBe(400);
        expect(textOf(unknown.text)).toContain(`“explode” is not something this page can do. It can: ${known}.`);
        const missing = await site.post(path, {});
        expect(missing.status, path).toBe(400);
        expect(textOf(missing.text)).toContain("The form did not say what to do. Please use the buttons on this page.");
      }
    });
  });

  describe("business details", () => {
    test("the form shows the placeholders, every field labelled, with the limits as HTML attributes", async () => {
      const res = await site.get(PROFILE);
      expect(res.status).toBe(200);
      const html = res.text;
      const text = textOf(html);
      expect(text).toContain("Business details");
      expect(text).toContain("Not saved yet: the site still shows the example details below.");
      // The admin navigation leads here, and the sub-navigation marks this part.
      expect(elementByClass(html, "admin-nav") ?? "").toMatch(
        /<a(?=[^>]*href="\/admin\/site")(?=[^>]*aria-current="page")[^>]*>Your site<\/a>/,
      );
      expect(elementByClass(html, "site-tabs") ?? "").toMatch(
        /<a(?=[^>]*href="\/admin\/site")(?=[^>]*aria-current="page")[^>]*>Business details<\/a>/,
      );

      for (const [name, value] of Object.entries(profileToFields(defaultProfile))) {
        // The family-run box: always "yes" as a value, ticked only when the owner said so (ADR 056).
        if (name === "family_run") expect(controlTag(html, name)).toMatch(/type="checkbox"(?![^>]*checked)/);
        else expect(fieldValue(html, name), name).toBe(value);
        const id = /\bid="([^"]+)"/.exec(controlTag(html, name))?.[1];
        expect(id, `${name} has an id`).toBeTruthy();
        expect(html, `${name} has a label`).toContain(`<label for="${id}">`);
      }
      expect(controlTag(html, "name")).toMatch(/maxLength="80"|maxlength="80"/i);
      expect(controlTag(html, "name")).toContain("required");
      expect(controlTag(html, "phone")).toContain('type="tel"');
      expect(controlTag(html, "public_email")).toContain('type="email"');
      expect(controlTag(html, "hours_mon_open")).toContain('type="time"');
      expect(controlTag(html, "link_google")).toContain('type="url"');
      // Grouped, with legends a contractor recognises.
      for (const legend of [
        "The business",
        "How customers reach you",
        "Where you are",
        "Where you work",
        "Opening hours",
        "Licences and registrations",
        "Insurance, warranty, permits and payments",
        "Your pages elsewhere",
        "Services on the home page",
      ]) {
        expect(html).toContain(`<legend>${legend}</legend>`);
      }
      // LEADS_TO is set on this server: the form says it wins.
      expect(text).toContain(`Right now the server's LEADS_TO setting wins: they go to ${LEADS_TO} until that setting is removed.`);
      expect(text).toContain("Leave empty to show only the city");
    });

    test("bad input gets a 400 with each field's message, keeps what was typed, and saves nothing", async () => {
      const cases: [Record<string, string>, string, string][] = [
        [{ name: "N".repeat(81) }, "name", "Please keep the business name under 81 characters."],
        [{ name: "" }, "name", "Please enter the business name."],
        [{ phone: "123" }, "phone", "Please enter a US phone number with area code, like (713) 555-0147."],
        [{ public_email: "not-an-email" }, "public_email", "Please enter a valid email address, like name@yourcompany.com."],
        [{ link_facebook: "javascript:alert(1)" }, "link_facebook", "The Facebook link must be a full web address starting with https://."],
        [{ region: "Texas" }, "region", "Please keep the state under 3 characters."],
        [{ postal_code: "7700" }, "postal_code", "Please enter a 5-digit ZIP code."],
        [{ service_zips: "77008 7700x" }, "service_zips", '"7700x" is not a 5-digit ZIP code.'],
        [{ years_in_business: "many" }, "years_in_business", "Please enter the years in business as a whole number, like 20."],
        [{ hours_mon_open: "18:00", hours_mon_close: "07:00" }, "hours_mon_close", "The closing time must be after the opening time."],
        [{ hours_sun_open: "09:00" }, "hours_sun_close", "Please give both the opening and the closing time, or neither for a day off."],
        [{ licence_number_0: "TECL 12345" }, "licence_label_0", "Please say what this number is"],
        [
          { featured_tile: "11" },
          "featured_tile",
          "Please enter a number from 1 to 10, or leave it empty to keep this service off the home page.",
        ],
        // The facts homeowners compare on (ADR 061).
        [
          { review_rating: "4.9", review_source: "Google", review_link: "https://g.page/r/x" },
          "review_count",
          "Please enter how many reviews the rating is based on.",
        ],
        [
          { review_rating: "5.5", review_count: "37", review_source: "Google", review_link: "https://g.page/r/x" },
          "review_rating",
          "Please enter the rating as a number from 0.0 to 5.0 with at most one decimal, like 4.8.",
        ],
        [
          { review_rating: "4.9", review_count: "37", review_source: "Google", review_link: "http://g.page/r/x" },
          "review_link",
          "The rating's page must be a full web address starting with https://.",
        ],
        // Where a review request sends every customer (issue 29).
        [{ review_place_id: "not a place id!" }, "review_place_id", "A Google Place ID is one word of letters, digits, “-” and “_”"],
        [
          { review_write_link: "http://www.yelp.com/writeareview" },
          "review_write_link",
          "The review page must be a full web address starting with https://.",
        ],
        [{ price_from_kitchen: "25000" }, "price_to_kitchen", "Please give both prices of the range, or neither."],
        [{ price_from_kitchen: "25000", price_to_kitchen: "9000" }, "price_to_kitchen", "The higher price must be at least the lower one."],
        [
          { financing_link: "https://lender.example.com", financing_label: "As low as $99/mo" },
          "financing_label",
          "Please name the lender only, with no amounts, rates, months or payments",
        ],
      ];
      for (const [fields, field, message] of cases) {
        const res = await profilePost({ slogan: "Typed but refused", ...fields });
        expect(res.status, JSON.stringify(fields)).toBe(400);
        const text = textOf(res.text);
        expect(text).toContain("Nothing was saved: please correct the field marked below.");
        expect(text, field).toContain(message);
        // The field is marked and what was typed is back in the form.
        expect(controlTag(res.text, field)).toContain('aria-invalid="true"');
        expect(fieldValue(res.text, "slogan")).toBe("Typed but refused");
        for (const [name, value] of Object.entries(fields)) expect(fieldValue(res.text, name)).toBe(value);
      }
      const after = await site.get(PROFILE);
      expect(fieldValue(after.text, "slogan")).toBe(defaultProfile.slogan);
      expect(fieldValue(after.text, "phone")).toBe(defaultProfile.phone);
      expect(textOf(after.text)).toContain("Not saved yet");
      await expectServerHealthy(site);
    });

    test("the services on the home page: the owner's order on / and /services and first in the form's list; none at all is refused", async () => {
      expect(cardTitles((await site.get("/", "")).text)).toEqual([
        "Kitchen Remodeling",
        "Repair & Remodeling",
        "Bathroom Remodeling",
        "Flooring",
        "Fences",
      ]);

      const noneFeatured = Object.fromEntries(
        Object.keys(profileToFields(defaultProfile))
          .filter((name) => name.startsWith("featured_"))
          .map((name) => [name, ""]),
      );
      const refused = await profilePost(noneFeatured);
      expect(refused.status).toBe(400);
      expect(textOf(refused.text)).toContain(
        "Services on the home page: Please give at least one service a place, so the home page shows it.",
      );

      const saved = await profilePost({ ...noneFeatured, featured_outdoor: "1", featured_fences: "2", featured_kitchen: "3" });
      expectRedirect(saved, "/admin/site?done=saved");
      const form = (await site.get(PROFILE)).text;
      expect([fieldValue(form, "featured_outdoor"), fieldValue(form, "featured_fences"), fieldValue(form, "featured_repair")]).toEqual([
        "1",
        "2",
        "",
      ]);
      const home = (await site.get("/", "")).text;
      expect(cardTitles(home)).toEqual(["Outdoor Living", "Fences", "Kitchen Remodeling"]);
      expect(subjectOptions(home).slice(0, 4)).toEqual(["Outdoor Living", "Fences", "Kitchen Remodeling", "Bathroom Remodeling"]);
      expect(cardTitles((await site.get("/services", "")).text)).toEqual(["Outdoor Living", "Fences", "Kitchen Remodeling"]);
      // A service page's button opens the form with its service chosen; an unknown one chooses nothing.
      expect((await site.get("/fences", "")).text).toContain('href="/contact?service=fences"');
      const contact = await site.get("/contact?service=fences", "");
      expect(contact.status).toBe(200);
      expect(contact.text).toMatch(/<option value="Fences" selected="">/);
      const unknown = await site.get("/contact?service=rocket-science", "");
      expect(unknown.status).toBe(200);
      expect(unknown.text).not.toMatch(/<option value="[^"]+" selected="">/);

      expectRedirect(await profilePost({}), "/admin/site?done=saved");
      expect(cardTitles((await site.get("/", "")).text)[0]).toBe("Kitchen Remodeling");
    });

    test("a good save is stored, tidied and shown back, with a status line", async () => {
      const res = await profilePost({
        name: "Bayou City Builders",
        phone: "713.555.0199",
        public_email: "hello@bayoucity.test",
        lead_inbox: "leads@bayoucity.test",
        street: "",
        city: "Houston",
        region: "tx",
        postal_code: "77008",
        service_cities: "Houston\nBellaire\n\nbellaire\nKaty",
        service_zips: "77008, 77009 77401",
        years_in_business: "12",
        hours_sat_open: "",
        hours_sat_close: "",
        licence_label_0: "TDLR electrical contractor",
        licence_number_0: "TECL 12345",
        licence_label_1: "City of Houston registered contractor",
        licence_number_1: "",
        insurance: "General liability insurance up to $1,000,000.",
        warranty: "Two-year written warranty on all labour.",
        permits: "We apply for the permits your job needs and book the inspections.",
        payment_terms: "A deposit to order materials, then payments as the work is done.",
        family_run: "yes",
        link_google: "https://maps.app.goo.gl/example",
      });
      expectRedirect(res, "/admin/site?done=saved");
      const page = await site.get(res.headers.location!);
      expect(statusLine(page.text)).toBe("Saved the business details. The site shows them now.");
      expect(textOf(page.text)).toMatch(/Last saved \w{3} \d{1,2}, \d{4}/);
      const html = page.text;
      expect(fieldValue(html, "name")).toBe("Bayou City Builders");
      expect(fieldValue(html, "phone")).toBe("(713) 555-0199");
      expect(fieldValue(html, "lead_inbox")).toBe("leads@bayoucity.test");
      expect(fieldValue(html, "region")).toBe("TX");
      expect(fieldValue(html, "service_cities")).toBe("Houston\nBellaire\nKaty");
      expect(fieldValue(html, "service_zips")).toBe("77008 77009 77401");
      expect(fieldValue(html, "years_in_business")).toBe("12");
      expect(fieldValue(html, "hours_sat_open")).toBe("");
      expect(fieldValue(html, "hours_mon_open")).toBe("07:00");
      expect(fieldValue(html, "licence_label_1")).toBe("City of Houston registered contractor");
      expect(fieldValue(html, "licence_number_0")).toBe("TECL 12345");
      expect(fieldValue(html, "link_google")).toBe("https://maps.app.goo.gl/example");
      expect(fieldValue(html, "permits")).toBe("We apply for the permits your job needs and book the inspections.");
      expect(fieldValue(html, "payment_terms")).toBe("A deposit to order materials, then payments as the work is done.");
      expect(controlTag(html, "family_run")).toMatch(/\bchecked=""/);
      // The site's own read of the profile (what the pages get) has it at once.
      const stored = await site.db(({ db }) => db.selectFrom("site_profile").select("data").executeTakeFirst());
      expect(JSON.parse(String(stored?.data))).toMatchObject({ name: "Bayou City Builders", phone: "(713) 555-0199" });
      await expectServerHealthy(site);
    });

    test("the facts homeowners compare on are saved, shown back, and shown on the pages only once entered", async () => {
      const proof = {
        answer_promise: "We answer within one business day",
        review_rating: "4.9",
        review_count: "37",
        review_source: "Google",
        review_link: "https://g.page/r/bayou/review",
        price_from_bathroom: "$8,000",
        price_to_bathroom: "15,000",
        financing_link: "https://lender.example.com/bayou",
        financing_label: "Financing through Hearth",
      };
      expectRedirect(await profilePost(proof), "/admin/site?done=saved");
      const html = (await site.get(PROFILE)).text;
      expect(fieldValue(html, "review_rating")).toBe("4.9");
      expect(fieldValue(html, "price_from_bathroom")).toBe("8000");
      expect(fieldValue(html, "price_to_bathroom")).toBe("15000");
      expect(fieldValue(html, "financing_label")).toBe("Financing through Hearth");
      const stored = await site.db(({ db }) => db.selectFrom("site_profile").select("data").executeTakeFirst());
      expect(JSON.parse(String(stored?.data))).toMatchObject({
        reviewRating: 4.9,
        reviewCount: 37,
        priceRanges: { bathroom: { from: 8000, to: 15000 } },
        financingLink: "https://lender.example.com/bayou",
      });

      const bathroom = (await site.get("/bathroom", "")).text;
      const row = textOf(elementByClass(bathroom, "trust") ?? "");
      expect(row).toContain("4.9 from 37 Google reviews");
      expect(row).toContain("We answer within one business day");
      expect(bathroom).toContain('<a href="https://g.page/r/bayou/review" rel="noopener">4.9 from 37 Google reviews</a>');
      const cta = textOf(elementByClass(bathroom, "service__cta") ?? "");
      expect(cta).toContain("Typical price: $8,000 – $15,000");
      expect(cta).toContain("Every home is different: your free written estimate gives the real price for yours.");
      expect(cta).toContain("Paying over time? Financing through Hearth");
      // A service without a price says nothing about price; the contact page has the row and the lender's link.
      expect(textOf((await site.get("/kitchen", "")).text)).not.toContain("Typical price");
      const contact = (await site.get("/contact", "")).text;
      expect(textOf(elementByClass(contact, "trust") ?? "")).toContain("4.9 from 37 Google reviews");
      expect(contact).toContain('<a href="https://lender.example.com/bayou" rel="noopener">Financing through Hearth</a>');
      // Shown as words only: no rating markup about the business.
      expect(bathroom + contact).not.toMatch(/AggregateRating|ratingValue|itemprop/);

      // Where the review requests send every customer (issue 29): kept and shown back, with the hint.
      const review = { review_place_id: "ChIJN1t_tDeuEmsRUsoyG83frY4", review_write_link: "https://www.yelp.com/writeareview/biz/bayou" };
      expectRedirect(await profilePost({ ...proof, ...review }), "/admin/site?done=saved");
      const form = (await site.get(PROFILE)).text;
      expect(fieldValue(form, "review_place_id")).toBe(review.review_place_id);
      expect(fieldValue(form, "review_write_link")).toBe(review.review_write_link);
      expect(textOf(form)).toContain("Google Place ID Find it with Google's Place ID Finder");
      expect(textOf(form)).toContain("Every customer gets the same link, happy or not");
      const withReview = await site.db(({ db }) => db.selectFrom("site_profile").select("data").executeTakeFirst());
      expect(JSON.parse(String(withReview?.data))).toMatchObject({
        reviewPlaceId: review.review_place_id,
        reviewWriteLink: review.review_write_link,
      });

      // Cleared again: the pages say nothing about any of it.
      const cleared = Object.fromEntries([...Object.keys(proof), ...Object.keys(review)].map((name) => [name, ""]));
      expectRedirect(await profilePost(cleared), "/admin/site?done=saved");
      const after = (await site.get("/bathroom", "")).text;
      expect(elementByClass(after, "trust")).toBeNull();
      expect(textOf(after)).not.toMatch(/Typical price|Paying over time|Google reviews/);
    });
  });

  describe("texts", () => {
    test("every editable text is listed by page, with its hint, a Default badge and the Markdown help", async () => {
      const res = await site.get(TEXTS);
      expect(res.status).toBe(200);
      const text = textOf(res.text);
      expect(text).toContain("**bold**");
      expect(text).toContain("[words](https://…)");
      for (const group of ["Home page", "About page", "Questions and answers", "Service: Fences", "Service: Ceramic & Porcelain Tiles"]) {
        expect(text).toContain(group);
      }
      const headline = textCard(res.text, "home.headline");
      expect(textOf(headline)).toContain("Headline Default The big words at the top of the home page.");
      // A line is one input; a longer text a textarea.
      expect(headline).toMatch(/<input\b[^>]*name="value"/);
      expect(textCard(res.text, "about.body")).toMatch(/<textarea\b[^>]*name="value"/);
      // The default has no Restore button.
      expect(textOf(headline)).not.toContain("Restore the default");
      // Nothing is open until a text is worked on.
      expect(res.text).not.toMatch(/<details[^>]*class="site-group"[^>]*open/);
    });

    test("a save shows as Changed in its open group; Restore the default brings the default back", async () => {
      const saved = await site.post(TEXTS, {
        intent: "save",
        key: "home.intro",
        value: "We **rebuild** kitchens.\n\n- Tile\n- Counters\n\n[Call us](tel:+17135550199)",
      });
      expectRedirect(saved, "/admin/site/texts?done=saved&key=home.intro");
      let page = await site.get(saved.headers.location!);
      expect(statusLine(page.text)).toBe("Saved “Introduction” (Home page). The site shows it now.");
      let card = textCard(page.text, "home.intro");
      expect(textOf(card)).toContain("Introduction Changed");
      expect(fieldValue(card, "value")).toBe("We **rebuild** kitchens.\n\n- Tile\n- Counters\n\n[Call us](tel:+17135550199)");
      expect(textOf(card)).toContain("Restore the default");
      expect(textOf(card)).toContain("See the default words");
      expect(page.text).toMatch(/<details class="site-group" open="">\s*<summary><span class="site-group__name">Home page<\/span>/);
      expect(textOf(page.text)).toContain("1 of 36 texts are your own words.");

      const restored = await site.post(TEXTS, { intent: "restore", key: "home.intro" });
      expectRedirect(restored, "/admin/site/texts?done=restored&key=home.intro");
      page = await site.get(restored.headers.location!);
      expect(statusLine(page.text)).toBe("“Introduction” (Home page) is back to the default words.");
      card = textCard(page.text, "home.intro");
      expect(textOf(card)).toContain("Introduction Default");
      expect(fieldValue(card, "value")).toMatch(/^Home repair and remodeling in /);
    });

    test("a text's Spanish version (ADR 064): saved beside the English, refused with the same rules, removed when saved empty", async () => {
      let page = await site.get(TEXTS);
      let card = textCard(page.text, "home.intro");
      expect(textOf(spanishForm(card))).toContain("In Spanish (optional) Not yet");
      expect(controlTag(spanishForm(card), "value")).toContain('lang="es"');

      const saved = await site.post(TEXTS, { intent: "save", key: "home.intro", locale: "es", value: "Remodelamos **cocinas** y baños." });
      expectRedirect(saved, "/admin/site/texts?done=spanish-saved&key=home.intro");
      page = await site.get(saved.headers.location!);
      expect(statusLine(page.text)).toBe("Saved the Spanish “Introduction” (Home page). The Spanish page shows it now.");
      card = textCard(page.text, "home.intro");
      expect(fieldValue(spanishForm(card), "value")).toBe("Remodelamos **cocinas** y baños.");
      // The English stays the default words.
      expect(textOf(card)).toContain("Introduction Default");
      expect(textOf(spanishForm(card))).toContain("Written");

      const refused = await site.post(TEXTS, { intent: "save", key: "home.intro", locale: "es", value: "Somos <b>los mejores</b>." });
      expect(refused.status).toBe(400);
      card = textCard(refused.text, "home.intro");
      expect(controlTag(spanishForm(card), "value")).toContain('aria-invalid="true"');
      expect(fieldValue(spanishForm(card), "value")).toBe("Somos <b>los mejores</b>.");
      // The English field is not the one marked.
      expect(controlTag(card, "value")).not.toContain('aria-invalid="true"');

      const removed = await site.post(TEXTS, { intent: "save", key: "home.intro", locale: "es", value: "  " });
      expectRedirect(removed, "/admin/site/texts?done=spanish-removed&key=home.intro");
      page = await site.get(removed.headers.location!);
      expect(statusLine(page.text)).toBe("Removed the Spanish “Introduction” (Home page). The Spanish page shows the English words.");
      expect(fieldValue(spanishForm(textCard(page.text, "home.intro")), "value")).toBe("");
    });

    test("HTML, a javascript: link, an empty or too long text, a line break in a line, or an unknown text: a clear 4xx and nothing changes", async () => {
      const cases: [{ key: string; value: string }, number, string][] = [
        [{ key: "about.body", value: "We are <b>great</b>." }, 400, "Texts cannot contain HTML tags such as <b> or <a>."],
        [{ key: "about.body", value: "<script>alert(1)</script>" }, 400, "Texts cannot contain HTML tags"],
        [
          { key: "about.body", value: "See [our work](javascript:alert(1))" },
          400,
          "links must start with https://, http://, mailto:, tel: or /.",
        ],
        [{ key: "about.body", value: "   " }, 400, "The text cannot be empty: use “Restore the default” to go back to the original words."],
        [{ key: "about.body", value: "x".repeat(12_001) }, 400, "Please keep the text under 12001 characters."],
        [{ key: "about.heading", value: "Two\nlines" }, 400, "is one line: please remove the line breaks."],
        [{ key: "home.nonsense", value: "Hello" }, 404, "That text does not exist: reload the page and try again."],
      ];
      for (const [fields, status, message] of cases) {
        const res = await site.post(TEXTS, { intent: "save", ...fields });
        expect(res.status, fields.value.slice(0, 40)).toBe(status);
        expect(textOf(res.text)).toContain(message);
        expect(res.text).toMatch(/role="alert"/);
        if (status === 400) {
          // Shown in the text's own card, marked, with what was typed.
          const card = textCard(res.text, fields.key);
          expect(textOf(card)).toContain(message);
          expect(controlTag(card, "value")).toContain('aria-invalid="true"');
          if (fields.value.length < 100) expect(fieldValue(card, "value")).toBe(fields.value);
        }
      }
      const restoreUnknown = await site.post(TEXTS, { intent: "restore", key: "nope" });
      expect(restoreUnknown.status).toBe(404);
      expect(textOf(restoreUnknown.text)).toContain("That text does not exist");

      const page = await site.get(TEXTS);
      expect(textOf(page.text)).toContain("All 36 texts are the defaults.");
      expect(textOf(textCard(page.text, "about.body"))).toContain("Story Default");
      await expectServerHealthy(site);
    });
  });

  describe("testimonials", () => {
    test("added, edited, moved and deleted (after a confirmation), each with a status line", async () => {
      let page = await site.get(TESTIMONIALS);
      expect(textOf(page.text)).toContain("No testimonials yet.");
      expect(page.text).toMatch(/<option value=""[^>]*>The business as a whole<\/option>/);
      expect(page.text).toMatch(/<option value="tile"[^>]*>Ceramic &amp; Porcelain Tiles<\/option>/);
      expect(controlTag(page.text, "given_on")).toContain('type="date"');

      const first = await site.post(TESTIMONIALS, goodTestimonial);
      expect(first.status).toBe(302);
      const firstId = /[?&]id=([0-9a-f-]{36})/.exec(first.headers.location ?? "")?.[1];
      expect(firstId).toBeTruthy();
      page = await site.get(first.headers.location!);
      expect(statusLine(page.text)).toBe("Added the testimonial from Maria G., Heights, Houston. The site shows it now.");
      expect(textOf(page.text)).toContain("1. Maria G., Heights, Houston They rebuilt our kitchen in three weeks");
      expect(textOf(page.text)).toContain("Kitchen Remodeling · March 14, 2026");

      const second = await site.post(TESTIMONIALS, {
        ...goodTestimonial,
        name: "Tom B.",
        place: "",
        service: "",
        link: "",
        quote: "Honest prices.",
      });
      const secondId = /[?&]id=([0-9a-f-]{36})/.exec(second.headers.location ?? "")?.[1] ?? "missing";
      page = await site.get(TESTIMONIALS);
      // The newest goes first.
      expect(testimonialOrder(page.text)).toEqual([secondId, firstId]);
      expect(textOf(page.text)).toContain("The business as a whole · March 14, 2026");

      // Edit: the form opens in the card with the stored values.
      page = await site.get(`${TESTIMONIALS}?edit=${firstId}`);
      const card = /<li[^>]*id="testimonial-[^"]+"[\s\S]*?<\/li>/g;
      const cards = page.text.match(card) ?? [];
      const editing = cards.find((html) => html.includes(`id="testimonial-${firstId}"`)) ?? "";
      expect(editing).toContain('name="intent" value="update"');
      expect(editing).toContain(`name="id" value="${firstId}"`);
      expect(fieldValue(editing, "quote")).toBe(goodTestimonial.quote);
      expect(fieldValue(editing, "given_on")).toBe("2026-03-14");
      // Its form is the only one on the page.
      expect(textOf(page.text)).not.toContain("Add a testimonial");
      // The other card is not being edited.
      expect(cards.find((html) => html.includes(`id="testimonial-${secondId}"`))).not.toContain('value="update"');
      const updated = await site.post(TESTIMONIALS, {
        ...goodTestimonial,
        intent: "update",
        id: firstId!,
        name: "Maria González",
        service: "tile",
      });
      expectRedirect(updated, `/admin/site/testimonials?done=updated&id=${firstId}`);
      page = await site.get(updated.headers.location!);
      expect(statusLine(page.text)).toBe("Saved the testimonial from Maria González, Heights, Houston.");
      expect(textOf(page.text)).toContain("Ceramic & Porcelain Tiles · March 14, 2026");

      // Move: down and up, and not past the ends.
      const moved = await site.post(TESTIMONIALS, { intent: "move", id: secondId, direction: "down" });
      expectRedirect(moved, `/admin/site/testimonials?done=moved&id=${secondId}`);
      page = await site.get(moved.headers.location!);
      expect(statusLine(page.text)).toBe("Moved the testimonial from Tom B. to place 2 of 2.");
      expect(testimonialOrder(page.text)).toEqual([firstId, secondId]);
      const pastEnd = await site.post(TESTIMONIALS, { intent: "move", id: secondId, direction: "down" });
      expect(pastEnd.status).toBe(409);
      expect(textOf(pastEnd.text)).toContain("That testimonial is already last.");
      const sideways = await site.post(TESTIMONIALS, { intent: "move", id: secondId, direction: "sideways" });
      expect(sideways.status).toBe(400);

      // Delete: without the confirmation nothing goes; the question names the testimonial.
      const unconfirmed = await site.post(TESTIMONIALS, { intent: "delete", id: secondId });
      expect(unconfirmed.status).toBe(400);
      expect(textOf(unconfirmed.text)).toContain("Please confirm: use “Delete” and then “Yes, delete it”.");
      const question = await site.get(`${TESTIMONIALS}?delete=${secondId}`);
      const section = /<section id="confirm-delete"[\s\S]*?<\/section>/.exec(question.text)?.[0] ?? "";
      expect(textOf(section)).toContain("Delete this testimonial? “Honest prices.” — Tom B.");
      expect(section).toContain('name="confirm" value="yes"');
      const deleted = await site.post(TESTIMONIALS, { intent: "delete", id: secondId, confirm: "yes" });
      expectRedirect(deleted, "/admin/site/testimonials?done=deleted");
      page = await site.get(deleted.headers.location!);
      expect(statusLine(page.text)).toBe("Deleted the testimonial.");
      expect(testimonialOrder(page.text)).toEqual([firstId]);
      const again = await site.post(TESTIMONIALS, { intent: "delete", id: secondId, confirm: "yes" });
      expect(again.status).toBe(404);
      expect(textOf(again.text)).toContain("That testimonial is no longer there: it may have been deleted.");
    });

    test("bad input gets a 400 with the field's message, keeps what was typed, and adds nothing", async () => {
      const before = testimonialOrder((await site.get(TESTIMONIALS)).text);
      const cases: [Record<string, string>, string, string][] = [
        [{ given_on: "14/03/2026" }, "given_on", "Please enter the date of the review, like 2026-03-14."],
        [{ given_on: "2026-02-31x" }, "given_on", "Please enter the date of the review, like 2026-03-14."],
        [{ link: "javascript:alert(1)" }, "link", "The review link must be a full web address starting with https://."],
        [{ quote: "" }, "quote", "Please enter what the customer said."],
        [{ quote: "<img src=x onerror=alert(1)>" }, "quote", "The quote cannot contain HTML tags."],
        [{ name: "N".repeat(81) }, "name", "Please keep the name under 81 characters."],
      ];
      for (const [fields, field, message] of cases) {
        const res = await site.post(TESTIMONIALS, { ...goodTestimonial, place: "Typed place", ...fields });
        expect(res.status, JSON.stringify(fields)).toBe(400);
        expect(textOf(res.text)).toContain(message);
        expect(controlTag(res.text, field)).toContain('aria-invalid="true"');
        expect(fieldValue(res.text, "place")).toBe("Typed place");
      }
      const unknownService = await site.post(TESTIMONIALS, { ...goodTestimonial, service: "rocket-science" });
      expect(unknownService.status).toBe(400);
      expect(textOf(unknownService.text)).toContain("Please choose one of the services, or “The business as a whole”.");
      const unknownId = await site.post(TESTIMONIALS, {
        ...goodTestimonial,
        intent: "update",
        id: "00000000-0000-4000-8000-000000000000",
      });
      expect(unknownId.status).toBe(404);
      expect(testimonialOrder((await site.get(TESTIMONIALS)).text)).toEqual(before);
      await expectServerHealthy(site);
    });
  });

  describe("photos", () => {
    test("an empty gallery says so and links to it; published photos can be chosen for the hero and the about page", async () => {
      let page = await site.get(PHOTOS);
      expect(page.status).toBe(200);
      expect(textOf(page.text)).toContain("Your gallery has no photos yet. Until it has some, the site shows the drawings.");
      expect(page.text).toContain('href="/admin/gallery"');

      const storage = await openTestStorage(site.server.dataDir);
      const seed = (caption: string, draft = false) =>
        site.db((database) => seedPhoto({ database, storage, dataDir: site.server.dataDir }, { caption, width: 400, height: 300, draft }));
      const patio = await seed("Backyard patio");
      const shower = await seed("Walk-in shower");
      const draft = await seed("Not yet", true);

      page = await site.get(PHOTOS);
      const text = textOf(page.text);
      expect(text).toContain(
        "The big photo at the top of the home page The first thing a visitor sees. A wide photo of a finished job works best. Now: the drawing.",
      );
      expect(page.text).toMatch(/<input(?=[^>]*id="hero-drawing")(?=[^>]*value="")[^>]*checked/);
      expect(page.text).toContain(`id="hero-${patio.id}"`);
      expect(page.text).toContain(`id="about-${shower.id}"`);
      expect(page.text).not.toContain(`value="${draft.id}"`);
      // Thumbnails are the smallest WebP variant.
      expect(page.text).toMatch(new RegExp(`<label for="hero-${patio.id}"[^>]*><img src="[^"]*/photos/${patio.id}/[^"]*\\.webp"`));

      const chosen = await site.post(PHOTOS, { intent: "choose", slot: "hero", photoId: patio.id });
      expectRedirect(chosen, "/admin/site/photos?done=photo&slot=hero");
      page = await site.get(chosen.headers.location!);
      expect(statusLine(page.text)).toBe("The home page shows your photo now.");
      expect(textOf(page.text)).toContain(
        "The big photo at the top of the home page The first thing a visitor sees. A wide photo of a finished job works best. Now: your photo “Backyard patio”.",
      );
      expect(page.text).toMatch(new RegExp(`<input[^>]*id="hero-${patio.id}"[^>]*checked`));
      expect(page.text).toMatch(/<input[^>]*id="about-drawing"[^>]*checked/);

      // The contact page's photo (ADR 060): in its banner instead of the drawing.
      expect((await site.get("/contact", "")).text).not.toContain('class="banner__image banner__image--contact"');
      expectRedirect(
        await site.post(PHOTOS, { intent: "choose", slot: "contact", photoId: shower.id }),
        "/admin/site/photos?done=photo&slot=contact",
      );
      expect(statusLine((await site.get("/admin/site/photos?done=photo&slot=contact")).text)).toBe(
        "The contact page shows your photo now.",
      );
      expect((await site.get("/contact", "")).text).toMatch(
        new RegExp(
          `<img class="banner__image banner__image--contact" src="/media/photos/${shower.id}/[^"]+" width="400" height="300" alt="Walk-in shower"`,
        ),
      );

      const notPublished = await site.post(PHOTOS, { intent: "choose", slot: "about", photoId: draft.id });
      expect(notPublished.status).toBe(404);
      expect(textOf(notPublished.text)).toContain("That photo is not published in the gallery: publish it first, then choose it.");
      const badSlot = await site.post(PHOTOS, { intent: "choose", slot: "footer", photoId: patio.id });
      expect(badSlot.status).toBe(400);
      expect(textOf(badSlot.text)).toContain("Please choose where the photo goes: the home page, the about page or the contact page.");
      const badId = await site.post(PHOTOS, { intent: "choose", slot: "about", photoId: "not-a-photo" });
      expect(badId.status).toBe(404);

      const drawing = await site.post(PHOTOS, { intent: "choose", slot: "hero", photoId: "" });
      expectRedirect(drawing, "/admin/site/photos?done=drawing&slot=hero");
      page = await site.get(drawing.headers.location!);
      expect(statusLine(page.text)).toBe("The home page shows the drawing again.");
      expect(page.text).toMatch(/<input[^>]*id="hero-drawing"[^>]*checked/);
      expect(page.text).toMatch(/<input[^>]*id="about-drawing"[^>]*checked/);
      await expectServerHealthy(site);
    });
  });
});
