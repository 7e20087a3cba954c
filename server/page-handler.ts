/**
 * The page handler the host serves: the built server bundle (ADR 001), or in development
 * `server/app.ts` through Vite's middleware, reloaded per request.
 */
import { isDev } from "#server/node-env.ts";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Backend } from "#app/server/context.server.ts";
import type { Logger } from "#app/server/logger.server.ts";
import { openServedBuild } from "#server/build-dir.ts";
import type { PageHandler } from "#server/app.ts";

const root = path.resolve(import.meta.dirname, "..");

export async function loadPageHandler(backend: Backend, logger: Logger) {
  if (isDev) {
    const vite = await import("vite");
    const devServer = await vite.createServer({ root, server: { middlewareMode: true }, appType: "custom" });
    return {
      devMiddleware: devServer.middlewares,
      getPageHandler: async (): Promise<PageHandler> => {
        const mod = (await devServer.ssrLoadModule("./server/app.ts")) as typeof import("#server/app.ts");
        return mod.createPageHandler(backend, "development");
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
  let mod: typeof import("#server/app.ts");
  try {
    mod = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as typeof import("#server/app.ts");
  } catch (error) {
    logger.error("the build could not be loaded: rebuild with `npm run build -- --force`", { buildDir, error });
    process.exit(1);
  }
  const handler = mod.createPageHandler(backend, "production");
  return {
    clientDir: path.join(buildDir, "client"),
    getPageHandler: async () => handler,
    close: async () => build?.release(),
  };
}
