/** GET /favicon.ico: browsers ask for it on their own; the icon is an SVG, so point them there. */
import type { RequestHandler } from "express";

export function favicon(): RequestHandler {
  return (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=604800");
    res.redirect(301, "/images/favicon.svg");
  };
}
