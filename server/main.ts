/**
 * The process host: validates configuration, opens and migrates the
 * database, serves the site over HTTP and shuts down gracefully.
 * Run by Node directly (`node server/main.ts`); `--dev` serves through Vite.
 */
// First: .env is read (the real environment wins), then NODE_ENV is set before any import below loads React.
import { envFile } from "./startup-env.ts";
import { isDev } from "./node-env.ts";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseEnv, EnvError, type Config } from "../app/server/env.server.ts";
import { createLogger, type Logger } from "../app/server/logger.server.ts";
import { openDatabase, migrateToLatest } from "../app/server/db/index.server.ts";
import type { AppServices } from "../app/server/context.server.ts";
import { loadSiteSecret } from "../app/server/secrets.server.ts";
import { createFormTokens } from "../app/server/leads/form-token.server.ts";
import { createMailTransport } from "../app/server/mail/transports.server.ts";
import { createOutbox } from "../app/server/mail/outbox.server.ts";
import { mailSendLimits } from "../app/server/mail/send-limits.server.ts";
import { createPushAlerts } from "../app/server/push/alerts.server.ts";
import { vapidSubject } from "../app/server/push/vapid.server.ts";
import { GOOGLE_ISSUER, createOidcClient } from "../app/server/auth/oidc.server.ts";
import { startAccountMaintenance } from "../app/server/auth/maintenance.server.ts";
import { issueSetupToken } from "../app/server/auth/accounts.server.ts";
import { createBlobStore } from "../app/server/storage/create-blob-store.server.ts";
import { createGallery } from "../app/server/gallery/gallery.server.ts";
import { createImageQueue } from "../app/server/images/queue.server.ts";
import { createProjectPages } from "../app/server/projects/public.server.ts";
import { createProjectAdmin } from "../app/server/projects/admin.server.ts";
import { maxEstimateBodyBytes, startLeadPhotoHousekeeping } from "../app/server/leads/job-photos.server.ts";
import { MAX_FORM_BYTES } from "../app/server/leads/estimate-action.server.ts";
import { createDiskChecks } from "../app/server/storage/disk.server.ts";
import { startTempFileHousekeeping } from "../app/server/storage/temp-files.server.ts";
import { createSite } from "../app/server/site/site.server.ts";
import { checkWarningLine, goLiveChecklist } from "../app/server/site/checklist.server.ts";
import { createPublicPages } from "../app/server/public-pages.server.ts";
import { startDailyBackups } from "../app/server/backup/daily.server.ts";
import { createRequestListener } from "./http.ts";
import { PageCache } from "./page-cache.ts";
import { openServedBuild } from "./build-dir.ts";
import type { PageHandler } from "./app.ts";
import { trustProxyWarning } from "./trust-proxy.ts";


const root = path.resolve(import.meta.dirname, "..");

function loadConfig(): Config {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\nSee .env.example and the README's configuration table.\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function loadPageHandler(services: AppServices, logger: Logger) {
  if (isDev) {
    const vite = await import("vite");
    const devServer = await vite.createServer({ root, server: { middlewareMode: true }, appType: "custom" });
    return {
      devMiddleware: devServer.middlewares,
      getPageHandler: async (): Promise<PageHandler> => {
        const mod = (await devServer.ssrLoadModule("./server/app.ts")) as typeof import("./app.ts");
        return mod.createPageHandler(services, "development");
      },
      close: () => devServer.close(),
    };
  }
  // Resolved once (server/build-dir.ts): this process keeps its own build through a rebuild.
  const build = openServedBuild(root);
  const buildDir = build?.dir;
  if (!buildDir) {
    logger.error("the site is not built", { buildDir: path.join(root, "build") });
    process.stderr.write("No build found in build/: run `npm run build` first (`npm start` builds when needed).\n");
    process.exit(1);
  }
  let mod: typeof import("./app.ts");
  try {
    mod = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as typeof import("./app.ts");
  } catch (error) {
    logger.error("the build could not be loaded: rebuild with `npm run build -- --force`", { buildDir, error });
    process.exit(1);
  }
  const handler = mod.createPageHandler(services, "production");
  return {
    clientDir: path.join(buildDir, "client"),
    getPageHandler: async () => handler,
    close: async () => build?.release(),
  };
}

