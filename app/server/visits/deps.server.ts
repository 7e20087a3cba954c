/** What the visits need from the host, bound once by `createVisits` (visits.server.ts). */
import type { Config } from "#app/server/env.server.ts";
import type { Database } from "#app/server/db/index.server.ts";
import type { Logger } from "#app/server/logger.server.ts";
import type { Outbox } from "#app/server/mail/outbox.server.ts";
import type { Site } from "#app/server/site/site.server.ts";
import type { SiteClock } from "#app/server/time.server.ts";

export interface VisitDeps {
  config: Config;
  database: Database;
  logger: Logger;
  /** The invitations, updates, cancellations and reminders go through it. */
  outbox: Outbox;
  /** The business profile: organiser, phone and name in every invitation. */
  site: Site;
  /** The site's signing key: the calendar feed's token is made from it. */
  secret: string;
  /** The site's time zone (SITE_TIMEZONE): the wall clocks typed, shown, mailed and in the calendars. */
  clock: SiteClock;
}
