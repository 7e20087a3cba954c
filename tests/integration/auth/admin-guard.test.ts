/**
 * The admin boundary, from the route table: every path under /admin, whatever it is, must send
 * an anonymous visitor to /login and answer 403 to a signed-in customer, for GET and for POST,
 * for the document and for React Router's data requests. A new admin route is covered by this
 * test the moment it is added to app/routes.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "#app/routes.ts";
import { startServer, request, type ServerProcess } from "#tests/support/server.ts";
import { createTestAccount, type TestAccount } from "#tests/support/accounts.ts";

/** Every route's full path, with each `:param` filled with a made-up value. */
function flattenPaths(entries: RouteConfigEntry[], parent = ""): string[] {
  const paths: string[] = [];
  for (const entry of entries) {
    const own = entry.path ?? "";
    const full = own ? `${parent.replace(/\/$/, "")}/${own}` : parent;
    if (entry.index || entry.path !== undefined) paths.push(full || "/");
    if (entry.children) paths.push(...flattenPaths(entry.children, full));
  }
  return [...new Set(paths)];
}

const isUnderAdmin = (path: string) => path === "/admin" || path.startsWith("/admin/");
const allPaths = flattenPaths(routes);
const adminPaths = allPaths.filter(isUnderAdmin).map((path) => path.replace(/:[A-Za-z]+\??/g, "00000000-0000-4000-8000-000000000000"));

let site: ServerProcess;
let customer: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  site = await startServer();
  customer = await createTestAccount({ dataDir: site.dataDir });
  admin = await createTestAccount({ dataDir: site.dataDir }, { role: "admin" });
});

afterAll(async () => {
  await site?.stop();
});

test("the route table has admin routes to check (the flattening works)", () => {
  expect(adminPaths).toContain("/admin");
  expect(adminPaths).toContain("/admin/leads");
  expect(adminPaths).toEqual(
    expect.arrayContaining(["/admin/site", "/admin/site/texts", "/admin/site/testimonials", "/admin/site/photos", "/admin/visits"]),
  );
  // A lead's photos of the job: private files, behind the same guard.
  expect(adminPaths).toContain(
    "/admin/leads/00000000-0000-4000-8000-000000000000/photos/00000000-0000-4000-8000-000000000000/00000000-0000-4000-8000-000000000000",
  );
  // The reply templates (issue 15).
  expect(adminPaths).toContain("/admin/replies");
  // Push alerts and the installable back office (ADR 034): the page, the manifest, the worker.
  expect(adminPaths).toEqual(expect.arrayContaining(["/admin/alerts", "/admin/manifest.webmanifest", "/admin/sw.js"]));
  // Projects (issue 16, ADR 040): the list and one project's page.
  expect(adminPaths).toEqual(expect.arrayContaining(["/admin/projects", "/admin/projects/00000000-0000-4000-8000-000000000000"]));
  expect(adminPaths.length).toBeGreaterThanOrEqual(4);
  // Nothing that looks like admin lives outside /admin.
  expect(allPaths.filter((path) => /admin/i.test(path) && !isUnderAdmin(path))).toEqual(["/adminOnlyprofile"]);
});

/**
 * The admin gallery's intents (ADR 041): one path, many actions. Each is refused before it runs:
 * anonymous → /login, customer → 403, whatever the intent.
 */
const GALLERY_INTENTS = [
  "publish",
  "save",
  "move",
  "delete",
  "cover",
  "uncover",
  "rotate",
  "upload-choice",
  "bulk-publish",
  "bulk-project",
  "bulk-service",
  "bulk-unproject",
  "bulk-delete",
];

describe("every /admin/gallery intent is behind the guard", () => {
  for (const intent of GALLERY_INTENTS) {
    test(intent, async () => {
      const body = `intent=${intent}&photoId=00000000-0000-4000-8000-000000000000&ids=00000000-0000-4000-8000-000000000000&confirm=yes&direction=left`;
      const post = (cookie?: string) =>
        request(`${site.url}/admin/gallery`, {
          method: "POST",
          headers: {
            ...(cookie ? { cookie } : {}),
            origin: site.url,
            "content-type": "application/x-www-form-urlencoded",
            "content-length": String(Buffer.byteLength(body)),
          },
          body,
        });
      const anonymous = await post();
      expect(anonymous.status).toBe(302);
      expect(new URL(anonymous.headers.location ?? "", site.url).pathname).toBe("/login");
      expect((await post(customer.cookie)).status).toBe(403);
    });
  }
});

/** The same request a browser makes: same-origin, form-encoded for POST. */
function send(path: string, method: "GET" | "POST", cookie?: string) {
  const body = method === "POST" ? "intent=delete&status=won&note=x" : undefined;
  return request(`${site.url}${path}`, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(method === "POST"
        ? {
            origin: site.url,
            "content-type": "application/x-www-form-urlencoded",
            "content-length": String(Buffer.byteLength(body!)),
          }
        : {}),
    },
    body,
  });
}

/**
 * A POST to an address that takes none (an index route without `?index`: the form there posts
 * elsewhere) is refused by the host with 405 before any route code runs, which is as safe as the
 * guard's answer (docs/decisions/019-behind-a-proxy.md).
 */
function refusedAsMethod(res: { status: number; headers: Record<string, unknown> }, method: string): boolean {
  return method === "POST" && res.status === 405 && res.headers.allow === "GET, HEAD";
}

describe.each(adminPaths.map((path) => [path]))("%s", (path) => {
  const dataPath = `${path}.data`;

  for (const method of ["GET", "POST"] as const) {
    test(`${method} anonymous → redirect to /login`, async () => {
      const res = await send(path, method);
      if (refusedAsMethod(res, method)) return;
      expect(res.status, res.text.slice(0, 300)).toBe(302);
      const location = new URL(res.headers.location ?? "", site.url);
      expect(location.pathname).toBe("/login");
      expect(location.searchParams.get("redirectTo")).toBe(path);
    });

    test(`${method} customer → 403`, async () => {
      const res = await send(path, method, customer.cookie);
      expect(res.text).not.toContain(customer.user.email);
      if (refusedAsMethod(res, method)) return;
      expect(res.status, res.text.slice(0, 300)).toBe(403);
      expect(res.text).not.toContain(customer.user.email);
    });

    test(`${method} ${dataPath} (client navigation) anonymous → redirect, customer → 403`, async () => {
      const anonymous = await send(dataPath, method);
      if (refusedAsMethod(anonymous, method)) {
        expect(refusedAsMethod(await send(dataPath, method, customer.cookie), method)).toBe(true);
        return;
      }
      // Single-fetch answers redirects as 202 with the target in the body, or a 3xx for
      // resource routes; either way the body must name /login and carry no admin data.
      expect([202, 302, 204], anonymous.text.slice(0, 300)).toContain(anonymous.status);
      expect(anonymous.text + (anonymous.headers.location ?? "") + (anonymous.headers["x-remix-redirect"] ?? "")).toMatch(/\/login/);
      const refused = await send(dataPath, method, customer.cookie);
      expect(refused.text).not.toContain(admin.user.email);
      expect(refused.text + String(refused.status)).toMatch(/403/);
    });
  }

  test("GET admin → allowed (not a redirect to /login, not 403)", async () => {
    const res = await send(path, "GET", admin.cookie);
    expect(res.status, res.text.slice(0, 300)).not.toBe(403);
    expect(res.headers.location ?? "").not.toMatch(/\/login/);
  });
});
