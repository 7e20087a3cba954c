/**
 * Estimate requests against the real server (server.ts): fetch a form page, read its
 * signed form token, post the form the way a browser without JavaScript does, and wait for the
 * emails it sends (what was stored: site-db.ts).
 */
import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import type { ReceivedMail, SmtpTestServer } from "#tests/support/smtp.ts";
import { get, request, type HttpResult, type ServerProcess } from "#tests/support/server.ts";

/** PUBLIC_URL of the servers in these tests; posts claim to come from a browser on this domain. */
export const SITE_URL = "http://www.remodel.test";
export const SUCCESS = "Message sent successfully";
export const FORM_TOKEN_SHAPE = /^\d{13}\.[A-Za-z0-9_-]{43}$/;
/** Settings shared by every lead test server: no timing trap, no rate limit, unless a test says so. */
export const LEAD_ENV = { PUBLIC_URL: SITE_URL, FORM_MIN_SECONDS: "0", LEAD_RATE_LIMIT: "100000" };

/** The pages that carry the form, in both languages (ADR 064). */
export type FormPath = "/contact" | "/" | "/es/contacto" | "/es/";

/** A unique, greppable marker for one submission. */
export function marker(prefix = "m"): string {
  return `${prefix}-${randomBytes(5).toString("hex")}`;
}

/** The fields of a valid request whose subject carries `mark`. */
export function validFields(mark: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    from_name: "Maria Gonzalez",
    email: `${mark}@home.test`,
    phone: "(713) 555-0147",
    subject: `Kitchen remodel ${mark}`,
    message: `New cabinets and counters.\nPlease call after 5 pm. ${mark}`,
    company_website: "",
    ...overrides,
  };
}

/** Every `form_token` hidden input's value in an HTML document. */
export function formTokens(html: string): string[] {
  return [...html.matchAll(/<input\b[^>]*\bname="form_token"[^>]*>/g)].map((m) => {
    const value = /\bvalue="([^"]*)"/.exec(m[0])?.[1];
    if (value === undefined) throw new Error(`form_token input without a value: ${m[0]}`);
    return value;
  });
}

/** The single form token of a page (fails the test if there is not exactly one). */
export function formTokenOf(html: string): string {
  const tokens = formTokens(html);
  expect(tokens, "form_token inputs in the page").toHaveLength(1);
  return tokens[0]!;
}

/** GETs /form-token: a token no other request got (what the form fetches when its page had none). */
export async function fetchUniqueFormToken(server: ServerProcess): Promise<string> {
  const res = await get(`${server.url}/form-token`);
  expect(res.status, "GET /form-token").toBe(200);
  return (JSON.parse(res.text) as { token: string }).token;
}

/** GETs a form page and returns its token (a cached page gives every visitor the same one for up to a second). */
export async function fetchFormToken(server: ServerProcess, page: FormPath = "/contact"): Promise<string> {
  const res = await get(`${server.url}${page}`);
  expect(res.status, `GET ${page}`).toBe(200);
  return formTokenOf(res.text);
}

/** Where a page's form posts: the home page is the index route, so `/?index`. */
export function actionUrl(server: ServerProcess, page: FormPath): string {
  return page === "/" ? `${server.url}/?index` : `${server.url}${page}`;
}

export function encodeForm(fields: Record<string, string> | [string, string][]): string {
  return new URLSearchParams(Array.isArray(fields) ? fields : Object.entries(fields)).toString();
}

/**
 * Posts the form as a browser without JavaScript does. `token`: a value to send as
 * `form_token`, `null` for none, undefined to fetch a fresh one first (from /form-token: a cached
 * page shares its token for up to a second, and a token used twice from one address makes the
 * second request "needs review").
 */
export async function submitLead(
  server: ServerProcess,
  fields: Record<string, string>,
  options: { page?: FormPath; token?: string | null; headers?: Record<string, string> } = {},
): Promise<HttpResult> {
  const page = options.page ?? "/contact";
  const token = options.token === undefined ? await fetchUniqueFormToken(server) : options.token;
  const body = encodeForm(token === null ? fields : { ...fields, form_token: token });
  return postRaw(server, page, body, options.headers);
}

/**
 * A form post with a body given as is. Content-Type defaults to urlencoded, Host and Origin to SITE_URL's;
 * a header given as "" is not sent at all.
 */
export function postRaw(
  server: ServerProcess,
  page: FormPath,
  body: string | Buffer,
  headers: Record<string, string> = {},
): Promise<HttpResult> {
  const all: Record<string, string> = {
    // As a browser on the site's domain sends them: React Router compares the two.
    host: new URL(SITE_URL).host,
    origin: SITE_URL,
    "content-type": "application/x-www-form-urlencoded",
    "content-length": String(Buffer.byteLength(body)),
    "user-agent": "leads-integration-test",
    ...headers,
  };
  return request(actionUrl(server, page), {
    method: "POST",
    headers: Object.fromEntries(Object.entries(all).filter(([, value]) => value !== "")),
    body,
  });
}

/**
 * A urlencoded form post from a browser on SITE_URL, whose address a trusted proxy names in
 * X-Forwarded-For (servers started with TRUST_PROXY=1), with a session cookie if given.
 */
export function postFromClient(
  server: ServerProcess,
  pathname: string,
  fields: Record<string, string>,
  clientIp: string,
  cookie?: string,
): Promise<HttpResult> {
  const body = new URLSearchParams(fields).toString();
  return request(`${server.url}${pathname}`, {
    method: "POST",
    headers: {
      host: new URL(SITE_URL).host,
      origin: SITE_URL,
      "x-forwarded-for": clientIp,
      "content-type": "application/x-www-form-urlencoded",
      "content-length": String(Buffer.byteLength(body)),
      ...(cookie ? { cookie } : {}),
    },
    body,
  });
}

export function expectSuccessPage(res: HttpResult): void {
  expect(res.status, res.text.slice(0, 500)).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^text\/html/);
  expect(res.text).toContain(SUCCESS);
}

export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = "condition") {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Messages at the SMTP listener whose recipients, subject or text (decoded) mention `mark`. */
export function mailsMarked(smtp: SmtpTestServer, mark: string): ReceivedMail[] {
  return smtp.messages.filter((m) => [...m.envelope.to, m.parsed.subject ?? "", m.parsed.text ?? ""].some((part) => part.includes(mark)));
}

/** Waits until `count` messages mentioning `mark` arrived and returns them. */
export async function waitForMails(smtp: SmtpTestServer, mark: string, count: number, timeoutMs = 10_000) {
  await waitUntil(() => mailsMarked(smtp, mark).length >= count, timeoutMs, `${count} emails mentioning ${mark}`);
  return mailsMarked(smtp, mark);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
