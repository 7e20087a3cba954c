/**
 * The back office as an installable web app (ADR 034): the manifest and the service worker are
 * served under /admin, to admins only (the route-table guard test checks anonymous 302 and
 * customer 403 for both), with the content types, scope and cache headers browsers need; the
 * worker caches nothing; the icons are public files of the sizes the manifest says.
 */
import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";
import { get, startServer, type ServerProcess } from "#tests/support/server.ts";
import { createTestAccount, type TestAccount } from "#tests/support/accounts.ts";

let site: ServerProcess;
let admin: TestAccount;

beforeAll(async () => {
  site = await startServer();
  admin = await createTestAccount({ dataDir: site.dataDir }, { role: "admin" });
});

afterAll(async () => {
  await site?.stop();
});

interface Manifest {
  name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

test("the manifest: JSON, scope /admin/ with the start page inside it, icons that exist at their sizes", async () => {
  const res = await get(`${site.url}/admin/manifest.webmanifest`, { cookie: admin.cookie });
  expect(res.status).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^application\/manifest\+json/);
  expect(res.headers["cache-control"]).toMatch(/private/);
  const manifest = JSON.parse(res.text) as Manifest;
  expect(manifest.scope).toBe("/admin/");
  // A start_url outside the scope makes browsers ignore the scope.
  expect(manifest.start_url.startsWith(manifest.scope)).toBe(true);
  expect(manifest.display).toBe("standalone");
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.name.length).toBeGreaterThan(0);
  const purposes = new Set(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`));
  expect(purposes).toEqual(new Set(["192x192 any", "512x512 any", "192x192 maskable", "512x512 maskable"]));
  for (const icon of manifest.icons) {
    const file = await get(`${site.url}${icon.src}`);
    expect(file.status, icon.src).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");
    const { width, height } = await sharp(file.body).metadata();
    expect(`${width}x${height}`).toBe(icon.sizes);
  }
});

test("the service worker: JavaScript, never cached, allowed the /admin/ scope, with push and tap handlers and no cache", async () => {
  const res = await get(`${site.url}/admin/sw.js`, { cookie: admin.cookie });
  expect(res.status).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^text\/javascript/);
  expect(res.headers["cache-control"]).toMatch(/no-store/);
  expect(res.headers["service-worker-allowed"]).toBe("/admin/");
  expect(res.text).toContain('addEventListener("push"');
  expect(res.text).toContain('addEventListener("notificationclick"');
  expect(res.text).not.toMatch(/addEventListener\(["']fetch/);
  expect(res.text).not.toMatch(/\bcaches\./);
});

test("admin pages link the manifest with credentials (it is for admins only) and the touch icon", async () => {
  const res = await get(`${site.url}/admin/alerts`, { cookie: admin.cookie });
  expect(res.status).toBe(200);
  expect(res.text).toMatch(/<link [^>]*rel="manifest" href="\/admin\/manifest.webmanifest" crossorigin="use-credentials"\/?>/);
  expect(res.text).toMatch(/<link [^>]*rel="apple-touch-icon" href="\/icons\/admin-192.png"\/?>/);
  // The worker is a same-origin script: the page's CSP must allow it (worker-src falls back to script-src).
  const csp = String(res.headers["content-security-policy"]);
  expect(csp).toMatch(/script-src 'self'/);
  expect(csp).not.toMatch(/worker-src/);
  // Public pages do not offer the back office as an app.
  const home = await get(`${site.url}/`);
  expect(home.text).not.toContain("manifest.webmanifest");
});
