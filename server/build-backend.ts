/**
 * Builds the backend once, in dependency order (ADR 016): config, database, secret, mail,
 * storage, the page cache, then the features that use them. Nothing is patched afterwards.
 * What the process must stop at shutdown beside the bag comes back with it.
 */
import { isDev } from "#server/node-env.ts";
import type { Config } from "#app/server/env.server.ts";
import type { Logger } from "#app/server/logger.server.ts";
import { openDatabase, migrateToLatest, type Database } from "#app/server/db/index.server.ts";
import type { Backend } from "#app/server/context.server.ts";
import { loadSiteSecret } from "#app/server/secrets.server.ts";
import { createFormTokens } from "#app/server/leads/form-token.server.ts";
import { createMailTransport, type MailTransport } from "#app/server/mail/transports.server.ts";
import { createOutbox, type Outbox } from "#app/server/mail/outbox.server.ts";
import { createMail } from "#app/server/mail/mail.server.ts";
import { createDkimSource } from "#app/server/mail/dkim.server.ts";
import { createMailHealth, type MailHealth } from "#app/server/mail/mail-health.server.ts";
import { createMailStatus } from "#app/server/mail/mail-status.server.ts";
import { mailSendLimits } from "#app/server/mail/send-limits.server.ts";
import { createPushAlerts } from "#app/server/push/alerts.server.ts";
import { vapidSubject } from "#app/server/push/vapid.server.ts";
import { GOOGLE_ISSUER, createOidcClient, type OidcClient } from "#app/server/auth/oidc.server.ts";
import { createAccounts, issueSetupToken } from "#app/server/auth/accounts.server.ts";
import { createBackups } from "#app/server/backup/backups.server.ts";
import { createBlobStore } from "#app/server/storage/create-blob-store.server.ts";
import { createGallery } from "#app/server/gallery/gallery.server.ts";
import { createImageQueue } from "#app/server/images/queue.server.ts";
import { createProjectPages } from "#app/server/projects/public.server.ts";
import { createProjectAdmin } from "#app/server/projects/admin.server.ts";
import { maxEstimateBodyBytes } from "#app/server/leads/job-photos.server.ts";
import { MAX_FORM_BYTES } from "#app/server/leads/estimate-action.server.ts";
import { createLeads } from "#app/server/leads/leads.server.ts";
import { createDiskChecks } from "#app/server/storage/disk.server.ts";
import { startTempFileHousekeeping } from "#app/server/storage/temp-files.server.ts";
import { createSite } from "#app/server/site/site.server.ts";
import { createSiteClock } from "#app/server/time.server.ts";
import { createVisits } from "#app/server/visits/visits.server.ts";
import { createQuotes } from "#app/server/quotes/quotes.server.ts";
import { followUpChecks } from "#app/server/quotes/follow-ups.server.ts";
import { createPublicPages } from "#app/server/public-pages.server.ts";
import { createQuoteNoticeTemplates } from "#app/server/quotes/notice-templates.server.ts";
import { PageCache } from "#server/page-cache.ts";
import { createHomeowner } from "#app/server/homeowner/homeowner.server.ts";
import { createBooking } from "#app/server/booking/booking.server.ts";
import { createBusyFeed } from "#app/server/booking/busy-feed.server.ts";
import { createBookingAdmin } from "#app/server/booking/admin-rules.server.ts";
import { createUnsubscribe } from "#app/server/mail/unsubscribe.server.ts";
import { createReviews } from "#app/server/reviews/reviews.server.ts";
import { reviewEmailChecks } from "#app/server/reviews/checks.server.ts";
import type { SiteClock } from "#app/server/time.server.ts";
import { createReviewFeedback } from "#app/server/reviews/feedback.server.ts";
import { leadWaitingCheck } from "#app/server/leads/unanswered/wanted.server.ts";
import type { PushAlerts } from "#app/server/push/alerts.server.ts";

