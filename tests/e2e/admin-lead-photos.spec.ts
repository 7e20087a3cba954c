/**
 * Photos of the job on the contractor's side, in a real browser: a request sent with two photos
 * (a phone JPEG turned by EXIF orientation 6 with GPS, and an iPhone HEIC with GPS) shows them
 * on the request's page as thumbnails, upright, each a link to the large one; the page has no
 * axe violation and does not scroll sideways at 375 px; the served files carry no metadata.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import sharp from "sharp";
import { FIXTURES_DIR, makeExifJpeg } from "#scripts/make-image-fixtures.ts";
import { expect, test, waitForHydration } from "#tests/e2e/helpers.ts";
import { expectNoSidewaysScroll, newMarker, signInAdmin } from "#tests/e2e/admin-helpers.ts";

test.use({ viewport: { width: 375, height: 812 } });

test("the contractor sees the request's photos upright, linked to the large ones, and the files carry no GPS", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const marker = newMarker("photo");
  const { token } = (await (await request.get("/form-token")).json()) as { token: string };
  const form = new FormData();
  for (const [name, value] of Object.entries({
    from_name: `Pat Photo ${marker}`,
    email: `${marker}@home.test`,
    phone: "(713) 555-0147",
    subject: `Leaking roof ${marker}`,
    message: "Water comes in by the chimney.",
    company_website: "",
    form_token: token,
  })) {
    form.append(name, value);
  }
  form.append("photos", new Blob([new Uint8Array(await makeExifJpeg())], { type: "image/jpeg" }), "roof.jpg");
  const heic = await readFile(path.join(FIXTURES_DIR, "photo-exif-gps.heic"));
  form.append("photos", new Blob([new Uint8Array(heic)], { type: "image/heic" }), "IMG_0042.HEIC");
  const sent = await request.post("/contact", { multipart: form });
  expect(sent.status()).toBe(200);
  expect(await sent.text()).toContain("Message sent successfully");

  await signInAdmin(context, baseURL);
  await page.goto("/admin/leads?status=all&q=" + marker);
  await page
    .getByRole("link", { name: new RegExp(`Leaking roof ${marker}`) })
    .first()
    .click();
  await waitForHydration(page);
  const photos = page.getByRole("region", { name: /Photos of the job/ }).or(page.locator("section[aria-labelledby=lead-photos]"));
  await expect(photos.getByRole("heading", { name: "Photos of the job (2)" })).toBeVisible();
  const thumbs = photos.getByRole("img");
  await expect(thumbs).toHaveCount(2);
  await expect(thumbs.nth(0)).toHaveAttribute("alt", `Photo 1 of 2 from Pat Photo ${marker}`);
  await expect(thumbs.nth(1)).toHaveAttribute("alt", `Photo 2 of 2 from Pat Photo ${marker}`);
  for (const i of [0, 1]) {
    await thumbs.nth(i).scrollIntoViewIfNeeded();
    await expect.poll(() => thumbs.nth(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  }
  // Upright: the JPEG is stored 600 × 400 with orientation 6, so it shows taller than wide.
  const size = await thumbs.nth(0).evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
  expect(size[0]!).toBeLessThan(size[1]!);

  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await expectNoSidewaysScroll(page);

  // The large files, as the links give them to the signed-in admin: no EXIF, no GPS.
  const links = photos.getByRole("link");
  for (const i of [0, 1]) {
    const href = await links.nth(i).getAttribute("href");
    expect(href).toMatch(/^\/admin\/leads\/[0-9a-f-]+\/photos\/[0-9a-f-]+\/large$/);
    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toBe("private, no-store");
    const meta = await sharp(await res.body()).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
  }
  // Signed out, the same address gives no photo.
  const anonymous = await request.get((await links.nth(0).getAttribute("href"))!, { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
});
