/**
 * POST /estimate-request?from=<page>: the estimate form script's background post, against the
 * real built server. The same action as a plain post to the page, answered as JSON with the same
 * status codes: 200 with the short reference (the lead's source is the page it names), 400 with
 * field errors and what was typed, 415, 413, 429 with Retry-After, each with a sentence; a page
 * that does not carry the form is refused; GET and other methods are refused; a post from
 * another site is refused (403) with a sentence in JSON. Without JavaScript the pages keep
 * taking their own posts.
 */
import type BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { ESTIMATE_POST_PATH } from "#app/schemas/estimate-paths.ts";
import { multipartBody } from "#tests/support/job-photos.ts";
import { connect, request, startServer, stopAllServers, type HttpResult, type ServerProcess } from "#tests/support/server.ts";
import {
  LEAD_ENV,
  SITE_URL,
  SUCCESS,
  encodeForm,
  expectSuccessPage,
  fetchUniqueFormToken,
  marker,
  submitLead,
  validFields,
} from "#tests/support/leads.ts";
import { countLeads, leadsMarked, openSiteDb } from "#tests/support/site-db.ts";

let site: ServerProcess;
let limited: ServerProcess;
let db: BetterSqlite3.Database;

beforeAll(async () => {
  [site, limited] = await Promise.all([
    startServer({ env: LEAD_ENV }),
    startServer({ env: { ...LEAD_ENV, LEAD_RATE_LIMIT: "1", LEAD_RATE_WINDOW_SECONDS: "600" } }),
  ]);
  db = openSiteDb(site.dataDir);
});

afterAll(async () => {
  db?.close();
  await stopAllServers();
});

/** As the form's script posts: XMLHttpRequest from the site's page, asking for JSON. */
function postJson(
  server: ServerProcess,
  from: string | null,
  body: string | Buffer,
  headers: Record<string, string> = {},
  method = "POST",
): Promise<HttpResult> {
  const all: Record<string, string> = {
    host: new URL(SITE_URL).host,
    origin: SITE_URL,
    accept: "application/json",
    "content-type": "application/x-www-form-urlencoded",
    "content-length": String(Buffer.byteLength(body)),
    ...headers,
  };
  const query = from === null ? "" : `?from=${encodeURIComponent(from)}`;
  return request(`${server.url}${ESTIMATE_POST_PATH}${query}`, {
    method,
    headers: Object.fromEntries(Object.entries(all).filter(([, value]) => value !== "")),
    body,
  });
}

/** The JSON answer: its status, a sentence, and no caching. */
function expectJson(res: HttpResult, status: number): { status: string; message: string; [key: string]: unknown } {
  expect(res.status, res.text.slice(0, 300)).toBe(status);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  const body = JSON.parse(res.text) as { status: string; message: string };
  expect(typeof body.message).toBe("string");
  expect(body.message.length, "a sentence a person understands").toBeGreaterThan(20);
  return body;
}

describe("a good request", () => {
  for (const page of ["/", "/contact"] as const) {
    test(`from ${page}: 200 with the reference; stored with ${page} as its source`, async () => {
      const mark = marker("json");
      const token = await fetchUniqueFormToken(site);
      const res = await postJson(site, page, encodeForm({ ...validFields(mark), form_token: token }));
      const body = expectJson(res, 200);
      expect(body).toMatchObject({ status: "success", message: SUCCESS });
      expect(res.headers["cache-control"]).toBe("no-store");
      const [lead, ...others] = leadsMarked(db, mark);
      expect(others).toHaveLength(0);
      expect(lead?.source).toBe(page);
      expect(lead?.is_spam).toBe(0);
      expect(body.reference).toBe(lead!.id.replaceAll("-", "").slice(0, 8).toUpperCase());
    });
  }
});

describe("photos of the job, as the script sends them (multipart)", () => {
  test("a JPEG is kept and a PDF named .jpg refused with its reason, in the JSON answer; the lead is stored with its photo", async () => {
    const mark = marker("photos");
    const jpeg = readFileSync(path.resolve(import.meta.dirname, "../../fixtures/images/exif-orientation6-gps.jpg"));
    const { body, contentType } = multipartBody({ ...validFields(mark), form_token: await fetchUniqueFormToken(site) }, [
      { filename: "kitchen.jpg", data: jpeg },
      { filename: "plans.jpg", data: Buffer.from("%PDF-1.7\n% not a photo\n") },
    ]);
    const res = await postJson(site, "/contact", body, { "content-type": contentType });
    const answer = expectJson(res, 200);
    expect(answer).toMatchObject({ status: "success", photos: { stored: 1, refused: [{ name: "plans.jpg" }] } });
    const refused = (answer.photos as { refused: { reason: string }[] }).refused[0]!;
    expect(refused.reason.length, "the reason in words").toBeGreaterThan(10);
    const [lead] = leadsMarked(db, mark);
    expect(lead?.source).toBe("/contact");
    const photos = db.prepare("select count(*) as n from lead_photos where lead_id = ?").get(lead!.id) as { n: number };
    expect(photos.n).toBe(1);
  });
});

