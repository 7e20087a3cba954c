/**
 * Estimate requests stored the way the estimate form stores them: through the app's repository,
 * with the emails it queues (the owner's notification, the homeowner's confirmation) built by the
 * app's own messages. A spam request gets no email, as on the site.
 */
import type { Database } from "#app/server/db/index.server.ts";
import { leadConfirmationMail, leadNotificationMail } from "#app/server/mail/messages.server.ts";
import { createLeadWithJobs, type Lead, type NewEmailJob, type NewLead } from "#app/server/repos/leads.server.ts";
import { defaultProfile } from "#app/content/company.ts";
import { describeProfile } from "#app/content/profile.ts";
import { createSiteClock } from "#app/server/time.server.ts";

/** The site clock at its default zone (SITE_TIMEZONE unset), as the server under test runs. */
const clock = createSiteClock("America/Chicago");

export type LeadMailKind = "lead-notification" | "lead-confirmation";

export interface LeadMail {
  /** The owner's address (LEADS_TO). */
  to: string;
  from: string;
  siteUrl: string;
}

export function storeLead({
  database,
  lead,
  now,
  jobs,
  mail,
  giveUpAfterMs = 24 * 3600 * 1000,
}: {
  database: Database;
  lead: NewLead;
  now?: Date;
  jobs: LeadMailKind[];
  mail: LeadMail;
  /** MAIL_GIVE_UP_HOURS as the outbox is given it (a day unless a test says otherwise). */
  giveUpAfterMs?: number;
}): Promise<{ lead: Lead; jobIds: string[] }> {
  const { to, from, siteUrl } = mail;
  return createLeadWithJobs({
    db: database.db,
    lead,
    now,
    giveUpAfterMs,
    buildJobs: (stored): NewEmailJob[] =>
      lead.isSpam
        ? []
        : jobs.map((kind) =>
            kind === "lead-notification"
              ? { kind, recipient: to, payload: leadNotificationMail(stored, { to, from, siteUrl, clock }) }
              : {
                  kind,
                  recipient: stored.email,
                  payload: leadConfirmationMail(stored, {
                    from,
                    siteUrl,
                    clock,
                    profile: describeProfile(defaultProfile),
                  }),
                },
          ),
  });
}
