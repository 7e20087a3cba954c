/**
 * The estimate form on a 375 px phone, as a homeowner uses it: a service picked from the list,
 * a ZIP code, two photos of the job (a JPEG and an iPhone HEIC with GPS) with a preview each and
 * a progress bar while they upload, the confirmation panel with a reference, and "Send another
 * request" bringing the empty form back. Errors land next to their fields, and the focused one
 * sits clear of the sticky header. axe finds nothing with the panel or the errors shown. Where
 * the visit came from (first page, referrer, utm tags) travels with the request. Without
 * JavaScript the same post, photos included, returns the panel.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Locator, Page, Request } from "@playwright/test";
import { leadsContaining } from "#tests/support/site-db.ts";
import { e2eDataDir, expect, expectNoAxeViolations, test, waitForEstimateScript } from "#tests/e2e/helpers.ts";

const fixtures = resolve(import.meta.dirname, "../fixtures/images");
const JPEG = resolve(fixtures, "exif-orientation6-gps.jpg");
const HEIC = resolve(fixtures, "photo-exif-gps.heic");
/** A little over FORM_MIN_SECONDS (1 s in the e2e server's env). */
const HUMAN_DELAY_MS = 1200;

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

function leadsWith(marker: string) {
  return leadsContaining(e2eDataDir, marker, {
    columns: [
      "id",
      "subject",
      "zip",
      "contact_method",
      "landing_page",
      "referrer",
      "utm_source",
      "utm_medium",
      "utm_campaign",
      "source",
      "is_spam",
    ],
    within: ["from_name"],
    photos: true,
  });
}

function form(page: Page) {
  const root = page.locator("form.estimate-form");
  return {
    root,
    name: root.getByLabel("Full name"),
    email: root.getByRole("textbox", { name: "Email", exact: true }),
    phone: root.getByRole("textbox", { name: "Phone", exact: true }),
    need: root.getByLabel("What do you need?"),
    zip: root.getByLabel("ZIP code"),
    address: root.getByLabel("Street address"),
    text: root.getByRole("radio", { name: "A text message" }),
    bestTime: root.getByLabel("Best time to reach you"),
    photos: root.getByLabel("Photos of the job"),
    photoList: root.getByRole("list", { name: "Chosen photos" }),
    submit: root.getByRole("button", { name: /Send request|Sending/ }),
  };
}

async function open(page: Page, path: string): Promise<number> {
  expect((await page.goto(path))?.status()).toBe(200);
  await waitForEstimateScript(page);
  return Date.now();
}

async function fillRequired(page: Page, marker: string): Promise<void> {
  const f = form(page);
  await f.name.fill(`Maria Gonzalez ${marker}`);
  await f.email.fill("maria.gonzalez@example.com");
  await f.phone.fill("(713) 555-0147");
  await f.need.selectOption("Bathroom Remodeling");
}

async function waitLikeAPerson(page: Page, readyAt: number): Promise<void> {
  const left = readyAt + HUMAN_DELAY_MS - Date.now();
  if (left > 0) await page.waitForTimeout(left);
}

function panel(page: Page): Locator {
  return page.getByRole("region", { name: "We received your request" });
}

async function headerBottom(page: Page): Promise<number> {
  const box = await page.getByRole("banner").boundingBox();
  if (!box) throw new Error("no header");
  return box.y + box.height;
}

/** The fields of a multipart or urlencoded body, text parts only. */
function postedFields(request: Request): Record<string, string> {
  const type = request.headers()["content-type"] ?? "";
  const body = request.postDataBuffer()?.toString("latin1") ?? "";
  if (type.startsWith("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(body));
  const boundary = /boundary=(.+)$/.exec(type)?.[1] ?? "";
  const fields: Record<string, string> = {};
  for (const part of body.split(`--${boundary}`)) {
    const match = /name="([^"]+)"(?!; filename)\r\n\r\n([\s\S]*)\r\n$/.exec(part);
    if (match) fields[match[1]!] = Buffer.from(match[2]!, "latin1").toString("utf8");
  }
  return fields;
}

