/**
 * /admin/alerts and the installable back office in Chromium at 375 px (ADR 034): the page
 * renders and hydrates, the manifest is linked and valid with the /admin/ scope, the service
 * worker registers with the scope /admin/, and axe finds nothing in each state: no device,
 * devices listed, a device removed, a test that could not be sent, notifications blocked, and a
 * subscription the browser could not make.
 *
 * A real push subscription is not possible here: headless Chromium has no push service to
 * register with (it would need the browser maker's). The server side of push is tested against
 * a local push service in tests/integration/push/push-alerts.test.ts.
 */
import { expect, test, waitForHydration, expectNoAxeViolations } from "#tests/e2e/helpers.ts";
import { e2eData, expectNoSidewaysScroll, signInAdmin } from "#tests/e2e/admin-helpers.ts";
import { withSiteDatabase } from "#tests/support/accounts.ts";
import { createPushSubscription } from "#app/server/repos/push-subscriptions.server.ts";
import { randomBytes, createECDH } from "node:crypto";

/** A subscription as a phone's browser would have made it, stored for `userId`. */
async function seedDevice(userId: string, userAgent: string, host = "push.example.test") {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return withSiteDatabase(e2eData, (database) =>
    createPushSubscription({
      db: database.db,
      userId,
      endpoint: `https://${host}/push/${randomBytes(12).toString("hex")}`,
      p256dh: ecdh.getPublicKey().toString("base64url"),
      auth: randomBytes(16).toString("base64url"),
      userAgent,
    }),
  );
}

test.use({ viewport: { width: 375, height: 812 } });

test("the page renders, links a valid manifest, registers the worker for /admin/ and passes axe", async ({ page, context, baseURL }) => {
  await signInAdmin(context, baseURL);
  await page.goto("/admin/alerts");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Alerts on this phone" })).toBeVisible();
  await expect(page.getByText("No device of yours gets alerts yet.")).toBeVisible();

  // The switch has looked at this browser: no longer "Checking…".
  await expect(page.getByText("Turning notifications on needs JavaScript.")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Turn on notifications" })).toBeVisible();

  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${baseURL}/admin/`);
  const workerUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(workerUrl).toBe(`${baseURL}/admin/sw.js`);

  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(manifestHref).toBe("/admin/manifest.webmanifest");
  const manifest = await page.evaluate(async (href) => {
    const res = await fetch(href, { credentials: "include" });
    return {
      status: res.status,
      type: res.headers.get("content-type"),
      body: (await res.json()) as Record<string, unknown>,
    };
  }, manifestHref!);
  expect(manifest.status).toBe(200);
  expect(manifest.type).toMatch(/^application\/manifest\+json/);
  expect(manifest.body).toMatchObject({ scope: "/admin/", start_url: "/admin/", display: "standalone" });

  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, "/admin/alerts with no device");
});

test("the dashboard links to the alerts page", async ({ page, context, baseURL }) => {
  await signInAdmin(context, baseURL);
  await page.goto("/admin");
  await page.getByRole("link", { name: "Get a notification" }).click();
  await expect(page).toHaveURL(/\/admin\/alerts$/);
});

test("devices are listed, a test that cannot be sent says why, and Remove works without JavaScript", async ({ page, context, baseURL }) => {
  const admin = await signInAdmin(context, baseURL);
  await seedDevice(admin.user.id, "Chrome on Android");
  // A push service that does not exist: the test notification cannot be sent.
  const broken = await seedDevice(admin.user.id, "Safari on iPhone", "push.invalid");
  await page.goto("/admin/alerts");
  await waitForHydration(page);
  const cards = page.locator(".admin-card");
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText(/Chrome on Android|Safari on iPhone/);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, "/admin/alerts with two devices");

  const brokenCard = cards.filter({ hasText: "Safari on iPhone" });
  await brokenCard.getByRole("button", { name: "Send a test to Safari on iPhone" }).click();
  await expect(page.getByRole("alert")).toContainText("The test notification was not sent");
  await expectNoAxeViolations(page, "/admin/alerts after a failed test");
  await page.goto("/admin/alerts");
  await expect(page.locator(".admin-card", { hasText: "Safari on iPhone" })).toContainText("Last problem:");

  await page.locator(".admin-card", { hasText: "Safari on iPhone" }).getByRole("button", { name: "Remove Safari on iPhone" }).click();
  await expect(page.getByRole("status")).toContainText("Device removed");
  await expect(page.locator(".admin-card")).toHaveCount(1);
  await expectNoAxeViolations(page, "/admin/alerts after removing a device");
  const gone = await withSiteDatabase(e2eData, (database) =>
    database.db.selectFrom("push_subscriptions").select("id").where("id", "=", broken.id).execute(),
  );
  expect(gone).toEqual([]);
});

test("a browser that blocks notifications: the switch says how to allow them, and axe finds nothing", async ({
  page,
  context,
  baseURL,
}) => {
  await signInAdmin(context, baseURL);
  await page.goto("/admin/alerts");
  await waitForHydration(page);
  // Headless Chromium answers the permission prompt with "denied" unless the test grants it.
  await page.getByRole("button", { name: "Turn on notifications" }).click();
  await expect(page.getByText("Notifications are blocked for this site in the browser's settings")).toBeVisible();
  await expect(page.getByRole("button", { name: "Turn on notifications" })).toHaveCount(0);
  await expectNoAxeViolations(page, "/admin/alerts with notifications blocked");
});

test("turning on where the browser cannot subscribe shows the browser's reason, and axe finds nothing", async ({
  page,
  context,
  baseURL,
  consoleErrors,
}) => {
  const admin = await signInAdmin(context, baseURL);
  await context.grantPermissions(["notifications"], { origin: baseURL });
  await page.goto("/admin/alerts");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Turn on notifications" }).click();
  // Playwright's contexts are incognito-like, where Chromium has no Push API: subscribe() fails.
  await expect(page.getByRole("alert")).toContainText("Notifications could not be turned on:");
  await expect(page.getByRole("button", { name: "Turn on notifications" })).toBeEnabled();
  await expectNoAxeViolations(page, "/admin/alerts after a failed subscription");
  const devices = await withSiteDatabase(e2eData, (database) =>
    database.db.selectFrom("push_subscriptions").select("id").where("user_id", "=", admin.user.id).execute(),
  );
  expect(devices).toEqual([]);
  // Chromium's own note about incognito mode is the one console error expected here.
  const incognitoNote = consoleErrors.findIndex((line) => line.includes("does not support the Push API in incognito mode"));
  expect(incognitoNote).toBeGreaterThanOrEqual(0);
  consoleErrors.splice(incognitoNote, 1);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the page says the switch needs JavaScript, and the device list's buttons still work", async ({ page, context, baseURL }) => {
    const admin = await signInAdmin(context, baseURL);
    await seedDevice(admin.user.id, "Firefox on Windows");
    await page.goto("/admin/alerts");
    await expect(page.getByText("Turning notifications on needs JavaScript.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Turn on notifications" })).toHaveCount(0);
    await page.getByRole("button", { name: "Remove Firefox on Windows" }).click();
    await expect(page).toHaveURL(/\/admin\/alerts\?done=removed$/);
    await expect(page.getByRole("status")).toContainText("Device removed");
    await expect(page.getByText("No device of yours gets alerts yet.")).toBeVisible();
    // axe runs as a script in the page, so it cannot run here; the same markup is checked above.
  });
});
