/**
 * What every site verb works with, bound once by `createSite`, and how a change drops every
 * cached page (this process's site content with them, ADR 021).
 */
import type { Config } from "#app/server/env.server.ts";
import type { Database } from "#app/server/db/index.server.ts";
import type { Logger } from "#app/server/logger.server.ts";
import type { Gallery } from "#app/server/gallery/gallery.server.ts";
import { invalidateAfter, type PublicPagesHub } from "#app/server/public-pages.server.ts";
import type { ChecklistSources } from "#app/server/site/checklist.server.ts";
import type { SiteChange } from "#app/server/site/types.server.ts";

export interface SiteOptions {
  config: Pick<Config, "env">;
  database: Pick<Database, "db">;
  logger: Logger;
  gallery: Pick<Gallery, "publishedPhoto">;
  publicPages: PublicPagesHub;
  /** How long a read stays fresh without a change (a backstop: every change, on any instance, drops it; ADR 021). */
  cacheMs?: number;
  /**
   * What the go-live checklist reads besides the site: the host gives it; a site built for the
   * CLI's profile commands has no checklist.
   */
  goLive?: Omit<ChecklistSources, "site">;
}

export interface SiteContext {
  db: Database["db"];
  gallery: Pick<Gallery, "publishedPhoto">;
  publicPages: Pick<PublicPagesHub, "invalidate">;
}

export const refused = (status: 400 | 404 | 409, error: string): SiteChange => ({ ok: false, status, error });

/** Runs a change and, when it went through, drops every cached page and the site's content. */
export const change = (ctx: Pick<SiteContext, "publicPages">, run: () => Promise<SiteChange>): Promise<SiteChange> =>
  invalidateAfter(ctx.publicPages, run);