describe("bad input: a clear 4xx in JSON, nothing stored", () => {
  test("field errors: 400 with each field's sentence and what was typed", async () => {
    const mark = marker("bad");
    const before = countLeads(db);
    const res = await postJson(
      site,
      "/contact",
      encodeForm({
        ...validFields(mark, { email: "maria@example", zip: "7700" }),
        form_token: await fetchUniqueFormToken(site),
      }),
    );
    const body = expectJson(res, 400);
    expect(body.status).toBe("error");
    expect(body.fieldErrors).toMatchObject({
      email: expect.stringMatching(/valid email/),
      zip: expect.stringMatching(/5-digit ZIP/),
    });
    expect(body.values).toMatchObject({ email: "maria@example", zip: "7700" });
    expect(countLeads(db)).toBe(before);
  });

  test.each([
    ["no page", null, /which page/],
    ["a page without the form", "/about", /which page/],
    ["an address elsewhere", "https://evil.example/", /which page/],
  ])("%s in ?from=: 400, nothing stored", async (_label, from, sentence) => {
    const before = countLeads(db);
    const res = await postJson(site, from, encodeForm({ ...validFields(marker("from")), form_token: await fetchUniqueFormToken(site) }));
    expect(expectJson(res, 400).message).toMatch(sentence);
    expect(countLeads(db)).toBe(before);
  });

  test("a body that is not a form: 415", async () => {
    const res = await postJson(site, "/", JSON.stringify(validFields(marker("json"))), {
      "content-type": "application/json",
    });
    expect(expectJson(res, 415).message).toMatch(/send the estimate form from the page/);
  });

  test("a body over the limit: 413 from its Content-Length, before a byte of it is sent", async () => {
    // Only the head goes out: the answer must come from the announced length alone. (Sending the
    // body too made the test racy: the server answers and hangs up while the client still writes,
    // and the client's write could fail with EPIPE before it read the answer.)
    const conn = await connect(site.port);
    try {
      await conn.write(
        `POST ${ESTIMATE_POST_PATH}?from=%2F HTTP/1.1\r\nHost: ${new URL(SITE_URL).host}\r\nOrigin: ${SITE_URL}\r\n` +
          `Accept: application/json\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${2 * 1024 * 1024}\r\n\r\n`,
      );
      await conn.waitFor('"}');
      expect(expectJson(conn.firstResponse(), 413).message).toMatch(/too large/);
    } finally {
      conn.destroy();
    }
  });

  test("a post from another site: 403, in JSON, nothing stored", async () => {
    const before = countLeads(db);
    const res = await postJson(site, "/", encodeForm(validFields(marker("csrf"))), { origin: "https://evil.example" });
    expect(expectJson(res, 403).message).toMatch(/not accepted/);
    expect(countLeads(db)).toBe(before);
  });

  test("GET: 405 with a sentence; PUT: 405 with Allow", async () => {
    const got = await request(`${site.url}${ESTIMATE_POST_PATH}`, { headers: { accept: "application/json" } });
    expect(expectJson(got, 405).message).toMatch(/POST/);
    expect(got.headers.allow).toBe("POST");
    const put = await postJson(site, "/", "a=b", {}, "PUT");
    expect(put.status).toBe(405);
    expect(put.headers.allow).toContain("POST");
  });

  test("the rate limit: 429 with Retry-After and a sentence", async () => {
    const first = await postJson(
      limited,
      "/",
      encodeForm({ ...validFields(marker("rate")), form_token: await fetchUniqueFormToken(limited) }),
    );
    expectJson(first, 200);
    const second = await postJson(
      limited,
      "/",
      encodeForm({ ...validFields(marker("rate")), form_token: await fetchUniqueFormToken(limited) }),
    );
    expect(expectJson(second, 429).message).toMatch(/wait about \d+ minute/);
    expect(Number(second.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("the pages", () => {
  test("/ and /contact name the form's script file (ADR 065) and carry its options; a plain post to the page still works", async () => {
    for (const page of ["/", "/contact"] as const) {
      const res = await request(`${site.url}${page}`);
      expect(res.status).toBe(200);
      // One script file, the form's, at its version; no framework.
      const files = [...res.text.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^\/scripts\/estimate-form\.js\?v=\w+$/);
      expect(res.text).not.toContain("modulepreload");
      expect(res.text).not.toContain("setupEstimateForm");
      expect(res.text).toContain("data-estimate-options");
      expect(res.text).toContain(`${ESTIMATE_POST_PATH}?from=${encodeURIComponent(page)}`);
      const mark = marker("plain");
      expectSuccessPage(await submitLead(site, validFields(mark), { page }));
      const html = (await submitLead(site, validFields(marker("plain")), { page })).text;
      expect(html).toContain("We received your request");
      expect(leadsMarked(db, mark)[0]?.source).toBe(page);
    }
  });

  test("the script file answers JavaScript, kept a year at the version the pages name and five minutes otherwise", async () => {
    const page = await request(`${site.url}/contact`);
    const file = /<script type="module" src="([^"]+)"/.exec(page.text)?.[1];
    expect(file).toMatch(/^\/scripts\/estimate-form\.js\?v=\w+$/);
    const current = await request(`${site.url}${file}`);
    expect(current.status).toBe(200);
    expect(current.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(current.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(current.text).toContain("setupEstimateForm");
    expect(current.text).toContain("data-estimate-options");
    const older = await request(`${site.url}/scripts/estimate-form.js?v=0ld`);
    expect(older.status).toBe(200);
    expect(older.headers["cache-control"]).toBe("public, max-age=300");
    expect(older.text).toBe(current.text);
  });
});
