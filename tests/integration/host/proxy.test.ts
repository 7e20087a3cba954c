/**
 * Behind a TLS proxy, against the real built server (docs/decisions/019-behind-a-proxy.md):
 *
 * - `site`: PUBLIC_URL=https://www.remodel.test and every other setting at its default (TRUST_PROXY=0),
 *   reached over plain http on 127.0.0.1 as a proxy reaches it. Form posts from the PUBLIC_URL origin
 *   work whatever Host the proxy forwards; other origins get a 403 page naming PUBLIC_URL, logged once
 *   per pair. Methods a path does not take get 405 with Allow.
 * - `exposed`: TRUST_PROXY=1 while listening on every interface: the start-up log warns.
 */
import type BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { request, startServer, stopAllServers, type ServerProcess } from "#tests/support/server.ts";
import { LEAD_ENV, SUCCESS, encodeForm, expectSuccessPage, fetchFormToken, marker, postRaw, validFields } from "#tests/support/leads.ts";
import { leadsMarked, openSiteDb } from "#tests/support/site-db.ts";

const PUBLIC_URL = "https://www.remodel.test";

let site: ServerProcess;
let exposed: ServerProcess;
let db: BetterSqlite3.Database;

beforeAll(async () => {
  [site, exposed] = await Promise.all([
    startServer({ env: { ...LEAD_ENV, PUBLIC_URL } }),
    startServer({ env: { TRUST_PROXY: "1", HOST: "0.0.0.0" } }),
  ]);
  db = openSiteDb(site.dataDir);
});

afterAll(async () => {
  db?.close();
  await stopAllServers();
});

/** The warn lines saying a request was refused for its origin. */
function refusalLines(server: ServerProcess): Record<string, unknown>[] {
  return server
    .stderr()
    .split("\n")
    .filter((line) => line.includes('"request refused"'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("form posts behind a TLS proxy (PUBLIC_URL https, TRUST_PROXY unset)", () => {
  test.each([
    ["Host without the port", { host: "www.remodel.test" }],
    ["Host of the instance (127.0.0.1:port)", { host: "" }],
    ["X-Forwarded-Proto http and an internal Host", { host: "app.internal", "x-forwarded-proto": "http" }],
  ])("Origin %s: the request is stored and answered (200)", async (_label, headers) => {
    const mark = marker("proxy");
    const token = await fetchFormToken(site);
    const res = await postRaw(site, "/contact", encodeForm({ ...validFields(mark), form_token: token }), {
      origin: PUBLIC_URL,
      ...headers,
    });
    expectSuccessPage(res);
    expect(leadsMarked(db, mark)).toHaveLength(1);
  });

  test("the home page's form (/?index) too", async () => {
    const mark = marker("proxyhome");
    const token = await fetchFormToken(site, "/");
    const res = await postRaw(site, "/", encodeForm({ ...validFields(mark), form_token: token }), {
      origin: PUBLIC_URL,
    });
    expectSuccessPage(res);
    expect(leadsMarked(db, mark)).toHaveLength(1);
  });

  test("the form script's JSON post (/estimate-request) too, whatever Host the proxy forwards; another origin gets a 403 in JSON", async () => {
    for (const host of ["www.remodel.test", "app.internal"]) {
      const mark = marker("proxyjson");
      const body = encodeForm({ ...validFields(mark), form_token: await fetchFormToken(site) });
      const res = await request(`${site.url}/estimate-request?from=%2Fcontact`, {
        method: "POST",
        headers: {
          host,
          origin: PUBLIC_URL,
          accept: "application/json",
          "content-type": "application/x-www-form-urlencoded",
          "content-length": String(body.length),
        },
        body,
      });
      expect(res.status, res.text).toBe(200);
      expect(JSON.parse(res.text)).toMatchObject({ status: "success", message: SUCCESS });
      expect(leadsMarked(db, mark)).toHaveLength(1);
    }
    const res = await request(`${site.url}/estimate-request?from=%2F`, {
      method: "POST",
      headers: {
        origin: "https://json.example",
        accept: "application/json",
        "content-type": "application/x-www-form-urlencoded",
        "content-length": "3",
      },
      body: "a=1",
    });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.text).message).toContain(PUBLIC_URL);
  });

  test("another origin gets a 403 page naming both addresses and PUBLIC_URL; nothing is stored (without Origin: accepted)", async () => {
    for (const origin of ["https://evil.example", "http://www.remodel.test", new URL(site.url).origin]) {
      const mark = marker("foreign");
      const token = await fetchFormToken(site);
      const res = await postRaw(site, "/contact", encodeForm({ ...validFields(mark), form_token: token }), { origin });
      expect(res.status, origin).toBe(403);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.text).toContain(
        `This form was sent from ${origin}, but this site is set up as https://www.remodel.test (PUBLIC_URL), so it was not accepted.`,
      );
      expect(res.text).not.toContain(SUCCESS);
      expect(leadsMarked(db, mark)).toEqual([]);
    }
    // No Origin at all (curl, a script) is not a browser's post, so it rides no visitor's cookies: accepted as before.
    const mark = marker("noorigin");
    const token = await fetchFormToken(site);
    expectSuccessPage(await postRaw(site, "/contact", encodeForm({ ...validFields(mark), form_token: token }), { origin: "" }));
    expect(leadsMarked(db, mark)).toHaveLength(1);
  });

  test("a refused pair is logged once at warn level with both origins, however often it comes", async () => {
    const origin = "https://repeat.example";
    for (let i = 0; i < 3; i++) {
      const res = await postRaw(site, "/contact", encodeForm(validFields(marker("again"))), { origin });
      expect(res.status).toBe(403);
    }
    await postRaw(site, "/contact", encodeForm(validFields(marker("other"))), { origin: "https://other.example" });
    const lines = refusalLines(site);
    expect(lines.filter((line) => line.origin === origin)).toHaveLength(1);
    expect(lines.find((line) => line.origin === origin)).toMatchObject({
      level: "warn",
      reason: "cross-origin",
      expected: PUBLIC_URL,
    });
    expect(lines.filter((line) => line.origin === "https://other.example")).toHaveLength(1);
  });
});

