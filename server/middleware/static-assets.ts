/**
 * The built client files (build/client), in production only (Vite serves them in development).
 * Vite puts a content hash in every file name under /assets, so those are cached forever and a
 * missing one is a plain 404 rather than a page; other files (images, robots.txt) for a week.
 */
import express, { type Router } from "express";
import path from "node:path";

export function staticAssets(clientDir: string): Router {
  const router = express.Router();
  router.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), {
      immutable: true,
      maxAge: "1y",
      index: false,
      redirect: false,
    }),
    (_req, res) => {
      res.status(404).type("text/plain").send("Not found");
    },
  );
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
