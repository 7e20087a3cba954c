/**
 * Under the site's Content-Security-Policy every page loads without a console error, an uncaught
 * exception or a CSP violation. No public page loads a framework (docs/decisions/006-... and
 * 026-...): each carries the small inline script that notes where the visit came from, the
 * pages with the estimate form load the form's own script, one same-origin file the browser
 * keeps (065-...), and no page loads more than 40 KB of gzipped JavaScript (inline and files).
 * Admin pages hydrate, and a public page reached from one in the browser (client-side
 * navigation) still works, the estimate form included.
 */
import { gzipSync } from "node:zlib";
import { signInAdmin } from "#tests/e2e/admin-helpers.ts";
import { company, expect, expectH1, publicPaths, test, waitForEstimateScript, waitForHydration } from "#tests/e2e/helpers.ts";

const pages = [...publicPaths, "/login", "/signup", "/no-such-page"];
/** The pages with the estimate form and its script. */
const formPages = new Set(["/", "/contact"]);
/** Issue 14: no public page loads more than this much gzipped JavaScript. */
const MAX_JS_GZIP_BYTES = 40 * 1024;

for (const path of pages) {
  const hasForm = formPages.has(path);
  test(`${path} loads ${hasForm ? "only the form's script file" : "no script file"} and at most 40 KB of gzipped JavaScript, with no console error and no CSP violation`, async ({
    page,
    consoleErrors,
  }) => {
    const scriptFiles: string[] = [];
    const fileBytes: Promise<number>[] = [];
    page.on("response", (res) => {
      if (res.request().resourceType() !== "script") return;
      scriptFiles.push(new URL(res.url()).pathname);
      fileBytes.push(res.body().then((body) => gzipSync(body, { level: 9 }).length));
    });
    const response = await page.goto(path);
    expect(response?.headers()["content-security-policy"], "the page is served with a CSP").toMatch(/script-src/);
    if (hasForm) await waitForEstimateScript(page);
    await page.waitForLoadState("networkidle");
    expect(scriptFiles, "no framework file is loaded (no React, no React Router)").toEqual(hasForm ? ["/scripts/estimate-form.js"] : []);
    expect(await page.locator("link[rel=modulepreload]").count(), "no module is preloaded").toBe(0);

    // The inline scripts: the visit's note everywhere; the form's options (data, not code) where the form is.
    const inline = await page
      .locator("script:not([type='application/ld+json']):not([type='application/json']):not([src])")
      .evaluateAll((scripts) => scripts.map((script) => ({ text: script.textContent ?? "" })));
    expect(
      inline.filter((script) => script.text.includes("recordVisit")),
      "the visit's note",
    ).toHaveLength(1);
    expect(
      inline.filter((script) => script.text.includes("setupEstimateForm")),
      "the estimate form's script is not inlined",
    ).toHaveLength(0);
    const visitScript = inline.find((script) => script.text.includes("recordVisit"))!;
    expect(Buffer.byteLength(visitScript.text), "the visit's note stays well under 1 KB").toBeLessThan(1024);
    const files = (await Promise.all(fileBytes)).reduce((sum, bytes) => sum + bytes, 0);
    const gzipped = inline.reduce((sum, script) => sum + gzipSync(script.text, { level: 9 }).length, files);
    expect(gzipped, `${path}: gzipped JavaScript bytes`).toBeLessThanOrEqual(MAX_JS_GZIP_BYTES);

    const violations = await page.evaluate(() => window.__e2e?.cspViolations ?? []);
    expect(violations, "CSP violations").toEqual([]);
    expect(consoleErrors, "console errors and exceptions").toEqual([]);
  });
}

test("an admin page hydrates; from it, the public header's links change the page in the browser and the estimate form is still set up", async ({
  page,
  context,
  baseURL,
  consoleErrors,
}) => {
  await signInAdmin(context, baseURL);
  await page.goto("/admin");
  await waitForHydration(page);
  await page.evaluate(() => {
    window.__e2eMarker = "same document";
  });
  let documentRequests = 0;
  page.on("request", (request) => {
    if (request.isNavigationRequest()) documentRequests += 1;
  });

  const nav = page.getByRole("banner").getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Services", exact: true }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expectH1(page, "Repair & Remodeling Services");
  await expect(page).toHaveTitle(/Services/);

  await page.getByRole("contentinfo").getByRole("link", { name: "Who we are", exact: true }).click();
  await expectH1(page, company.about.heading);

  // The form rendered in the browser gets its script (from the component) and a token of its own.
  await nav.getByRole("link", { name: "Contact", exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await waitForEstimateScript(page);

  expect(await page.evaluate(() => window.__e2eMarker), "the window survived: no full reload").toBe("same document");
  expect(documentRequests, "no document was requested").toBe(0);
  expect(consoleErrors, "console errors and exceptions").toEqual([]);
});
