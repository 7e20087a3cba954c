/**
 * The shared parts every feature is built from, and the first half of the Backend
 * (`server/build-backend.ts` builds them once). A feature names what it needs with
 * `Pick<BackendBase, ...>`, so it depends on these parts, never on the Backend that holds the
 * features themselves (ADR 051).
 */
import type { Config } from "#app/server/env.server.ts";
import type { Logger } from "#app/server/logger.server.ts";
import type { Database } from "#app/server/db/index.server.ts";
import type { FormTokens } from "#app/server/leads/form-token.server.ts";
import type { Outbox } from "#app/server/mail/outbox.server.ts";
import type { BlobStore } from "#app/server/storage/blob-store.server.ts";
import type { Site } from "#app/server/site/site.server.ts";
import type { PushAlerts } from "#app/server/push/alerts.server.ts";
import type { DiskChecks } from "#app/server/storage/disk.server.ts";
import type { ImageQueue } from "#app/server/images/queue.server.ts";
import type { SiteClock } from "#app/server/time.server.ts";
import type { PublicPages } from "#app/server/public-pages.server.ts";

export interface BackendBase {
  config: Config;
  database: Database;
  logger: Logger;
  /** The site's signing key (see secrets.server.ts). */
  secret: string;
  /** The estimate form's signed "shown at" tokens. */
  formTokens: FormTokens;
  /** The email outbox; `kick()` asks it to look for due jobs now. */
  outbox: Outbox;
  /** Web Push alerts of new leads to admins' phones; `kick()` sends the queued ones now. */
  push: PushAlerts;
  /** Where photos are stored (STORAGE): the local disk or an S3 bucket. */
  blobStore: BlobStore;
  /** Room on the disk and folders the server can write: checked before photos are written, shown by /healthz. */
  disk: DiskChecks;
  /** The process's one image queue: every photo conversion waits its fair turn here (ADR 045). */
  images: ImageQueue;
  /** The rendered public pages (dropped after the gallery or the site content changed). */
  publicPages: PublicPages;
  /** The business profile, editable texts, testimonials and chosen photos: the one source of company facts. */
  site: Site;
  /** The site's time zone (SITE_TIMEZONE) and how a time reads in it: every time a person reads (ADR 050). */
  clock: SiteClock;
}