test("a homeowner picks a service, enters a ZIP, attaches two photos (one an iPhone HEIC), sends, and sees the panel", async ({ page }) => {
  const readyAt = await open(page, "/contact");
  const f = form(page);
  const marker = `e2e-${randomUUID().slice(0, 8)}`;
  await fillRequired(page, marker);
  await f.zip.fill("77008");
  await expect(f.zip).toHaveAttribute("inputmode", "numeric");
  await expect(f.zip).toHaveAttribute("autocomplete", "postal-code");
  await expect(f.address).toHaveAttribute("autocomplete", "address-line1");
  await f.address.fill("1200 Heights Blvd");
  await f.text.check();
  await f.bestTime.fill("Weekdays after 5 pm");
  // No `capture`: a phone offers the camera or the library.
  await expect(f.photos).not.toHaveAttribute("capture");
  await expect(f.photos).toHaveAttribute("multiple", "");

  // Chosen in two goes: the script keeps its own list and adds to it.
  await f.photos.setInputFiles(JPEG);
  await f.photos.setInputFiles(HEIC);
  const items = f.photoList.getByRole("listitem");
  await expect(items).toHaveCount(2);
  // The JPEG is previewed from the file itself; the HEIC, which browsers cannot draw, shows its name and size.
  await expect(items.nth(0).locator("img")).toHaveAttribute("src", /^blob:/);
  await expect
    .poll(() =>
      items
        .nth(0)
        .locator("img")
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
  await expect(items.nth(0)).toContainText("exif-orientation6-gps.jpg");
  await expect(items.nth(1).locator("img")).toHaveCount(0);
  await expect(items.nth(1)).toContainText("photo-exif-gps.heic");
  await expect(items.nth(1)).toContainText(/\d+ KB/);

  // A photo can be removed, and chosen again.
  await items.nth(1).getByRole("button", { name: "Remove photo-exif-gps.heic" }).click();
  await expect(items).toHaveCount(1);
  await f.photos.setInputFiles(HEIC);
  await expect(items).toHaveCount(2);

  // While the photos upload, each has its progress bar; the button says it is sending.
  let progressSeen: string[] = [];
  let sentFields: Record<string, string> = {};
  let sentFiles = 0;
  await page.route("**/estimate-request*", async (route) => {
    const request = route.request();
    sentFields = postedFields(request);
    sentFiles = ((request.postDataBuffer()?.toString("latin1") ?? "").match(/filename="/g) ?? []).length;
    progressSeen = await page
      .getByRole("progressbar")
      .evaluateAll((bars) => bars.filter((bar) => !(bar as HTMLElement).hidden).map((bar) => bar.getAttribute("aria-label") ?? ""));
    await expect(f.submit).toHaveText("Sending…");
    await route.continue();
  });
  await waitLikeAPerson(page, readyAt);
  await f.submit.click();

  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByRole("heading", { name: "We received your request" })).toBeFocused();
  expect(progressSeen).toEqual(["Sending exif-orientation6-gps.jpg", "Sending photo-exif-gps.heic"]);
  expect(sentFiles, "both photos in the multipart body").toBe(2);
  expect(sentFields).toMatchObject({
    subject: "Bathroom Remodeling",
    zip: "77008",
    street_address: "1200 Heights Blvd",
    contact_method: "text",
    best_time: "Weekdays after 5 pm",
  });
  const reference = (await panel(page).locator("strong").first().textContent()) ?? "";
  expect(reference).toMatch(/^[0-9A-F]{8}$/);
  await expect(page.getByRole("status").getByTestId("toast")).toContainText("Message sent successfully");

  const [lead] = leadsWith(marker);
  expect(lead, "the lead is stored").toBeDefined();
  expect(lead!.id.replace(/-/g, "").slice(0, 8).toUpperCase()).toBe(reference);
  expect(lead).toMatchObject({
    subject: "Bathroom Remodeling",
    zip: "77008",
    contact_method: "text",
    source: "/contact",
    is_spam: 0,
    photos: 2,
  });

  await expectNoAxeViolations(page, "/contact at 375 px with the confirmation panel");

  // "Send another request": the empty form, no photo left in the list.
  await panel(page).getByRole("button", { name: "Send another request" }).click();
  await expect(panel(page)).toBeHidden();
  await expect(f.name).toBeFocused();
  for (const field of [f.name, f.email, f.phone, f.zip, f.address, f.bestTime]) await expect(field).toHaveValue("");
  await expect(f.need).toHaveValue("");
  await expect(f.text).not.toBeChecked();
  await expect(f.photoList).toBeHidden();
});

test("more photos than allowed: the first six are kept and a sentence says why the rest were not", async ({ page }) => {
  await open(page, "/");
  const f = form(page);
  const bytes = readFileSync(JPEG);
  await f.photos.setInputFiles(Array.from({ length: 7 }, (_, i) => ({ name: `room-${i + 1}.jpg`, mimeType: "image/jpeg", buffer: bytes })));
  await expect(f.photoList.getByRole("listitem")).toHaveCount(6);
  await expect(f.root).toContainText("You can send up to 6 photos, so 1 photo was not added.");
  await expect(f.root).toContainText(/each up to \d+ MB/);
});

test("a server-side error: at the field, focused, clear of the sticky header, input kept; axe clean", async ({ page, consoleErrors }) => {
  const readyAt = await open(page, "/");
  const f = form(page);
  const marker = `e2e-${randomUUID().slice(0, 8)}`;
  await fillRequired(page, marker);
  // type=email takes an address without a dot in its domain; the server wants a real one.
  await f.email.fill("maria@example");
  await f.zip.fill("77008");
  // Scrolled to the end, so the field to focus is far above the screen.
  await f.submit.scrollIntoViewIfNeeded();
  await waitLikeAPerson(page, readyAt);
  await f.submit.click();

  await expect(page.getByRole("alert").getByTestId("toast")).toContainText("Please check the highlighted fields");
  await expect(f.email).toBeFocused();
  await expect(f.email).toHaveAttribute("aria-invalid", "true");
  await expect(f.email).toHaveAccessibleDescription(/valid email address/);
  const box = await f.email.boundingBox();
  expect(box, "the field is on screen").not.toBeNull();
  expect(box!.y, "the focused field's top is below the sticky header").toBeGreaterThanOrEqual(await headerBottom(page));
  expect(box!.y + box!.height, "and above the bottom of the screen").toBeLessThanOrEqual(812);
  await expect(f.name).toHaveValue(`Maria Gonzalez ${marker}`);
  await expect(f.zip).toHaveValue("77008");
  await expect(f.need).toHaveValue("Bathroom Remodeling");
  await expectNoAxeViolations(page, "/ at 375 px with a field error");
  expect(leadsWith(marker), "nothing stored").toHaveLength(0);
  const expected = consoleErrors.filter((e) => /status of 400 .*estimate-request/.test(e));
  expect(expected).toHaveLength(1);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !expected.includes(e)));
});

