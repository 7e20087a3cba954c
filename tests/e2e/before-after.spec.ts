/**
 * The before/after pair (app/components/before-after.tsx, ADR 038) in a real browser, before any
 * app page shows one: the test renders a page of pairs the way the server renders a public page
 * (tests/support/before-after-page.tsx, built by Vite as the server bundle is), caches it as the page cache does (the
 * nonce dropped, the inline script and stylesheet allowed by their hashes in the same CSP the app
 * sends) and serves it, with the photos, from a small HTTP server of its own. No route is added
 * to the app. The project page's own browser tests come with that page.
 */
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import type { Browser, Locator, Page } from "@playwright/test";
import type { BeforeAfterProps } from "#app/components/before-after.tsx";
import type { GalleryPhoto, PhotoSource } from "#app/schemas/photo-view.ts";
import { createCachedPage } from "#server/page-cache.ts";
import { baseSecurityHeaders, contentSecurityPolicy, createNonce } from "#server/security-headers.ts";
import { makeTestJpeg } from "#tests/support/photos.ts";
import { expect, expectNoAxeViolations, test, watchPage } from "#tests/e2e/helpers.ts";

const WIDTHS = [480, 960];

/** One photo as the gallery serves it: WebP and AVIF at two widths and a tiny placeholder (fast encodings: a test). */
async function makePhoto(
  files: Map<string, { type: string; body: Buffer }>,
  options: { id: string; width: number; height: number; hue: number; label: string; alt: string; caption?: string },
): Promise<GalleryPhoto> {
  const { id, width, height } = options;
  const master = await makeTestJpeg({ width, height, hue: options.hue, label: options.label });
  const sources: Record<"webp" | "avif", PhotoSource[]> = { webp: [], avif: [] };
  for (const format of ["webp", "avif"] as const) {
    for (const w of WIDTHS) {
      const h = Math.round((height * w) / width);
      const resized = sharp(master).resize(w, h);
      const body = await (
        format === "avif" ? resized.avif({ quality: 50, effort: 0 }) : resized.webp({ quality: 60, effort: 0 })
      ).toBuffer();
      const url = `/media/${id}-${w}.${format}`;
      files.set(url, { type: `image/${format}`, body });
      sources[format].push({ url, width: w, height: h });
    }
  }
  files.set(`/media/${id}.jpg`, { type: "image/jpeg", body: master });
  const tiny = await sharp(master).resize(16, 16, { fit: "inside" }).webp({ quality: 40 }).toBuffer();
  return {
    id,
    caption: options.caption ?? "",
    alt: options.alt,
    captionEs: "",
    altEs: "",
    category: "kitchen-remodeling",
    width,
    height,
    placeholder: `data:image/webp;base64,${tiny.toString("base64")}`,
    avif: sources.avif,
    webp: sources.webp,
    large: sources.webp.at(-1) as PhotoSource,
    master: { url: `/media/${id}.jpg`, width, height },
  };
}

const KITCHEN = "Kitchen in Meyerland";
const BATH = "Bathroom in the Heights";

let server: Server;
let origin = "";
let servedHtml = "";

