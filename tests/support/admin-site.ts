/**
 * The admin suites' shared parts: a real server on a fresh database of each target (SQLite, and
 * PostgreSQL in its own schema when TEST_POSTGRES_URL is set), an admin signed in to it, requests
 * as a browser on the site sends them (same-origin POSTs), leads stored through the app's own
 * repository, and the visible text of a page.
 */
import { sql } from "kysely";
import { expect } from "vitest";
import { openDatabase, type Database } from "#app/server/db/index.server.ts";
import type { Lead, NewLead } from "#app/server/repos/leads.server.ts";
import { createTestAccount, type TestAccount } from "#tests/support/accounts.ts";
import { storeLead, type LeadMailKind } from "#tests/support/seed-leads.ts";
import { schemaUrl, type DatabaseTarget } from "#tests/support/databases.ts";
import { get, request, startServer, type HttpResult, type ServerProcess } from "#tests/support/server.ts";

export const LEADS_TO = "owner@remodel.test";

export interface SiteTarget {
  dataDir: string;
  databaseUrl?: string;
  schema?: string;
}

export interface AdminSite {
  server: ServerProcess;
  /** Where the server's data lives, for `withSiteDatabase` and `createTestAccount`. */
  target: SiteTarget;
  admin: TestAccount;
  /** GET as the admin (or with `cookie`, "" for none). */
  get(path: string, cookie?: string): Promise<HttpResult>;
  /** A form POST as a browser on the site sends it: urlencoded, Origin = the site. */
  post(
    path: string,
    fields: Record<string, string> | [string, string][],
    options?: { cookie?: string; headers?: Record<string, string> },
  ): Promise<HttpResult>;
  /** Runs `fn` with the site's database (opened once in this process, already migrated by the server). */
  db<T>(fn: (database: Database) => Promise<T>): Promise<T>;
  stop(): Promise<void>;
}

/** Starts a server on a fresh database of `dbTarget` and signs an admin in. */
export async function startAdminSite(
  dbTarget: DatabaseTarget,
  env: Record<string, string> = {},
  /** `keepData`: the SQLite data lives in the target's directory, so it outlives a killed server (restart tests). */
  siteOptions: { keepData?: boolean } = {},
): Promise<AdminSite> {
  // The outbox looks often, so emails stored straight in the database go out within the test.
  let serverEnv: Record<string, string> = { LEADS_TO, MAIL_POLL_SECONDS: "0.2", ...env };
  let target: SiteTarget | undefined;
  if (dbTarget.name === "postgres") {
    const fresh = await dbTarget.fresh();
    const url = new URL(schemaUrl(fresh.databaseUrl!, fresh.schema));
    serverEnv = { ...serverEnv, DATABASE_URL: url.href };
    target = { dataDir: fresh.dataDir, databaseUrl: fresh.databaseUrl, schema: fresh.schema };
  }
  if (!target && siteOptions.keepData) target = { dataDir: (await dbTarget.fresh()).dataDir };
  const server = await startServer({
    env: serverEnv,
    ...(siteOptions.keepData && target ? { dataDir: target.dataDir } : {}),
  });
  target ??= { dataDir: server.dataDir };
  const admin = await createTestAccount(target, { role: "admin", name: "Alex Admin" });
  let opened: Promise<Database> | undefined;
  const site: AdminSite = {
    server,
    target,
    admin,
    get: (path, cookie = admin.cookie) => get(`${server.url}${path}`, cookie ? { cookie } : {}),
    post(path, fields, options = {}) {
      const body = new URLSearchParams(fields).toString();
      const cookie = options.cookie ?? admin.cookie;
      return request(`${server.url}${path}`, {
        method: "POST",
        headers: {
          origin: server.url,
          "content-type": "application/x-www-form-urlencoded",
          "content-length": String(Buffer.byteLength(body)),
          ...(cookie ? { cookie } : {}),
          ...options.headers,
        },
        body,
      });
    },
    async db(fn) {
      // One handle for the whole suite: two better-sqlite3 handles on one file in one process can
      // block each other (a synchronous busy wait holds the event loop the other needs).
      opened ??= openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, schema: target.schema });
      return fn(await opened);
    },
    stop: async () => {
      await server.stop();
      if (opened) await (await opened).close();
    },
  };
  return site;
}

/** Sets `dbTarget` up and starts an admin site on it: a suite's beforeAll. */
export async function setUpAdminSite(
  dbTarget: DatabaseTarget,
  env: Record<string, string> = {},
  siteOptions: { keepData?: boolean } = {},
): Promise<AdminSite> {
  await dbTarget.setup();
  return startAdminSite(dbTarget, env, siteOptions);
}

