/**
 * An estimate request once the action has read, validated and judged it: the business steps.
 *
 * The lead and its emails are stored in one transaction before the visitor is answered; only
 * then is the outbox woken to send them, so a failing mail server can delay the emails but
 * never lose the request. Spam is stored too, but causes no email. A request the checks only
 * doubt (sent too fast, expired or reused token) is stored as "needs review" and emailed as usual,
 * the notification saying why: a person is never silenced.
 */
import { createHmac } from "node:crypto";
import type { Kysely } from "kysely";
import type { Attribution, EstimateRequest } from "#app/schemas/estimate.ts";
import type { BackendBase } from "#app/server/backend-base.server.ts";
import type { DB } from "#app/server/db/schema.server.ts";
import type { SiteProfile } from "#app/content/profile.ts";
import { leadConfirmationMail, leadNotificationMail, siteSender, type MailProfile } from "#app/server/mail/messages.server.ts";
import { limitBucket } from "#app/server/limits.server.ts";
import { createLeadWithJobs, isFormTokenUsed, type Lead, type NewEmailJob, type NewLeadPhoto } from "#app/server/repos/leads.server.ts";
import { addLeadPhotos } from "#app/server/repos/lead-photos.server.ts";
import { takeRateLimitHits } from "#app/server/repos/rate-limits.server.ts";
import { queuePushJobs, releaseLeadPushJobs } from "#app/server/repos/push-jobs.server.ts";
import { leadPushPayload } from "#app/server/push/payload.server.ts";
import { leadDetailsFrom } from "#app/server/leads/lead-details.server.ts";
import { localeOf, toLocale } from "#app/i18n/locale.ts";
import { homeownerLinkUrl, issueHomeownerLink } from "#app/server/homeowner/link.server.ts";
import { bookingUrl as bookingUrlOf, ensureBookingToken } from "#app/server/booking/link.server.ts";
import { getReminderSettings } from "#app/server/leads/unanswered/settings.server.ts";
import { leadWaitingJob } from "#app/server/leads/unanswered/reminder.server.ts";

interface EstimateSubmission {
  /** The form, validated with EstimateRequestSchema. */
  estimate: EstimateRequest;
  /** Where the visit came from (the form's hidden fields); none for a form sent without them. */
  attribution?: Attribution | null;
  /** Why the post looks like a bot's (stored, and no email is sent); null for a person's. */
  spamReason: string | null;
  /**
   * Why a post that may be a person's is doubted (too fast, expired token): stored as "needs
   * review" and emailed, the reason first. A reused token is found here, in the transaction.
   */
  reviewReason?: string | null;
  /** The hash of the form token it came with (a genuine one), null without. */
  formTokenHash?: string | null;
  /** The page the form was sent from ("/", "/contact", or their Spanish twins "/es/", "/es/contacto"). */
  source: string;
  /** The signed-in customer who sent it (they see it on their profile); null for a guest. */
  accountId: string | null;
  /** The client's address, kept only as a keyed hash; null when unknown. */
  clientIp: string | null;
  userAgent: string | null;
  /** For the log line. */
  requestId: string;
  /**
   * Photos of the job are still to be converted (ADR 045): the notification and the phone alerts
   * are held for PHOTO_HOLD_MS, for `attachJobPhotos` to count the photos and release them. Should
   * the process die first, they go out when the hold ends, saying no photo came (none had).
   * The homeowner's confirmation is held with them, so that it names the photos kept (ADR 062).
   */
  photosComing?: boolean;
}

export type EstimateDeps = Pick<BackendBase, "config" | "database" | "logger" | "secret" | "outbox" | "push" | "site" | "clock">;

export type AttachDeps = Pick<BackendBase, "config" | "database" | "logger" | "secret" | "outbox" | "push" | "site" | "clock">;

export type SubmitResult =
  | { ok: true; lead: Lead }
  /** The address already had LEAD_RATE_LIMIT requests stored in the window: nothing was stored. */
  | { ok: false; reason: "limited"; retryAfterSeconds: number };

/** Thrown inside the lead's transaction to roll it back; never leaves this module. */
class LeadLimitReached extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super("lead rate limit reached");
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * How long a new lead's notification and alerts wait for its photos. Far longer than the image
 * queue makes a request wait (its cap bounds that to about 30 s on a 2-core box), and short
 * enough that a crash in between delays the contractor's email by no more than this.
 */
const PHOTO_HOLD_MS = 2 * 60 * 1000;

const REUSED_TOKEN_REASON =
  "Sent with a form already used for an earlier request (the page sent again, or a copied form) — check it's a real person.";

/**
 * Stores the request with its email jobs (notification, and confirmation within the daily cap),
 * then wakes the outbox.
 *
 * Both limits are counted in the database every instance shares, in the same transaction as the
 * lead (docs/decisions/020-shared-limits-and-device-cookies.md): a hit in the address's bucket
 * (LEAD_RATE_LIMIT per LEAD_RATE_WINDOW_SECONDS; spam counts, so a bot cannot flood the inbox
 * table either), and, for a request that is not spam, a hit in the homeowner address's
 * confirmation bucket (CONFIRMATIONS_PER_ADDRESS_PER_DAY), so the form cannot flood a stranger's
 * inbox even with many requests at once.
 */
