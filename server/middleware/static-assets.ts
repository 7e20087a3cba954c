/**
 * The built client files (build/client), in production only (Vite serves them in development).
 * Vite puts a content hash in every file name under /assets, so those are cached forever and a
 * missing one is a plain 404 rather than a page; other files (images, robots.txt) for a week.
 *
 * An /assets file this build does not have is looked for in the other builds kept beside it
 * (`.builds/*`, scripts/site-build.ts): while instances behind one proxy run different builds
 * (a rolling restart), a page from one may ask another for its assets. A hashed name means
 * the same bytes whichever build holds it.
 */
import express, { type RequestHandler, type Router } from "express";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

const assetOptions = { immutable: true, maxAge: "1y", index: false, redirect: false } as const;

export function staticAssets(clientDir: string): Router {
  const router = express.Router();
  router.use("/assets", express.static(path.join(clientDir, "assets"), assetOptions), otherBuildsAssets(clientDir), (_req, res) => {
    res.status(404).type("text/plain").send("Not found");
  });
  router.use(
    express.static(clientDir, {
      maxAge: "7d",
      index: false,
      redirect: false,
      dotfiles: "ignore",
    }),
  );
  return router;
}

/** The /assets folders of the other builds next to `clientDir` (`.builds/<id>/client`), tried in turn. */
function otherBuildsAssets(clientDir: string): RequestHandler {
  const buildsDir = path.dirname(path.dirname(clientDir));
  const own = path.join(clientDir, "assets");
  const servers = new Map<string, RequestHandler>();
  if (path.basename(buildsDir) !== ".builds") return (_req, _res, next) => next();
  return (req, res, next) => {
    let dirs: string[];
    try {
      dirs = readdirSync(buildsDir)
        .map((name) => path.join(buildsDir, name, "client", "assets"))
        .filter((dir) => dir !== own && existsSync(dir));
    } catch {
      next();
      return;
    }
    const tryFrom = (index: number) => {
      const dir = dirs[index];
      if (dir === undefined) {
        next();
        return;
      }
      let serve = servers.get(dir);
      if (!serve) servers.set(dir, (serve = express.static(dir, assetOptions)));
      serve(req, res, () => tryFrom(index + 1));
    };
    tryFrom(0);
  };
}