/** Stops the site (if it started) and tears its target down: the suite's afterAll. */
export async function tearDownAdminSite(dbTarget: DatabaseTarget, site: AdminSite | undefined): Promise<void> {
  await site?.stop();
  await dbTarget.teardown();
}

/** Renames a table of the site's database: how a suite makes a page's query fail, and then recover. */
export async function renameTable(site: AdminSite, from: string, to: string): Promise<void> {
  await site.db(({ db }) => sql`alter table ${sql.table(from)} rename to ${sql.table(to)}`.execute(db));
}

let leadCounter = 0;

/** Stores a lead (and by default its notification email) the way the estimate form does. */
export async function seedLead(
  site: AdminSite,
  lead: Partial<NewLead> = {},
  options: { now?: Date; jobs?: LeadMailKind[] } = {},
): Promise<{ lead: Lead; jobIds: string[] }> {
  leadCounter += 1;
  const full: NewLead = {
    fromName: `Homeowner ${leadCounter}`,
    email: `homeowner${leadCounter}@home.test`,
    phone: "(713) 555-0100",
    subject: `Kitchen remodel #${leadCounter}`,
    message: "Please call after 5 pm.",
    source: "/contact",
    isSpam: false,
    spamReason: null,
    ipHash: null,
    userAgent: "admin-integration-test",
    ...lead,
  };
  return site.db((database) =>
    storeLead({
      database,
      lead: full,
      now: options.now,
      jobs: options.jobs ?? ["lead-notification"],
      mail: { to: LEADS_TO, from: "Website <no-reply@remodel.test>", siteUrl: site.server.url },
    }),
  );
}

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'", nbsp: " " };

/** Tags that do not break a line of text: dropped without a space. */
const INLINE_TAGS = /<\/?(a|span|strong|em|b|i|time|code|abbr)\b[^>]*>/gi;

/** The decoded text of an HTML fragment as a reader sees it, whitespace collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/gi, " ")
    .replace(/<style\b[\s\S]*?<\/style>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(INLINE_TAGS, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&(#x27|#39|amp|lt|gt|quot|nbsp);/g, (_, name: string) => entities[name] ?? "")
    .replace(/\s+/g, " ")
    .trim();
}

/** The raw HTML of the first element with this class (up to its matching close tag, same tag name). */
export function elementByClass(html: string, className: string): string | null {
  const open = new RegExp(`<([a-z0-9]+)\\b[^>]*class="[^"]*\\b${className}\\b[^"]*"[^>]*>`, "i").exec(html);
  if (!open) return null;
  const tag = open[1]!;
  let depth = 0;
  const re = new RegExp(`<(/?)${tag}\\b[^>]*>`, "gi");
  re.lastIndex = open.index;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return html.slice(open.index, m.index + m[0].length);
  }
  return null;
}

/** The text of the admin layout's status line (role="status"). */
export function statusLine(html: string): string {
  const match = /<div class="admin-flash" role="status">([\s\S]*?)<\/div>/.exec(html);
  return match ? textOf(match[1]!) : "";
}

/** The ids of the requests listed in the inbox page, in order. */
export function listedLeadIds(html: string): string[] {
  const list = elementByClass(html, "admin-leads") ?? "";
  return [...list.matchAll(/href="\/admin\/leads\/([0-9a-f-]{36})"/g)].map((m) => m[1]!);
}

/** The value of an `href` of a link whose text is `label`. */
export function hrefOf(html: string, label: string): string | null {
  for (const m of html.matchAll(/<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)) {
    if (textOf(m[2]!) === label) return m[1]!.replace(/&amp;/g, "&");
  }
  return null;
}

/** A POST answered by a redirect to `path` (pathname and search). */
export function expectRedirect(res: HttpResult, path: string): void {
  expect(res.status, textOf(res.text).slice(0, 400)).toBe(302);
  const location = new URL(res.headers.location ?? "", "http://site.invalid");
  expect(location.pathname + location.search).toBe(path);
}

/**
 * The server still answers, and never answered with a 5xx nor hit an unhandled error (the host
 * logs both at error level; other error lines, such as an email that failed, are allowed).
 */
export async function expectServerHealthy(site: AdminSite): Promise<void> {
  expect(site.server.hasExited()).toBe(false);
  const health = await get(`${site.server.url}/healthz`);
  expect(health.status).toBe(200);
  const failures = site.server
    .stderr()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { level?: string; msg?: string })
    .filter((entry) => entry.level === "error" && (entry.msg === "request" || entry.msg === "unhandled error"));
  expect(failures, "5xx answers or unhandled errors in the server's log").toEqual([]);
}