export async function submitEstimate(
  {
    estimate,
    attribution = null,
    spamReason,
    reviewReason = null,
    formTokenHash = null,
    source,
    accountId,
    clientIp,
    userAgent,
    requestId,
    photosComing = false,
  }: EstimateSubmission,
  { config, database, logger, secret, outbox, push, site, clock }: EstimateDeps,
): Promise<SubmitResult> {
  const email = estimate.email.toLowerCase();
  // The profile as the owner last saved it: the emails name the business and its phone from it.
  const { profile } = await site.content();
  const leadsTo = await site.leadInbox();
  const from = siteSender(config, profile.name);
  const ipHash = clientIp ? hashIp(secret, clientIp) : null;

  let sendConfirmation = false;
  let pushAlerts = 0;
  const now = clock.now();
  const heldUntil = photosComing ? new Date(now.getTime() + PHOTO_HOLD_MS) : undefined;
  let lead: Lead;
  try {
    ({ lead } = await createLeadWithJobs({
      db: database.db,
      now,
      beforeInsert: async (trx) => {
        await takeLeadHit(trx, { config, database, secret }, clientIp);
        // The same genuine token already brought a request from this address: the page was sent
        // again, or replayed.
        if (spamReason === null && reviewReason === null && formTokenHash !== null) {
          if (await isFormTokenUsed({ db: trx, hash: formTokenHash, ipHash })) return { reviewReason: REUSED_TOKEN_REASON };
        }
      },
      lead: {
        fromName: estimate.from_name,
        email,
        phone: estimate.phone,
        subject: estimate.subject,
        message: estimate.message,
        source,
        isSpam: spamReason !== null,
        spamReason,
        reviewReason,
        formTokenHash,
        ipHash,
        userAgent: userAgent?.slice(0, 300) ?? null,
        userId: accountId,
        // The homeowner's language is the page's: /es/contacto and /es/ are Spanish (ADR 064).
        locale: localeOf(source),
        // The ZIP is checked against the profile's service area here: told to the contractor, never a refusal.
        details: leadDetailsFrom(estimate, attribution, profile.serviceZips),
      },
      giveUpAfterMs: config.env.MAIL_GIVE_UP_HOURS * 3600 * 1000,
      buildJobs: async (stored: Lead, trx): Promise<NewEmailJob[]> => {
        if (stored.is_spam) return [];
        // The admins' phone alerts, queued with the lead: sent by the push worker afterwards.
        // With photos coming, both say none came until `attachJobPhotos` counts them: true if it never does.
        pushAlerts = await queuePushJobs({
          db: trx,
          leadId: stored.id,
          payload: leadPushPayload(stored, 0),
          dueAt: heldUntil,
        });
        const jobs = await leadJobs(trx, stored, { config, database, secret, clock }, { email, leadsTo, from, profile, heldUntil });
        sendConfirmation = jobs.some((job) => job.kind === "lead-confirmation");
        return jobs;
      },
    }));
  } catch (error) {
    if (!(error instanceof LeadLimitReached)) throw error;
    logger.warn("lead limited", { requestId, source, retryAfterSeconds: error.retryAfterSeconds });
    return { ok: false, reason: "limited", retryAfterSeconds: error.retryAfterSeconds };
  }

  logger.info("lead stored", {
    requestId,
    leadId: lead.id,
    source,
    spam: spamReason ?? false,
    review: lead.review_reason ?? false,
    confirmation: sendConfirmation,
    photosComing,
    pushAlerts,
  });
  if (!spamReason) outbox.kick();
  if (pushAlerts > 0) push.kick();
  return { ok: true, lead };
}

/** A hit in the address's bucket (LEAD_RATE_LIMIT per LEAD_RATE_WINDOW_SECONDS); thrown past the limit, rolling the lead back. */
async function takeLeadHit(
  trx: Kysely<DB>,
  { config, database, secret }: Pick<EstimateDeps, "config" | "database" | "secret">,
  clientIp: string | null,
): Promise<void> {
  const take = await takeRateLimitHits({
    db: trx,
    dialect: database.dialect,
    rules: [
      {
        bucket: limitBucket(secret, "lead-ip", clientIp || "unknown"),
        limit: config.env.LEAD_RATE_LIMIT,
        windowMs: config.env.LEAD_RATE_WINDOW_SECONDS * 1000,
      },
    ],
  });
  if (!take.allowed) throw new LeadLimitReached(take.retryAfterSeconds);
}

/**
 * A new lead's emails: the notification (held with photos coming), the confirmation while the
 * homeowner's address is within its daily cap (CONFIRMATIONS_PER_ADDRESS_PER_DAY), and the
 * contractor's reminder should nobody answer it in time (issue 29).
 */