interface BuiltBackend {
  backend: Backend;
  pageCache: PageCache;
  /** The mail transport under the outbox: closed last, after the outbox stopped. */
  transport: MailTransport;
  /** A one-hour link to create the first admin, while the site has none. */
  setupToken: string | null;
  /** Started while building (before anything writes an upload); stopped at shutdown. */
  stoppers: {
    tempFiles: { stop(): void };
    publicPagesWatch: { stop(): Promise<void> };
  };
}

interface BuildOptions {
  /** A clock a test hands in (one that does not move), which every feature and the outbox's checks read. */
  clock?: SiteClock;
  /** Or only the clock's time, fixed by a test (the real time by default): the outbox and the alerts go by it too. */
  now?: () => Date;
}

export async function buildBackend(config: Config, logger: Logger, options: BuildOptions = {}): Promise<BuiltBackend> {
  const database = await openServerDatabase(config, logger);
  // The site's one time zone (SITE_TIMEZONE): every time a person reads is written in it (ADR 050).
  const clock = options.clock ?? createSiteClock(config.env.SITE_TIMEZONE, options.now);
  const secret = await loadSiteSecret({ db: database.db, configured: config.env.SESSION_SECRET });
  // While the site has no administrator, a one-time link (valid one hour) creates the first one.
  const setupToken = await issueSetupToken({ db: database.db });
  // Alerts of new leads on admins' phones, sent in the background like the emails (ADR 034).
  const push = createPushAlerts({
    database,
    clock,
    logger,
    allowLocal: config.env.PUSH_ALLOW_LOCAL,
    subject: async () =>
      vapidSubject({
        publicEmail: (await site.content()).profile.publicEmail,
        publicUrl: config.publicUrl,
        leadInbox: await site.leadInbox(),
      }),
  });
  // Built after push: a failing mail server queues one alert to the admins' phones (ADR 055).
  const mailHealth = createMailHealth({ database, config, logger, onOutageOpened: () => push.kick() });
  const { transport, outbox } = await startMail(config, logger, database, { health: mailHealth, push, clock });

  const blobStore = await createBlobStore(config);
  logger.info("storage", { kind: blobStore.kind, publicMediaUrl: config.env.PUBLIC_MEDIA_URL ?? null });
  // Before anything writes an upload: the temp files a crashed process left go now (ADR 044).
  const tempFiles = startTempFileHousekeeping({ dataDir: config.dataDir, localMedia: blobStore.kind === "local", logger });
  const disk = createDiskChecks({
    dataDir: config.dataDir,
    localMedia: blobStore.kind === "local",
    reserveMb: config.env.DISK_RESERVE_MB,
    largestRequestBytes: maxEstimateBodyBytes(Math.floor(config.env.UPLOAD_MAX_MB * 1024 * 1024), MAX_FORM_BYTES),
  });

  // Rendered public pages, kept in memory; the features that change them drop them.
  const pageCache = new PageCache({
    maxEntries: 200,
    ttlMs: isDev && !config.isProduction ? 0 : config.env.PAGE_CACHE_SECONDS * 1000,
  });

  // One call drops everything that shows public content: the page cache and the site's copy.
  // Every instance hears every change through the database (ADR 021).
  const publicPages = createPublicPages({ database, logger });
  publicPages.onInvalidate(() => pageCache.clear());
  const publicPagesWatch = await publicPages.watch();
  // One queue for every photo conversion in this process, whoever asks (ADR 045).
  const images = createImageQueue({
    concurrency: config.env.IMAGE_CONCURRENCY,
    maxQueuedMegapixels: config.env.IMAGE_QUEUE_MAX_MEGAPIXELS,
  });
  const gallery = createGallery({ config, database, blobStore, images, logger, publicPages, disk });
  const mailStatus = createMailStatus({ database, config, health: mailHealth, leadInbox: () => site.leadInbox() });
  const site = createSite({ config, database, logger, gallery, publicPages, goLive: { config, gallery, disk, mail: mailStatus, clock } });
  // What the features below are built from; the Backend holds it too.
  const base = {
    config,
    database,
    logger,
    secret,
    formTokens: createFormTokens(secret),
    outbox,
    push,
    blobStore,
    disk,
    images,
    publicPages,
    site,
    clock,
  };
  // The contractor's own calendar, read from an address they paste: public addresses only (ADR 046).
  const busyFeed = createBusyFeed({ ...base, outbound: { allowPrivate: config.env.BUSY_FEED_ALLOW_LOCAL } });
  const backend: Backend = {
    ...base,
    mail: createMail({ ...base, status: mailStatus }),
    accounts: createAccounts(base),
    backups: createBackups(base),
    google: createGoogle(config, secret),
    gallery,
    projectPages: createProjectPages({ database, mediaUrl: gallery.mediaUrl }),
    projectAdmin: createProjectAdmin(base),
    visits: createVisits(base),
    leads: createLeads(base),
    quotes: createQuotes(base),
    quoteNotices: createQuoteNoticeTemplates(base),
    homeowner: createHomeowner(base),
    booking: createBooking({ ...base, busyFeed }),
    busyFeed,
    bookingAdmin: createBookingAdmin({ ...base, busyFeed }),
    unsubscribe: createUnsubscribe(base),
    reviews: createReviews(base),
    reviewFeedback: createReviewFeedback(base),
  };
  // A signed quote's email attaches its PDF by reference; the quotes feature makes and reads it.
  outbox.readAttachmentsWith((ref) => backend.quotes.attachment(ref));
  return { backend, pageCache, transport, setupToken, stoppers: { tempFiles, publicPagesWatch } };
}

