/** The answer of a middleware that refuses a request itself, before any page renders (the status is already set). */
import type { Request, Response } from "express";
import type { Locale } from "#app/i18n/locale.ts";
import { translate } from "#app/i18n/messages.ts";
import { localePath } from "#app/i18n/paths.ts";
import { wantsJson } from "#server/middleware/body-limits.ts";

/**
 * JSON for a client that asked for it (the estimate form's script shows the sentence in its toast),
 * else a small page titled `title`, in `locale` (the language of the address refused, ADR 064).
 */
export function sendRefusal(req: Request, res: Response, title: string, sentence: string, locale: Locale = "en"): void {
  if (wantsJson(req)) {
    res.json({ status: "error", message: sentence });
    return;
  }
  res
    .type("html")
    .send(
      `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(sentence)}</p>` +
        `<p><a href="${localePath(locale, "/")}">${escapeHtml(translate(locale, "errors.home"))}</a></p></main></body></html>`,
    );
}

function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}
