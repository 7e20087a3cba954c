/**
 * An estimate request once the action has read, validated and judged it: the business steps.
 *
 * The lead and its emails are stored in one transaction before the visitor is answered; only
 * then is the outbox woken to send them, so a failing mail server can delay the emails but
 * never lose the request. Spam is stored too, but causes no email.
 */
import { createHmac } from "node:crypto";
import type { EstimateRequest } from "../../schemas/estimate.ts";
import type { AppServices } from "../context.server.ts";
import { leadConfirmationMail, leadNotificationMail, senderAddress } from "../mail/messages.server.ts";
import { countEmailJobsTo } from "../repos/email-jobs.server.ts";
import { createLeadWithJobs, type Lead, type NewEmailJob } from "../repos/leads.server.ts";

export interface EstimateSubmission {
  /** The form, validated with EstimateRequestSchema. */
  estimate: EstimateRequest;
  /** Why the post looks like a bot's (stored, and no email is sent); null for a person's. */
  spamReason: string | null;
  /** The page the form was sent from ("/" or "/contact"). */
  source: string;
  /** The signed-in customer who sent it (they see it on their profile); null for a guest. */
  accountId: string | null;
  /** The client's address, kept only as a keyed hash; null when unknown. */
  clientIp: string | null;
  userAgent: string | null;
  /** For the log line. */
  requestId: string;
}

export type EstimateServices = Pick<AppServices, "config" | "database" | "logger" | "secret" | "outbox" | "site">;

/** Stores the request with its email jobs (notification, and confirmation within the daily cap), then wakes the outbox. */
export async function submitEstimate(
  { estimate, spamReason, source, accountId, clientIp, userAgent, requestId }: EstimateSubmission,
  { config, database, logger, secret, outbox, site }: EstimateServices,
): Promise<Lead> {
  const email = estimate.email.toLowerCase();
  // The profile as the owner last saved it: the emails name the business and its phone from it.
  const { profile } = await site.content();
  const leadsTo = await site.leadInbox();
  const from = senderAddress({ mailFrom: config.env.MAIL_FROM, publicUrl: config.publicUrl, name: profile.name });

  // At most CONFIRMATIONS_PER_ADDRESS_PER_DAY confirmations to one address, so the form cannot flood a stranger's inbox.
  let sendConfirmation = false;
  if (!spamReason) {
    const recent = await countEmailJobsTo({
      db: database.db,
      recipient: email,
      kind: "lead-confirmation",
      since: new Date(Date.now() - 24 * 3600 * 1000),
    });
    sendConfirmation = recent < config.env.CONFIRMATIONS_PER_ADDRESS_PER_DAY;
  }

  const { lead } = await createLeadWithJobs({
    db: database.db,
    lead: {
      fromName: estimate.from_name,
      email,
      phone: estimate.phone,
      subject: estimate.subject,
      message: estimate.message,
      source,
      isSpam: spamReason !== null,
      spamReason,
      ipHash: clientIp ? hashIp(secret, clientIp) : null,
      userAgent: userAgent?.slice(0, 300) ?? null,
      userId: accountId,
    },
    giveUpAfterMs: config.env.MAIL_GIVE_UP_HOURS * 3600 * 1000,
    buildJobs: (stored: Lead): NewEmailJob[] => {
      if (stored.is_spam) return [];
      const jobs: NewEmailJob[] = [];
      jobs.push({
        kind: "lead-notification",
        recipient: leadsTo.toLowerCase(),
        payload: leadNotificationMail(stored, { to: leadsTo, from, siteUrl: config.publicUrl }),
      });
      if (sendConfirmation) {
        jobs.push({
          kind: "lead-confirmation",
          recipient: email,
          payload: leadConfirmationMail(stored, { from, siteUrl: config.publicUrl, profile }),
        });
      }
      return jobs;
    },
  });

  logger.info("lead stored", {
    requestId,
    leadId: lead.id,
    source,
    spam: spamReason ?? false,
    confirmation: sendConfirmation,
  });
  if (!spamReason) outbox.kick();
  return lead;
}

/** The IP address itself is not stored; its keyed hash is enough to see floods. */
function hashIp(secret: string, ip: string): string {
  return createHmac("sha256", secret).update(`ip:${ip}`).digest("base64url").slice(0, 22);
}
