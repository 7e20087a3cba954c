/**
 * What routes get from the host: the long-lived services, built once in dependency order by
 * `server/build-backend.ts` (config → database → secret → mail, storage, page cache → features), and the
 * per-request values. Each service has a named type, so the editor goes from a use to its code.
 */
import { createContext, type RouterContextProvider } from "react-router";
import type { Config } from "#app/server/env.server.ts";
import type { Logger } from "#app/server/logger.server.ts";
import type { Database } from "#app/server/db/index.server.ts";
import type { FormTokens } from "#app/server/leads/form-token.server.ts";
import type { Outbox } from "#app/server/mail/outbox.server.ts";
import type { Mail } from "#app/server/mail/mail.server.ts";
import type { OidcClient } from "#app/server/auth/oidc.server.ts";
import type { BlobStore } from "#app/server/storage/blob-store.server.ts";
import type { Gallery } from "#app/server/gallery/gallery.server.ts";
import type { ProjectPages } from "#app/server/projects/public.server.ts";
import type { ProjectAdmin } from "#app/server/projects/admin.server.ts";
import type { Site } from "#app/server/site/site.server.ts";
import type { PushAlerts } from "#app/server/push/alerts.server.ts";
import type { DiskChecks } from "#app/server/storage/disk.server.ts";
import type { ImageQueue } from "#app/server/images/queue.server.ts";
import type { SiteClock } from "#app/server/time.server.ts";
import type { Visits } from "#app/server/visits/visits.server.ts";
import type { Leads } from "#app/server/leads/leads.server.ts";
import type { Accounts } from "#app/server/auth/accounts.server.ts";
import type { Backups } from "#app/server/backup/backups.server.ts";
import type { PublicPages } from "#app/server/public-pages.server.ts";

/** Long-lived services the host builds once and hands to every request. */
export interface Backend {
  config: Config;
  database: Database;
  logger: Logger;
  /** The site's signing key (see secrets.server.ts). */
  secret: string;
  /** The estimate form's signed "shown at" tokens. */
  formTokens: FormTokens;
  /** The email outbox; `kick()` asks it to look for due jobs now. */
  outbox: Outbox;
  /** What the admin pages do with the outbox: the test email and 'Resend'. */
  mail: Mail;
  /** Web Push alerts of new leads to admins' phones; `kick()` sends the queued ones now. */
  push: PushAlerts;
  /** Sign-in, sign-up, the setup link, the profile, password reset and the user list (ADR 007, 009, 028). */
  accounts: Accounts;
  /** The dashboard's view of the backups (ADR 022). */
  backups: Backups;
  /** "Continue with Google", when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set; else null. */
  google: OidcClient | null;
  /** Where photos are stored (STORAGE): the local disk or an S3 bucket. */
  blobStore: BlobStore;
  /** Room on the disk and folders the server can write: checked before photos are written, shown by /healthz. */
  disk: DiskChecks;
  /** The process's one image queue: every photo conversion waits its fair turn here (ADR 045). */
  images: ImageQueue;
  /** The rendered public pages (dropped after the gallery or the site content changed). */
  publicPages: PublicPages;
  /** The gallery: uploads, publishing, order, covers, and the photos its pages show. */
  gallery: Gallery;
  /** Published projects as the public pages show them (read only; ADR 039). */
  projectPages: ProjectPages;
  /** Projects as the admin makes them: create, fill, order, pair, publish with their drafts (ADR 040). */
  projectAdmin: ProjectAdmin;
  /** The business profile, editable texts, testimonials and chosen photos: the one source of company facts. */
  site: Site;
  /** The site's time zone (SITE_TIMEZONE) and how a time reads in it: every time a person reads (ADR 050). */
  clock: SiteClock;
  /** Site visits: scheduling, moving, cancelling, the visits page and the calendar feed (ADR 033). */
  visits: Visits;
  /** Estimate requests: the form's action, the inbox and desk, photos of the job, replies and their templates. */
  leads: Leads;
}

/** Per-request values set by the host. */
export interface RequestInfo {
  /** CSP nonce for inline scripts rendered in this response. */
  nonce: string;
  requestId: string;
  /** The client's address (behind TRUST_PROXY proxies, the forwarded one). */
  clientIp: string;
}

export const backendContext = createContext<Backend>();
export const requestContext = createContext<RequestInfo>({ nonce: "", requestId: "", clientIp: "" });

export function getBackend(context: Readonly<RouterContextProvider>): Backend {
  return context.get(backendContext);
}
