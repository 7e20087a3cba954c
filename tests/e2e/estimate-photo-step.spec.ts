/**
 * The estimate form's photo step and error layout in a real browser (ADR 062): one "Add photos"
 * button in front of the real, labelled file input, with the count beside it and never the
 * browser's "No file chosen"; the keyboard's focus shown on the button; a text file named like a
 * photo refused as it is picked, with the server's own reason and no thumbnail; a field's error
 * leaving its neighbour's height alone. axe finds nothing in each state. The no-JavaScript side
 * (the browser's own control, the plain post) is in no-js.spec.ts.
 */
import { randomUUID } from "node:crypto";
import { resolve } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { leadsContaining } from "#tests/support/site-db.ts";
import { e2eDataDir, expect, expectNoAxeViolations, test, waitForEstimateScript } from "#tests/e2e/helpers.ts";

const fixtures = resolve(import.meta.dirname, "../fixtures/images");
const JPEG = resolve(fixtures, "exif-orientation6-gps.jpg");
const HEIC = resolve(fixtures, "photo-exif-gps.heic");
/** A text file with a photo's name and declared type: only its first bytes give it away. */
const RENAMED_TEXT = { name: "photo.jpg", mimeType: "image/jpeg", buffer: Buffer.from("Kitchen: 12 x 14 ft, tile floor.\n") };
const NOT_A_PHOTO =
  "“photo.jpg” was not added: it is not a photo we can read. Please send a JPEG, PNG, WebP, AVIF, GIF or HEIC (iPhone) photo.";

function photoStep(page: Page) {
  const form = page.locator("form.estimate-form");
  return {
    form,
    input: form.getByLabel("Photos of the job"),
    button: form.locator("label", { hasText: "Add photos" }),
    count: form.locator("[data-photo-count]"),
    note: form.locator("[data-photo-note]"),
    list: form.getByRole("list", { name: "Chosen photos" }),
  };
}

async function open(page: Page): Promise<void> {
  expect((await page.goto("/contact"))?.status()).toBe(200);
  await waitForEstimateScript(page);
  // A little over FORM_MIN_SECONDS (1 s in the e2e server's env), as a person would take.
  await page.waitForTimeout(1200);
}

async function fillRequired(form: Locator, marker: string, email = "maria.gonzalez@example.com"): Promise<void> {
  await form.getByLabel("Full name").fill(`Maria Gonzalez ${marker}`);
  await form.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await form.getByRole("textbox", { name: "Phone", exact: true }).fill("(713) 555-0147");
  await form.getByLabel("What do you need?").selectOption("Bathroom Remodeling");
}

async function height(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not rendered");
  return box.height;
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("one 'Add photos' button in front of the real file input, the count beside it, the focus shown on it", async ({ page }) => {
      await open(page);
      const step = photoStep(page);
      // A real, labelled file input that posts with the form...
      await expect(step.input).toHaveAttribute("type", "file");
      await expect(step.input).toHaveAttribute("name", "photos");
      await expect(step.input).toHaveAccessibleName("Photos of the job Add photos");
      // ...hidden behind the button, so the browser's "No file chosen" never shows.
      await expect(step.input).toHaveCSS("opacity", "0");
      await expect(step.input).toHaveCSS("position", "absolute");
      await expect(step.button).toBeVisible();
      expect(await height(step.button)).toBeGreaterThanOrEqual(44);
      await expect(step.count).toHaveText("No photos chosen yet");
      await expect(step.count).toHaveAttribute("aria-live", "polite");

      // The keyboard reaches the input; its focus ring shows on the button.
      await page.getByLabel("Best time to reach you").focus();
      await page.keyboard.press("Tab");
      await expect(step.input).toBeFocused();
      await expect(step.button).toHaveCSS("outline-style", "solid");
      await expect(step.button).toHaveCSS("outline-width", "3px");

      await step.input.setInputFiles([JPEG, HEIC]);
      await expect(step.count).toHaveText("2 of 6 photos chosen");
      await expect(step.input).toHaveAccessibleDescription(/2 of 6 photos chosen/);
      await expect(step.list.getByRole("listitem")).toHaveCount(2);
      // The input itself is emptied (the script keeps the list): its own words would contradict the count.
      expect(await step.input.evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);
      await expectNoAxeViolations(page, `/contact at ${viewport.width} px with two photos chosen`);

      await step.list.getByRole("button", { name: "Remove photo-exif-gps.heic" }).click();
      await expect(step.count).toHaveText("1 of 6 photos chosen");
    });

    test("a text file named photo.jpg is refused as it is picked, with its reason, and gets no thumbnail", async ({ page }) => {
      await open(page);
      const step = photoStep(page);
      await step.input.setInputFiles(JPEG);
      await expect(step.list.getByRole("listitem")).toHaveCount(1);

      await step.input.setInputFiles(RENAMED_TEXT);
      await expect(step.note).toHaveText(NOT_A_PHOTO);
      await expect(step.note).toHaveAttribute("aria-live", "polite");
      await expect(step.note).toHaveCSS("color", "rgb(180, 35, 24)");
      await expect(step.input).toHaveAccessibleDescription(/photo\.jpg” was not added: it is not a photo/);
      // Not in the list: no item, no broken image; the photo before it keeps its preview.
      await expect(step.list.getByRole("listitem")).toHaveCount(1);
      await expect(step.list).not.toContainText("photo.jpg");
      await expect(step.count).toHaveText("1 of 6 photos chosen");
      const images = step.list.locator("img");
      await expect(images).toHaveCount(1);
      await expect.poll(() => images.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      await expectNoAxeViolations(page, `/contact at ${viewport.width} px with a file refused`);

      // Sent, the request carries the photo alone: the refused file never leaves the phone.
      const marker = `e2e-${randomUUID().slice(0, 8)}`;
      await fillRequired(step.form, marker);
      await step.form.getByRole("button", { name: "Send request" }).click();
      const panel = page.getByRole("region", { name: "We received your request" });
      await expect(panel).toBeVisible();
      await expect(panel).not.toContainText("photo.jpg");
      expect(leadsContaining(e2eDataDir, marker, { columns: ["id"], within: ["from_name"], photos: true })).toMatchObject([{ photos: 1 }]);
    });
  });
}

test.describe("a field's error", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("leaves its neighbour in the row at its own height; axe finds nothing", async ({ page, consoleErrors }) => {
    await open(page);
    const form = page.locator("form.estimate-form");
    const name = form.getByLabel("Full name");
    const email = form.getByRole("textbox", { name: "Email", exact: true });
    const bestTime = form.getByLabel("Best time to reach you");
    // Side by side: the two fields share a row.
    const [nameBox, emailBox] = [await name.boundingBox(), await email.boundingBox()];
    expect(Math.abs((nameBox?.y ?? 0) - (emailBox?.y ?? 1))).toBeLessThan(1);
    const before = await height(name);
    // Beside the taller radio group, the best time's input keeps its own height too.
    expect(await height(bestTime)).toBe(before);

    // type=email takes an address without a dot in its domain; the server refuses it.
    await fillRequired(form, "error-state", "maria@example");
    await form.getByRole("button", { name: "Send request" }).click();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(form.locator(".field__error")).toBeVisible();

    expect(await height(name)).toBe(before);
    await expectNoAxeViolations(page, "/contact with a field error");

    // The browser's own note of the 400 answer is expected; nothing else.
    const rest = consoleErrors.filter((error) => !/status of 400 .*estimate-request/.test(error));
    expect(consoleErrors.length - rest.length).toBe(1);
    consoleErrors.splice(0, consoleErrors.length, ...rest);
  });
});