async function openServerDatabase(config: Config, logger: Logger): Promise<Database> {
  // FULL: a committed estimate request survives a power cut, not just a crash.
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    sqliteSynchronous: "FULL",
    maxConnections: config.env.DATABASE_POOL_MAX,
    logger,
  });
  const { applied } = await migrateToLatest(database);
  if (applied.length > 0) logger.info("database migrated", { applied });
  return database;
}

async function startMail(
  config: Config,
  logger: Logger,
  database: Database,
  { health, push, clock }: { health: MailHealth; push: PushAlerts; clock: SiteClock },
): Promise<{ transport: MailTransport; outbox: Outbox }> {
  // Every instance signs with the key in the database (ADR 054); a new one is used within a minute.
  const transport = await createMailTransport({ config, logger, dkim: createDkimSource({ db: database.db }) });
  const mailLimits = mailSendLimits(config.env.SMTP_TIMEOUT_SECONDS, { leaseSeconds: config.env.MAIL_LEASE_SECONDS });
  const outbox = createOutbox({
    database,
    transport,
    logger,
    retryBaseMs: config.env.MAIL_RETRY_BASE_SECONDS * 1000,
    retryMaxMs: config.env.MAIL_RETRY_MAX_SECONDS * 1000,
    pollMs: config.env.MAIL_POLL_SECONDS * 1000,
    sendLimitMs: mailLimits.sendMs,
    leaseMs: mailLimits.leaseMs,
    health,
    // A quote's follow-up goes only while the quote is still unanswered (issue 27).
    followUps: followUpChecks({ db: database.db }),
    // Emails that go only while still wanted, by kind (issue 29): each feature's checks.
    wanted: {
      ...reviewEmailChecks({ db: database.db, clock }),
      "lead-waiting": leadWaitingCheck({ db: database.db, push, clock }),
    },
    now: clock.now,
  });
  outbox.start();
  logger.info("mail", { transport: transport.name });
  return { transport, outbox };
}

/** "Continue with Google", when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set. */
function createGoogle(config: Config, secret: string): OidcClient | null {
  const { GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret } = config.env;
  if (!clientId || !clientSecret) return null;
  return createOidcClient({
    issuer: config.env.GOOGLE_ISSUER ?? GOOGLE_ISSUER,
    clientId,
    clientSecret,
    // Registered with Google as the redirect URI, so it is built from PUBLIC_URL.
    redirectUri: `${config.publicUrl}/auth/google/callback`,
    secret,
  });
}
