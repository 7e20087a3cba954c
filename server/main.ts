/**
 * The process host: validates configuration, opens and migrates the
 * database, serves the site over HTTP and shuts down gracefully.
 * Run by Node directly (`node server/main.ts`); `--dev` serves through Vite.
 * The services are built in build-backend.ts; stopping is in shutdown.ts.
 */
// First: .env is read (the real environment wins), then NODE_ENV is set before any import below loads React.
import { envFile } from "#server/startup-env.ts";
import { isDev } from "#server/node-env.ts";
import { createServer, type Server } from "node:http";
import { parseEnv, EnvError, type Config } from "#app/server/env.server.ts";
import { createLogger, type Logger } from "#app/server/logger.server.ts";
import { checkWarningLine } from "#app/server/site/checklist.server.ts";
import type { Site } from "#app/server/site/site.server.ts";
import { createRequestListener } from "#server/http.ts";
import { trustProxyWarning } from "#server/trust-proxy.ts";
import { buildBackend } from "#server/build-backend.ts";
import { loadPageHandler } from "#server/page-handler.ts";
import { startBackgroundWork } from "#server/background.ts";
import { stopOnSignals, type Shutdown } from "#server/shutdown.ts";
import { setupLinkBlock } from "#server/setup-link.ts";

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

async function main() {
  const config = loadConfig();
  const logger = createLogger({ level: config.env.LOG_LEVEL });
  if (envFile) logger.info("settings read from .env (the environment's own variables win)", { file: envFile });

  const { backend, pageCache, transport, setupToken, stoppers } = await buildBackend(config, logger);
  const { database, outbox, push, blobStore, site } = backend;
  push.start();
  const pages = await loadPageHandler(backend, logger);
  const background = startBackgroundWork(backend);

  let shutdown: Shutdown | undefined;
  const app = createRequestListener({
    backend,
    getPageHandler: pages.getPageHandler,
    clientDir: pages.clientDir,
    devMiddleware: pages.devMiddleware,
    isShuttingDown: () => shutdown?.isShuttingDown() ?? false,
    pageCache,
  });

  const server: Server = createServer(app);
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // Time to receive a whole request. A 30 MB photo over a weak phone uplink (0.5 Mbit/s) takes
  // 8 minutes; other bodies are at most 1 MB, and headers still must arrive within 66 s.
  server.requestTimeout = 10 * 60_000;
  // Before listening, and before any wait below (the go-live checks look up DNS for seconds): a
  // SIGTERM from then on drains like any other, rather than ending the process mid-request.
  shutdown = stopOnSignals({
    server,
    config,
    logger,
    async closeBackend(abortAfterMs) {
      await pages.close();
      background.stop();
      stoppers.tempFiles.stop();
      await stoppers.publicPagesWatch.stop();
      await Promise.all([outbox.stop({ abortAfterMs }), push.stop({ abortAfterMs })]);
      // Nothing of ours is left in flight; `force` ends a connection a hung server still holds.
      await transport.close({ force: true });
      await blobStore.close();
      await database.close();
    },
  });

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
  if (config.isProduction) await warnBeforeGoingLive({ config, logger, site });
  if (setupToken) printSetupLink(config, logger, setupToken);
}

function printSetupLink(config: Config, logger: Logger, setupToken: string) {
  const setupUrl = `${config.publicUrl}/setup?token=${setupToken}`;
  logger.info("no administrator yet: open the setup link to create one", { setupUrl, validMinutes: 60 });
  // A plain block too, so the operator sees it whatever LOG_LEVEL says and without a log viewer;
  // it comes last, after the go-live warnings, and stands out (ADR 058).
  const bold = process.stdout.isTTY === true && !process.env.NO_COLOR;
  process.stdout.write(setupLinkBlock(setupUrl, { bold, columns: process.stdout.columns }));
}

/**
 * The dashboard's go-live checklist, at start-up in production: one plain line per open item (like
 * the setup link, so it is seen whatever LOG_LEVEL says), set apart by a blank line, and one log
 * entry naming them all. One entry, not one per item: a first start is a list of things to do, not
 * a screen of warnings a newcomer reads as errors (ADR 058).
 */
async function warnBeforeGoingLive({ config, logger, site }: { config: Config; logger: Logger; site: Pick<Site, "goLiveChecklist"> }) {
  try {
    const open = (await site.goLiveChecklist()).filter((check) => check.status === "todo");
    if (open.length === 0) return;
    logger.warn("not ready to go live", { open: open.map((check) => check.id), dashboard: `${config.publicUrl}/admin` });
    process.stdout.write(`\n${open.map((check) => `${checkWarningLine(check, config.publicUrl)}\n`).join("")}`);
  } catch (error) {
    // A check that cannot run must not stop the site from serving.
    logger.error("the go-live checks could not run", { error });
  }
}

main().catch((error: unknown) => {
  const logger = createLogger({ level: "error" });
  logger.error("failed to start", { error });
  process.exit(1);
});