async function leadJobs(
  trx: Kysely<DB>,
  stored: Lead,
  { config, database, secret, clock }: Pick<EstimateDeps, "config" | "database" | "secret" | "clock">,
  {
    email,
    leadsTo,
    from,
    profile,
    heldUntil,
  }: {
    email: string;
    leadsTo: string;
    from: string;
    profile: MailProfile & Pick<SiteProfile, "hours">;
    heldUntil: Date | undefined;
  },
): Promise<NewEmailJob[]> {
  const jobs: NewEmailJob[] = [];
  jobs.push({
    kind: "lead-notification",
    recipient: leadsTo.toLowerCase(),
    payload: leadNotificationMail(stored, { to: leadsTo, from, siteUrl: config.publicUrl, clock, photoCount: 0 }),
    dueAt: heldUntil,
  });
  const confirmation = await takeRateLimitHits({
    db: trx,
    dialect: database.dialect,
    rules: [
      {
        bucket: limitBucket(secret, "confirmation-email", email),
        limit: config.env.CONFIRMATIONS_PER_ADDRESS_PER_DAY,
        windowMs: DAY_MS,
      },
    ],
  });
  if (confirmation.allowed) {
    // The homeowner's own page (ADR 069): made with the lead, and its 14 days start with this email.
    const homeownerUrl = await issueHomeownerLink({
      db: trx,
      secret,
      publicUrl: config.publicUrl,
      email,
      locale: toLocale(stored.locale),
      now: clock.now(),
    });
    // The request's booking page (ADR 071), made with the lead: the homeowner picks the visit's time.
    const bookingUrl = bookingUrlOf(
      config.publicUrl,
      toLocale(stored.locale),
      await ensureBookingToken({ db: trx, secret, leadId: stored.id, now: clock.now() }),
    );
    jobs.push({
      kind: "lead-confirmation",
      recipient: email,
      payload: leadConfirmationMail(stored, { from, siteUrl: config.publicUrl, clock, profile, homeownerUrl, bookingUrl }),
      // Held with the notification while photos are coming: `attachJobPhotos` names them and releases it.
      dueAt: heldUntil,
    });
  }
  // The contractor's reminder, in English whatever the homeowner's language; off at 0 hours.
  const waiting = leadWaitingJob(stored, {
    hours: (await getReminderSettings({ db: trx })).hours,
    weekHours: profile.hours,
    clock,
    to: leadsTo,
    from,
    siteUrl: config.publicUrl,
  });
  if (waiting) jobs.push(waiting);
  return jobs;
}

/**
 * Adds the photos converted after `lead` was stored, and releases its held notification and
 * alerts, now counting them (ADR 045), and its held confirmation, now naming them (ADR 062).
 * False when the lead was deleted meanwhile: then nothing is written and the caller removes the
 * photos' files.
 */
export async function attachJobPhotos(
  { lead, photos, requestId }: { lead: Lead; photos: NewLeadPhoto[]; requestId: string },
  { config, database, logger, secret, outbox, push, site, clock }: AttachDeps,
): Promise<boolean> {
  const alerts = !lead.is_spam;
  let notificationPayload: unknown = null;
  let confirmationPayload: unknown = null;
  if (alerts) {
    const { profile } = await site.content();
    const leadsTo = await site.leadInbox();
    const from = siteSender(config, profile.name);
    notificationPayload = leadNotificationMail(lead, {
      to: leadsTo,
      from,
      siteUrl: config.publicUrl,
      clock,
      photoCount: photos.length,
    });
    // The held confirmation's send was recorded with the lead; its new copy carries the same link.
    const homeownerUrl = await homeownerLinkUrl({
      db: database.db,
      secret,
      publicUrl: config.publicUrl,
      email: lead.email,
      locale: toLocale(lead.locale),
      now: clock.now(),
    });
    confirmationPayload = leadConfirmationMail(lead, {
      from,
      siteUrl: config.publicUrl,
      clock,
      profile,
      photos: photos.map((photo) => photo.file_name),
      homeownerUrl,
      bookingUrl: bookingUrlOf(
        config.publicUrl,
        toLocale(lead.locale),
        await ensureBookingToken({ db: database.db, secret, leadId: lead.id, now: clock.now() }),
      ),
    });
  }
  let pushAlerts = 0;
  const attached = await addLeadPhotos({
    db: database.db,
    leadId: lead.id,
    photos,
    notificationPayload,
    confirmationPayload,
    releaseJobs: async (trx) => {
      if (alerts)
        pushAlerts = await releaseLeadPushJobs({
          db: trx,
          leadId: lead.id,
          payload: leadPushPayload(lead, photos.length),
        });
    },
  });
  logger.info(attached ? "lead photos stored" : "lead gone before its photos were stored", {
    requestId,
    leadId: lead.id,
    photos: photos.length,
  });
  if (attached && alerts) {
    outbox.kick();
    if (pushAlerts > 0) push.kick();
  }
  return attached;
}

/** The IP address itself is not stored; its keyed hash is enough to see floods. */
function hashIp(secret: string, ip: string): string {
  return createHmac("sha256", secret).update(`ip:${ip}`).digest("base64url").slice(0, 22);
}