test.beforeAll(async () => {
  // Encoding the photos takes a few seconds on a busy two-core machine.
  test.setTimeout(90_000);
  const files = new Map<string, { type: string; body: Buffer }>();
  // The first pair has photos of different shapes (4:3 before, 3:2 after): the before photo is
  // cropped to the after photo's shape. The second is a tall after photo and a wide before one.
  const pairs: BeforeAfterProps[] = [
    {
      caption: KITCHEN,
      headingLevel: 2,
      priority: "high",
      before: await makePhoto(files, {
        id: "k-before",
        width: 1600,
        height: 1200,
        hue: 20,
        label: "Old",
        alt: "Old kitchen with dark oak cabinets",
      }),
      after: await makePhoto(files, {
        id: "k-after",
        width: 1500,
        height: 1000,
        hue: 200,
        label: "New",
        alt: "New kitchen with white shaker cabinets",
      }),
    },
    {
      caption: BATH,
      headingLevel: 2,
      before: await makePhoto(files, {
        id: "b-before",
        width: 1200,
        height: 900,
        hue: 90,
        label: "Old",
        alt: "Old bathroom with a pink tub",
      }),
      after: await makePhoto(files, {
        id: "b-after",
        width: 900,
        height: 1200,
        hue: 280,
        label: "New",
        alt: "New walk-in shower with grey tile",
      }),
    },
  ];

  // Vite builds the page module as the app's server build does (TSX, `~/` paths, the stylesheet
  // minified for `?inline`, the serialised script as the bundle has it), into this worker's folder.
  const { build } = await import("vite");
  const outDir = join(process.cwd(), "test-results", `before-after-page-${test.info().workerIndex}`);
  await build({
    configFile: false,
    root: process.cwd(),
    logLevel: "error",
    resolve: { tsconfigPaths: true },
    build: {
      ssr: "tests/support/before-after-page.tsx",
      outDir,
      emptyOutDir: true,
      target: "node24",
      cssTarget: "es2022",
      cssMinify: true,
      copyPublicDir: false,
    },
  });
  const module = (await import(
    pathToFileURL(join(outDir, "before-after-page.js")).href
  )) as typeof import("#tests/support/before-after-page.tsx");
  const nonce = createNonce();
  const html = module.renderBeforeAfterPage({ nonce, pairs });
  // What the page cache keeps and sends: the nonce dropped, the inline script and style by hash.
  const page = createCachedPage({ html, nonce, status: 200, headers: [], ttlMs: 60_000 });
  servedHtml = page.identity.toString("utf8");
  const headers = {
    ...baseSecurityHeaders(false),
    "Content-Security-Policy": contentSecurityPolicy({
      scriptSources: page.scriptHashes,
      styleSources: page.styleHashes,
      isHttps: false,
      isDevelopment: false,
    }),
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-cache",
  };

  server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    if (path === "/favicon.ico") {
      response.writeHead(204).end();
      return;
    }
    if (path === "/") {
      response.writeHead(200, headers).end(page.identity);
      return;
    }
    const file = files.get(path);
    if (!file) {
      response.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
      return;
    }
    response.writeHead(200, { "Content-Type": file.type, "Cache-Control": "max-age=3600" }).end(file.body);
  });
  // Any free port: the test's two workers each start one, beside the suite's servers.
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

const pair = (page: Page, caption: string) =>
  page.locator("figure.before-after").filter({ has: page.getByRole("heading", { name: caption }) });
const range = (figure: Locator) => figure.locator("input[type=range]");
const beforeImg = (figure: Locator) => figure.locator(".before-after__pane--before img.before-after__img");
const afterImg = (figure: Locator) => figure.locator(".before-after__pane--after img.before-after__img");
const clipOf = (img: Locator) => img.evaluate((element) => getComputedStyle(element).clipPath);

/** Waits for the photos the page loads at once (not the lazy ones), then sums its layout shifts (CLS) so far. */
async function layoutShiftAfterLoad(page: Page): Promise<number> {
  await page.waitForFunction(() =>
    [...document.images].filter((image) => image.loading !== "lazy").every((image) => image.complete && image.naturalWidth > 0),
  );
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) total += (entry as PerformanceEntry & { value: number }).value;
        }).observe({ type: "layout-shift", buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)));
      }),
  );
}

/**
 * axe cannot run with JavaScript off (it waits on timers that never fire), so, as in
 * estimate-form.spec.ts, it runs on a copy of the no-JavaScript page's DOM without its scripts,
 * at the same address in a context that runs scripts.
 */
async function expectNoAxeViolationsWithoutJs(page: Page, browser: Browser, label: string): Promise<void> {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  expect(html).not.toMatch(/class="[^"]*before-after--slider/);
  const context = await browser.newContext({ viewport: page.viewportSize(), javaScriptEnabled: true });
  try {
    const copy = await context.newPage();
    await copy.route(page.url(), (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }));
    await copy.goto(page.url());
    await expect(copy.locator("figure.before-after").first()).not.toHaveClass(/before-after--slider/);
    await expectNoAxeViolations(copy, label);
  } finally {
    await context.close();
  }
}