test("where the visit came from travels with the request: first page with utm tags, the referring site", async ({ page }) => {
  // The first page of the visit, reached from another site with utm tags.
  await page.goto("/about?utm_source=newsletter&utm_medium=email&utm_campaign=spring-fences", {
    referer: "https://news.example.org/issue-12",
  });
  // Later pages do not replace it.
  await page.goto("/services?utm_source=other");
  const readyAt = await open(page, "/contact");
  const marker = `e2e-${randomUUID().slice(0, 8)}`;
  await fillRequired(page, marker);
  const posted = page.waitForRequest((request) => request.method() === "POST" && request.url().includes("/estimate-request"));
  await waitLikeAPerson(page, readyAt);
  await form(page).submit.click();
  const fields = postedFields(await posted);
  expect(fields).toMatchObject({
    landing_page: "/about?utm_source=newsletter&utm_medium=email&utm_campaign=spring-fences",
    referrer: "https://news.example.org/issue-12",
    utm_source: "newsletter",
    utm_medium: "email",
    utm_campaign: "spring-fences",
  });
  await expect(panel(page)).toBeVisible();
  expect(leadsWith(marker)[0], "stored with the lead").toMatchObject({
    landing_page: "/about?utm_source=newsletter&utm_medium=email&utm_campaign=spring-fences",
    referrer: "https://news.example.org/issue-12",
    utm_source: "newsletter",
    utm_medium: "email",
    utm_campaign: "spring-fences",
    source: "/contact",
  });
  // Nothing of it is in a cookie.
  expect((await page.context().cookies()).map((cookie) => cookie.name)).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the plain post, photos included, returns the confirmation panel", async ({ page }) => {
    const readyAt = Date.now();
    expect((await page.goto("/contact"))?.status()).toBe(200);
    const f = form(page);
    const marker = `e2e-${randomUUID().slice(0, 8)}`;
    await fillRequired(page, marker);
    await f.zip.fill("77008");
    await f.photos.setInputFiles([JPEG, HEIC]);
    await waitLikeAPerson(page, readyAt);
    const response = page.waitForResponse((r) => r.request().method() === "POST" && r.request().isNavigationRequest());
    await f.submit.click();
    expect((await response).status()).toBe(200);
    await page.waitForLoadState();
    await expect(panel(page)).toBeVisible();
    const reference = (await panel(page).locator("strong").first().textContent()) ?? "";
    expect(reference).toMatch(/^[0-9A-F]{8}$/);
    await expect(panel(page).getByRole("link", { name: "Send another request" })).toHaveAttribute("href", "/contact");
    const [lead] = leadsWith(marker);
    expect(lead).toMatchObject({ subject: "Bathroom Remodeling", source: "/contact", photos: 2 });
  });
});
