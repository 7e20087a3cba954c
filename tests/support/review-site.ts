/**
 * The review suites' site (issue 29): the real backend built the way the server builds it
 * (`buildBackend`), on a fresh database of a target, on a clock that does not move until a test
 * moves it, served over HTTP in this process by the built pages (build/server) and the host's own
 * request listener, so the admin's posts, the counted link and the image go through the real
 * routes. An admin is signed in; requests are stored through the app's repository.
 *
 * Time: every feature and the outbox's checks read the fixed clock; the outbox itself claims jobs
 * on the real time, so `advanceTo(when)` moves the clock and makes due, in real time, every job
 * due by `when` on it (the way time passing would), then drains the outbox.
 */
import { createServer, type Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Database } from "#app/server/db/index.server.ts";
import type { Backend } from "#app/server/context.server.ts";
import { parseEnv } from "#app/server/env.server.ts";
import { createLogger } from "#app/server/logger.server.ts";
import { hashPassword } from "#app/server/auth/password.server.ts";
import { sessionCookieName, startSession } from "#app/server/auth/session.server.ts";
import { createUser } from "#app/server/repos/users.server.ts";
import { createLeadWithJobs, type Lead, type NewLead } from "#app/server/repos/leads.server.ts";
import { createSiteClock } from "#app/server/time.server.ts";
import type { BusinessProfile } from "#app/schemas/site-rules.ts";
import { buildBackend } from "#server/build-backend.ts";
import { createRequestListener } from "#server/http.ts";
import type { PageHandler } from "#server/app.ts";
import { schemaUrl, type DatabaseTarget } from "#tests/support/databases.ts";
import { SEEDED_PROFILE } from "#tests/support/seeded-site.ts";
import { assertBuilt, clientDir, request, root, type HttpResult } from "#tests/support/server.ts";

export const PUBLIC_URL = "https://remodel.test";
export const LEADS_TO = "owner@remodel.test";
/** The business's Google Place ID: the review address is made from it. */
export const PLACE_ID = "ChIJN1t_tDeuEmsRUsoyG83frY4";

export interface ReviewSite {
  /** http://127.0.0.1:<port> */
  url: string;
  backend: Backend;
  database: Database;
  /** The admin's Cookie header. */
  cookie: string;
  now(): Date;
  setNow(now: Date): void;
  /** Moves the clock to `when`, makes every job due by then due now, and drains the outbox. */
  advanceTo(when: Date): Promise<void>;
  /** A request, as the estimate form stores it, at the clock's time. */
  newLead(fields?: Partial<NewLead> & { status?: Lead["status"] }): Promise<Lead>;
  /** Saves the business profile: the seeded one with `changes`. */
  profile(changes?: Partial<BusinessProfile>): Promise<void>;
  get(path: string, cookie?: string): Promise<HttpResult>;
  /** A form POST from the site's own page (Origin = PUBLIC_URL) as the admin, or with `cookie`. */
  post(path: string, fields: Record<string, string>, options?: { cookie?: string }): Promise<HttpResult>;
  stop(): Promise<void>;
}

let counter = 0;

export async function startReviewSite(
  target: DatabaseTarget,
  { now, env = {} }: { now: Date; env?: Record<string, string> },
): Promise<ReviewSite> {
  assertBuilt();
  const fresh = await target.fresh();
  const config = parseEnv({
    DATA_DIR: fresh.dataDir,
    ...(fresh.databaseUrl ? { DATABASE_URL: schemaUrl(fresh.databaseUrl, fresh.schema) } : {}),
    PUBLIC_URL,
    LEADS_TO,
    MAIL_FROM: "Bayou City Remodeling <no-reply@remodel.test>",
    MAIL_POLL_SECONDS: "0.2",
    ...env,
  });
  let current = now;
  const clock = createSiteClock(config.env.SITE_TIMEZONE, () => current);
  const built = await buildBackend(config, createLogger({ level: "silent" }), { clock });
  const { backend, pageCache } = built;
  const { database } = backend;
  const build = (await import(pathToFileURL(path.join(root, "build/server/index.js")).href)) as {
    createPageHandler(backend: Backend, mode: string): PageHandler;
  };
  const handler = build.createPageHandler(backend, "production");
  const server: Server = createServer(
    createRequestListener({ backend, getPageHandler: async () => handler, clientDir, isShuttingDown: () => false, pageCache }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

  const user = await createUser({
    db: database.db,
    email: `admin-${Date.now().toString(36)}@remodel.test`,
    name: "Alex Admin",
    passwordHash: await hashPassword("Review test password"),
    role: "admin",
  });
  const cookie = `${sessionCookieName(config.isHttps)}=${await startSession({ db: database.db, userId: user.id, userAgent: "test" })}`;

  const site: ReviewSite = {
    url,
    backend,
    database,
    cookie,
    now: () => current,
    setNow(next) {
      current = next;
    },
    async advanceTo(when) {
      current = when;
      await database.db
        .updateTable("email_jobs")
        .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
        .where("status", "=", "pending")
        .where("next_attempt_at", "<=", when.toISOString())
        .execute();
      await backend.outbox.drain();
    },
    async newLead({ status, ...fields } = {}) {
      counter += 1;
      const { lead } = await createLeadWithJobs({
        db: database.db,
        lead: {
          fromName: `Maria Gonzalez`,
          email: `homeowner${counter}-${Date.now().toString(36)}@home.test`,
          phone: "(713) 555-0100",
          subject: "Bathroom Remodeling",
          message: "",
          source: "/contact",
          isSpam: false,
          spamReason: null,
          ipHash: null,
          userAgent: "review-test",
          ...fields,
        },
        buildJobs: () => [],
        giveUpAfterMs: 24 * 3600_000,
        now: current,
      });
      if (!status) return lead;
      await database.db.updateTable("leads").set({ status }).where("id", "=", lead.id).execute();
      return { ...lead, status };
    },
    async profile(changes = {}) {
      const saved = await backend.site.saveProfile({ profile: { ...SEEDED_PROFILE, ...changes }, by: null });
      if (!saved.ok) throw new Error(`the profile was refused: ${saved.error}`);
    },
    get: (pathname, withCookie = cookie) => request(`${url}${pathname}`, { headers: withCookie ? { cookie: withCookie } : {} }),
    post(pathname, fields, options = {}) {
      const body = new URLSearchParams(fields).toString();
      const sent = options.cookie ?? cookie;
      return request(`${url}${pathname}`, {
        method: "POST",
        headers: {
          origin: PUBLIC_URL,
          "content-type": "application/x-www-form-urlencoded",
          "content-length": String(Buffer.byteLength(body)),
          ...(sent ? { cookie: sent } : {}),
        },
        body,
      });
    },
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      built.stoppers.tempFiles.stop();
      await built.stoppers.publicPagesWatch.stop();
      await Promise.all([backend.outbox.stop({ abortAfterMs: 1000 }), backend.push.stop({ abortAfterMs: 1000 })]);
      await built.transport.close({ force: true });
      await backend.blobStore.close();
      await database.close();
    },
  };
  await site.profile({ reviewPlaceId: PLACE_ID });
  return site;
}