async function openPhone(browser: Browser, consoleErrors: string[]) {
  const context = await browser.newContext({
    viewport: { width: 375, height: 667 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await watchPage(page, consoleErrors);
  return { context, page };
}

test.describe("before/after slider", () => {
  test("the served page is the cached form: no nonce, scripts allowed by hash", () => {
    expect(servedHtml).not.toContain("nonce=");
    expect(servedHtml.match(/<script>/g)).toHaveLength(2);
  });

  test("at 1280 px: starts at 50%, keyboard moves it, both photos keep their names, no layout shift, axe", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(origin);
    const kitchen = pair(page, KITCHEN);
    await expect(kitchen).toHaveClass(/before-after--slider/);
    const slider = page.getByRole("slider", { name: `Before and after: ${KITCHEN}` });
    await expect(slider).toBeVisible();
    await expect(slider).toHaveValue("50");
    await expect(slider).toHaveAttribute("aria-valuetext", "50% after");
    expect(await clipOf(beforeImg(kitchen))).toBe("inset(0px 0px 0px 50%)");

    // One box, the after photo's shape (3:2); the before photo (4:3) fills it exactly, cropped.
    const frame = await kitchen.locator(".before-after__frame").boundingBox();
    const afterBox = await afterImg(kitchen).boundingBox();
    const beforeBox = await beforeImg(kitchen).boundingBox();
    expect(frame && afterBox && beforeBox).toBeTruthy();
    if (!frame || !afterBox || !beforeBox) return;
    expect(Math.abs(afterBox.width / afterBox.height - 1.5)).toBeLessThan(0.01);
    expect(beforeBox).toEqual(afterBox);
    // The whole slider fits in the window (80% of its height at most), its caption lined up with it.
    expect(frame.height).toBeLessThanOrEqual(800 * 0.8 + 1);
    const heading = await kitchen.getByRole("heading", { name: KITCHEN }).boundingBox();
    expect(heading && Math.round(heading.x)).toBe(Math.round(frame.x));
    await expect(beforeImg(kitchen)).toHaveCSS("object-fit", "cover");

    // The labels: After on the left of the handle, Before on the right, both readable.
    const afterLabel = kitchen.locator(".before-after__pane--after .before-after__label");
    const beforeLabel = kitchen.locator(".before-after__pane--before .before-after__label");
    await expect(afterLabel).toHaveText("After");
    await expect(beforeLabel).toHaveText("Before");
    const afterLabelBox = await afterLabel.boundingBox();
    const beforeLabelBox = await beforeLabel.boundingBox();
    expect(
      afterLabelBox && beforeLabelBox && afterLabelBox.x < frame.x + frame.width / 2 && beforeLabelBox.x > frame.x + frame.width / 2,
    ).toBe(true);

    expect(await layoutShiftAfterLoad(page)).toBe(0);
    await expectNoAxeViolations(page, "before/after pairs at 1280 px");

    // Keyboard: Tab lands on the first slider; its knob shows the focus ring.
    await page.keyboard.press("Tab");
    await expect(slider).toBeFocused();
    const knob = kitchen.locator(".before-after__knob");
    await expect(knob).toHaveCSS("outline-style", "solid");
    await expect(knob).toHaveCSS("outline-width", "3px");
    await page.keyboard.press("ArrowRight");
    await expect(slider).toHaveAttribute("aria-valuetext", "51% after");
    expect(await clipOf(beforeImg(kitchen))).toBe("inset(0px 0px 0px 51%)");
    await page.keyboard.press("PageUp");
    await expect(slider).toHaveAttribute("aria-valuetext", "61% after");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(slider).toHaveAttribute("aria-valuetext", "59% after");
    await page.keyboard.press("End");
    await expect(slider).toHaveAttribute("aria-valuetext", "100% after");
    expect(await clipOf(beforeImg(kitchen))).toBe("inset(0px 0px 0px 100%)");
    // The handle follows: its line sits at the right edge, the knob still inside the box.
    const line = await kitchen.locator(".before-after__line").boundingBox();
    const knobBox = await knob.boundingBox();
    expect(line && Math.abs(line.x + line.width / 2 - (frame.x + frame.width))).toBeLessThan(2);
    expect(knobBox && knobBox.x + knobBox.width).toBeLessThanOrEqual(frame.x + frame.width);
    // Fully clipped, the before photo is still there for screen readers, as are both labels.
    await expect(page.getByRole("img", { name: "Old kitchen with dark oak cabinets" })).toHaveCount(1);
    await expect(page.getByRole("img", { name: "New kitchen with white shaker cabinets" })).toHaveCount(1);
    await expect(beforeLabel).toBeVisible();
    await page.keyboard.press("Home");
    await expect(slider).toHaveAttribute("aria-valuetext", "0% after");
    expect(await clipOf(beforeImg(kitchen))).toBe("inset(0px 0px 0px 0%)");
    await expect(afterLabel).toBeVisible();
    await page.keyboard.press("PageDown");
    await expect(slider).toHaveAttribute("aria-valuetext", "0% after");
    await page.keyboard.press("ArrowUp");
    await expect(slider).toHaveAttribute("aria-valuetext", "1% after");
    await expectNoAxeViolations(page, "before/after pairs at 1280 px, slider focused at 1%");

    // The second pair is its own slider, untouched; Tab reaches it next.
    const bath = pair(page, BATH);
    await expect(range(bath)).toHaveAttribute("aria-valuetext", "50% after");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("slider", { name: `Before and after: ${BATH}` })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(range(bath)).toHaveAttribute("aria-valuetext", "51% after");
    await expect(slider).toHaveAttribute("aria-valuetext", "1% after");
    // Tall after photo (3:4), wide before photo: still one box of the after photo's shape.
    const bathAfter = await afterImg(bath).boundingBox();
    expect(bathAfter && Math.abs(bathAfter.width / bathAfter.height - 0.75)).toBeLessThan(0.01);
    expect(await beforeImg(bath).boundingBox()).toEqual(bathAfter);
    // The files fit the slider's width (`sizes`): 960 px for the kitchen (80% of 800 px at 3:2),
    // 480 px for the tall bathroom (80% of 800 px at 3:4), not the column's 1024 px.
    expect(bathAfter && Math.round(bathAfter.width)).toBe(480);
    await expect.poll(() => afterImg(kitchen).evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/k-after-960\.avif$/);
    await afterImg(bath).scrollIntoViewIfNeeded();
    await expect.poll(() => afterImg(bath).evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/b-after-480\.avif$/);
    await expect.poll(() => beforeImg(bath).evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/b-before-480\.avif$/);

    // A mouse drag anywhere on the photos moves it.
    await kitchen.scrollIntoViewIfNeeded();
    const box = await kitchen.locator(".before-after__frame").boundingBox();
    if (!box) throw new Error("no frame");
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.75, box.y + box.height * 0.8, { steps: 8 });
    await page.mouse.up();
    await expect(slider).toHaveAttribute("aria-valuetext", /^(7[3-7])% after$/);

    expect(await page.evaluate(() => window.__e2e?.cspViolations ?? [])).toEqual([]);
  });

  test("at 375 px with touch: dragging a finger across the photo moves it, a vertical swipe scrolls", async ({
    browser,
    consoleErrors,
  }) => {
    const { context, page } = await openPhone(browser, consoleErrors);
    try {
      await page.goto(origin);
      const kitchen = pair(page, KITCHEN);
      const slider = range(kitchen);
      await expect(kitchen).toHaveClass(/before-after--slider/);
      const frame = await kitchen.locator(".before-after__frame").boundingBox();
      if (!frame) throw new Error("no frame");
      // Full width of the column, the after photo's shape.
      expect(frame.width).toBeGreaterThan(300);
      expect(Math.abs(frame.width / frame.height - 1.5)).toBeLessThan(0.02);
      expect(await layoutShiftAfterLoad(page)).toBe(0);

      const cdp = await context.newCDPSession(page);
      const touch = async (type: "touchStart" | "touchMove" | "touchEnd", x?: number, y?: number) =>
        cdp.send("Input.dispatchTouchEvent", {
          type,
          touchPoints: x === undefined || y === undefined ? [] : [{ x, y }],
        });
      const y = frame.y + frame.height * 0.6;
      // From the handle (the middle) to 80%.
      await touch("touchStart", frame.x + frame.width * 0.5, y);
      for (let i = 1; i <= 10; i++) await touch("touchMove", frame.x + frame.width * (0.5 + 0.03 * i), y);
      await touch("touchEnd");
      await expect(slider).toHaveAttribute("aria-valuetext", /^(7[8-9]|8[0-2])% after$/);
      const value = Number(await slider.inputValue());
      expect(await clipOf(beforeImg(kitchen))).toBe(`inset(0px 0px 0px ${value}%)`);

      // Starting away from the handle, near the left edge, works too: the range covers the photo.
      await touch("touchStart", frame.x + frame.width * 0.1, y);
      for (let i = 1; i <= 5; i++) await touch("touchMove", frame.x + frame.width * (0.1 + 0.02 * i), y);
      await touch("touchEnd");
      await expect(slider).toHaveAttribute("aria-valuetext", /^(1[8-9]|2[0-2])% after$/);

      // A vertical swipe on the photo scrolls the page. Like any touch on a native range, its
      // first touch sets the split where it lands (here 70%); it does not drag it after that.
      const scrollBefore = await page.evaluate(() => window.scrollY);
      const x = frame.x + frame.width * 0.7;
      await touch("touchStart", x, frame.y + frame.height * 0.9);
      for (let i = 1; i <= 10; i++) await touch("touchMove", x, frame.y + frame.height * (0.9 - 0.08 * i));
      await touch("touchEnd");
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrollBefore);
      await expect(slider).toHaveAttribute("aria-valuetext", /^(6[8-9]|7[0-2])% after$/);

      await expectNoAxeViolations(page, "before/after pairs at 375 px");
      expect(await page.evaluate(() => window.__e2e?.cspViolations ?? [])).toEqual([]);
    } finally {
      await context.close();
    }
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 667 },
  ]) {
    test(`without JavaScript at ${viewport.width} px: the two photos with their labels, ${viewport.width > 400 ? "side by side" : "one above the other"}`, async ({
      browser,
      consoleErrors,
    }) => {
      const context = await browser.newContext({ viewport, javaScriptEnabled: false });
      const page = await context.newPage();
      await watchPage(page, consoleErrors);
      try {
        await page.goto(origin);
        const kitchen = pair(page, KITCHEN);
        await expect(kitchen).not.toHaveClass(/before-after--slider/);
        // No slider that would do nothing.
        await expect(page.getByRole("slider")).toHaveCount(0);
        await expect(range(kitchen)).toBeHidden();
        const before = page.getByRole("img", { name: "Old kitchen with dark oak cabinets" });
        const after = page.getByRole("img", { name: "New kitchen with white shaker cabinets" });
        await expect(before).toBeVisible();
        await expect(after).toBeVisible();
        expect(await clipOf(before)).toBe("none");
        const beforeBox = await before.boundingBox();
        const afterBox = await after.boundingBox();
        if (!beforeBox || !afterBox) throw new Error("no photo boxes");
        if (viewport.width > 400) {
          // Side by side, the same size: the before photo cropped to the after photo's shape.
          expect(beforeBox.x + beforeBox.width).toBeLessThan(afterBox.x);
          expect(beforeBox.y).toBe(afterBox.y);
          expect(beforeBox.height).toBe(afterBox.height);
          expect(beforeBox.width).toBe(afterBox.width);
        } else {
          expect(beforeBox.y + beforeBox.height).toBeLessThan(afterBox.y);
          expect(afterBox.width).toBeGreaterThan(300);
        }
        // Each label sits on its own photo.
        for (const [name, box] of [
          ["Before", beforeBox],
          ["After", afterBox],
        ] as const) {
          const label = kitchen.locator(".before-after__label", { hasText: new RegExp(`^${name}$`) });
          await expect(label).toBeVisible();
          const labelBox = await label.boundingBox();
          expect(labelBox && labelBox.x >= box.x && labelBox.y >= box.y && labelBox.x + labelBox.width <= box.x + box.width).toBe(true);
        }
        await expectNoAxeViolationsWithoutJs(page, browser, `before/after pairs without JavaScript at ${viewport.width} px`);
      } finally {
        await context.close();
      }
    });
  }
});