async function main() {
  const config = loadConfig();
  const logger = createLogger({ level: config.env.LOG_LEVEL });
  if (envFile) logger.info("settings read from .env (the environment's own variables win)", { file: envFile });

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

  const secret = await loadSiteSecret({ db: database.db, configured: config.env.SESSION_SECRET });
  // While the site has no administrator, a one-time link (valid one hour) creates the first one.
  const setupToken = await issueSetupToken({ db: database.db });
  const transport = await createMailTransport({ config, logger });
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
  });
  outbox.start();
  logger.info("mail", { transport: transport.name });

  // Alerts of new leads on admins' phones, sent in the background like the emails (ADR 034).
  const push = createPushAlerts({
    database,
    logger,
    allowLocal: config.env.PUSH_ALLOW_LOCAL,
    subject: async () =>
      vapidSubject({
        publicEmail: (await site.content()).profile.publicEmail,
        publicUrl: config.publicUrl,
        leadInbox: await site.leadInbox(),
      }),
  });

  const blobStore = await createBlobStore(config);
  logger.info("storage", { kind: blobStore.kind, publicMediaUrl: config.env.PUBLIC_MEDIA_URL ?? null });
  // Before anything writes an upload: the temp files a crashed process left go now (ADR 044).
  const tempFileMaintenance = startTempFileHousekeeping({ dataDir: config.dataDir, localMedia: blobStore.kind === "local", logger });
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
  const site = createSite({ config, database, logger, gallery, publicPages, goLive: { config, gallery, disk } });

  const services: AppServices = {
    config,
    database,
    logger,
    secret,
    formTokens: createFormTokens(secret),
    outbox,
    push,
    google:
      config.env.GOOGLE_CLIENT_ID && config.env.GOOGLE_CLIENT_SECRET
        ? createOidcClient({
            issuer: config.env.GOOGLE_ISSUER ?? GOOGLE_ISSUER,
            clientId: config.env.GOOGLE_CLIENT_ID,
            clientSecret: config.env.GOOGLE_CLIENT_SECRET,
            // Registered with Google as the redirect URI, so it is built from PUBLIC_URL.
            redirectUri: `${config.publicUrl}/auth/google/callback`,
            secret,
          })
        : null,
    blobStore,
    disk,
    images,
    publicPages,
    gallery,
    projectPages: createProjectPages({ database, mediaUrl: gallery.mediaUrl }),
    projectAdmin: createProjectAdmin({ database, blobStore, logger, publicPages }),
    site,
  };
  push.start();
  const pages = await loadPageHandler(services, logger);
  const maintenance = startAccountMaintenance({ database, logger });

  const galleryMaintenance = gallery.startHousekeeping();
  // Job photo files no lead points at (a crash between writing them and storing the lead).
  const leadPhotoMaintenance = startLeadPhotoHousekeeping({ db: database.db, blobStore, dataDir: config.dataDir, logger });
  // BACKUP_DIR set: a snapshot once a day, on one instance (docs/decisions/022-backups.md).
  const dailyBackups = startDailyBackups({ config, database, logger });

  let shuttingDown = false;
  const app = createRequestListener({
    services,
    getPageHandler: pages.getPageHandler,
    clientDir: pages.clientDir,
    devMiddleware: pages.devMiddleware,
    isShuttingDown: () => shuttingDown,
    pageCache,
  });

  const server: Server = createServer(app);
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // Time to receive a whole request. A 30 MB photo over a weak phone uplink (0.5 Mbit/s) takes
  // 8 minutes; other bodies are at most 1 MB, and headers still must arrive within 66 s.
  server.requestTimeout = 10 * 60_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  logger.info("listening", {
    url: `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${port}`,
    publicUrl: config.publicUrl,
    database: database.dialect,
    mode: isDev ? "development" : "production",
  });
  const proxyWarning = trustProxyWarning({ trustProxy: config.env.TRUST_PROXY, host: config.host });
  if (proxyWarning) logger.warn(proxyWarning, { trustProxy: config.env.TRUST_PROXY, host: config.host });
  if (config.isProduction) await warnBeforeGoingLive({ config, logger, site, gallery, disk });
  if (setupToken) {
    const setupUrl = `${config.publicUrl}/setup?token=${setupToken}`;
    logger.info("no administrator yet: open the setup link to create one", { setupUrl, validMinutes: 60 });
    // A plain line too, so the operator sees it whatever LOG_LEVEL says and without a log viewer.
    process.stdout.write(`Create the first admin account: ${setupUrl} (valid for 1 hour)\n`);
  }

  async function shutdown(signal: string) {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info("shutting down", { signal });
    const timeoutMs = config.env.SHUTDOWN_TIMEOUT_SECONDS * 1000;
    // An email or push alert still being sent this close to the timeout is cut off (its job stays
    // due, for the next process), leaving a moment to record that and close down within the timeout.
    const cutOffSendsAt = Date.now() + timeoutMs - Math.min(1000, timeoutMs / 4);
    const deadline = setTimeout(() => {
      logger.warn("shutdown timeout reached: closing open connections");
      server.closeAllConnections();
    }, config.env.SHUTDOWN_TIMEOUT_SECONDS * 1000);
    deadline.unref();
    // First a moment of taking requests as usual, each answered with "Connection: close"
    // (request-context.ts). A proxy may be sending a request on an idle kept-alive connection
    // right now: closing that connection under it makes the proxy answer 502, since it never
    // sends a POST again. Meanwhile the proxy uses up its kept connections to this instance, each
    // closed after its answer, so few idle ones are left to close below.
    if (config.env.SHUTDOWN_GRACE_SECONDS > 0) {
      await new Promise((resolve) => setTimeout(resolve, config.env.SHUTDOWN_GRACE_SECONDS * 1000));
    }
    // Stop accepting, let in-flight requests finish, drop idle keep-alive sockets.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    // A connection busy at SIGTERM goes idle once its response is sent; without
    // this sweep it would stay open until the deadline (keep-alive is 65 s).
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    sweep.unref();
    await closed;
    clearInterval(sweep);
    clearTimeout(deadline);
    await pages.close();
    maintenance.stop();
    galleryMaintenance.stop();
    leadPhotoMaintenance.stop();
    tempFileMaintenance.stop();
    await publicPagesWatch.stop();
    dailyBackups?.stop();
    const abortAfterMs = Math.max(0, cutOffSendsAt - Date.now());
    await Promise.all([outbox.stop({ abortAfterMs }), push.stop({ abortAfterMs })]);
    // Nothing of ours is left in flight; `force` ends a connection a hung server still holds.
    await transport.close({ force: true });
    await blobStore.close();
    await database.close();
    logger.info("stopped");
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

/**
 * The dashboard's go-live checklist, at start-up in production: one warning per open item, in
 * the log and as a plain line (like the setup link), so it is seen whatever LOG_LEVEL says.
 */
async function warnBeforeGoingLive(sources: Parameters<typeof goLiveChecklist>[0] & { logger: Logger }) {
  try {
    for (const check of await goLiveChecklist(sources)) {
      if (check.status !== "todo") continue;
      sources.logger.warn("not ready to go live", { check: check.id, detail: check.detail, fix: check.fix });
      process.stdout.write(`${checkWarningLine(check, sources.config.publicUrl)}\n`);
    }
  } catch (error) {
    // A check that cannot run must not stop the site from serving.
    sources.logger.error("the go-live checks could not run", { error });
  }
}

main().catch((error: unknown) => {
  const logger = createLogger({ level: "error" });
  logger.error("failed to start", { error });
  process.exit(1);
});