describe("methods a path does not take: 405 with Allow, never 500", () => {
  const paths = ["/", "/contact", "/services", "/healthz", "/media/photos/x/large-800.webp", "/form-token", "/no-such-page"];

  test.each(paths)("TRACE %s → 405 with Allow", async (path) => {
    const res = await request(`${site.url}${path}`, { method: "TRACE" });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toMatch(/^GET, HEAD(, POST)?$/);
    expect(res.text).toContain("This address does not take TRACE requests");
  });

  test.each(["PUT", "DELETE", "PATCH"])("%s: 405, and no action runs", async (method) => {
    for (const path of ["/contact", "/logout", "/healthz", "/media/photos/x/large-800.webp", "/services"]) {
      const res = await request(`${site.url}${path}`, {
        method,
        headers: { origin: PUBLIC_URL, "content-type": "application/x-www-form-urlencoded", "content-length": "3" },
        body: "a=1",
      });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.allow, path).toBe(path === "/contact" || path === "/logout" ? "GET, HEAD, POST" : "GET, HEAD");
    }
  });

  test("under /es/ the sentence is Spanish, with the same Allow (ADR 064)", async () => {
    for (const [path, allow] of [
      ["/es/contacto", "GET, HEAD, POST"],
      ["/es/servicios", "GET, HEAD"],
    ] as const) {
      const res = await request(`${site.url}${path}`, { method: "PUT", headers: { origin: PUBLIC_URL } });
      expect(res.status, path).toBe(405);
      expect(res.headers.allow, path).toBe(allow);
      expect(res.text, path).toBe(`Esta dirección no acepta solicitudes PUT; solo responde a ${allow}.`);
    }
  });

  test("POST where no form posts: 405 with Allow: GET, HEAD (the home page's form posts to /?index)", async () => {
    for (const path of ["/services", "/healthz", "/", "/no-such-page"]) {
      const res = await request(`${site.url}${path}`, {
        method: "POST",
        headers: { origin: PUBLIC_URL, "content-type": "application/x-www-form-urlencoded", "content-length": "3" },
        body: "a=1",
      });
      expect(res.status, path).toBe(405);
      expect(res.headers.allow, path).toBe("GET, HEAD");
    }
  });

  test("the forms' background posts (React Router's .data addresses) are let through to their actions", async () => {
    // "/" posts to "/_.data?index" (its index route's action), "/contact" to "/contact.data".
    for (const [path, allowed] of [
      ["/_.data?index", true],
      ["/contact.data", true],
      ["/estimate-request", true],
      ["/_.data", false],
      ["/services.data", false],
    ] as const) {
      const res = await request(`${site.url}${path}`, { method: "OPTIONS" });
      expect(res.headers.allow, path).toBe(allowed ? "GET, HEAD, POST" : "GET, HEAD");
    }
  });

  test("OPTIONS: 204 with Allow, and no CORS headers", async () => {
    const page = await request(`${site.url}/contact`, {
      method: "OPTIONS",
      headers: { origin: "https://evil.example" },
    });
    expect(page.status).toBe(204);
    expect(page.headers.allow).toBe("GET, HEAD, POST");
    expect(page.headers["access-control-allow-origin"]).toBeUndefined();
    const health = await request(`${site.url}/healthz`, { method: "OPTIONS" });
    expect(health.status).toBe(204);
    expect(health.headers.allow).toBe("GET, HEAD");
  });

  test("the server logged no 5xx", () => {
    expect(site.stdout()).not.toMatch(/"status":5\d\d/);
    expect(site.stderr()).not.toMatch(/"level":"error"/);
  });
});

describe("TRUST_PROXY", () => {
  test("set while HOST is every interface (0.0.0.0): the start-up log warns that clients could pick their address; unset: no warning", () => {
    expect(exposed.stderr()).toMatch(/"level":"warn","msg":"TRUST_PROXY=1 but HOST=0\.0\.0\.0 is not a loopback or private address/);
    expect(site.stderr()).not.toContain("TRUST_PROXY");
  });
});
