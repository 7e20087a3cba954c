/**
 * A review request's two emails as the outbox stores them (issue 29): the request, due at its
 * time, and the one reminder, due its days later (none when the settings say 0). Both carry the
 * same public review link, the private one, the image and the unsubscribe link of scope "reviews".
 */
import { randomUUID } from "node:crypto";
import type { SiteProfile } from "#app/content/profile.ts";
import { toLocale } from "#app/i18n/locale.ts";
import type { ReviewSettings } from "#app/schemas/review-settings.ts";
import { siteSender } from "#app/server/mail/messages.server.ts";
import { reviewMail, type ReviewMailKind } from "#app/server/mail/review-messages.server.ts";
import { REVIEWS_SCOPE, listUnsubscribeHeaders, unsubscribeUrl } from "#app/server/mail/unsubscribe.server.ts";
import type { ScheduledEmailJob } from "#app/server/repos/email-jobs.server.ts";
import type { Lead } from "#app/server/repos/leads.server.ts";
import type { ReviewRequest } from "#app/server/repos/review-requests.server.ts";
import type { ReviewDeps } from "#app/server/reviews/deps.server.ts";
import { reviewGoUrl, reviewPageUrl, reviewSeenUrl } from "#app/server/reviews/review-link.server.ts";
import { reviewReminderAt } from "#app/server/reviews/timing.server.ts";

/** What the emails need that is read before the transaction: the settings, the profile, the inbox. */
export interface JobEndFacts {
  settings: ReviewSettings;
  profile: SiteProfile;
  /** The lead inbox: an answer to the email reaches the business. */
  replyTo: string;
}

/** The request's email (due at `sendAt`) and its reminder, for the row `request` and its `token`. */
export function reviewEmailJobs(
  deps: Pick<ReviewDeps, "config" | "secret" | "clock">,
  {
    request,
    token,
    lead,
    facts,
    sendAt,
  }: {
    request: Pick<ReviewRequest, "email" | "first_name" | "locale">;
    token: string;
    lead: Pick<Lead, "id" | "subject">;
    facts: JobEndFacts;
    sendAt: Date;
  },
): ScheduledEmailJob[] {
  const { publicUrl } = deps.config;
  const locale = toLocale(request.locale);
  const unsubscribe = { publicUrl, secret: deps.secret, email: request.email, scope: REVIEWS_SCOPE, locale };
  const mail = (kind: ReviewMailKind) =>
    reviewMail({
      kind,
      to: request.email,
      from: siteSender(deps.config, facts.profile.name),
      replyTo: facts.replyTo,
      firstName: request.first_name,
      service: lead.subject,
      business: facts.profile,
      siteUrl: publicUrl,
      locale,
      reviewLink: reviewGoUrl(publicUrl, token),
      privateLink: reviewPageUrl(publicUrl, locale, token),
      seenImage: reviewSeenUrl(publicUrl, token),
      unsubscribe: { url: unsubscribeUrl(unsubscribe), headers: listUnsubscribeHeaders(unsubscribe) },
    });
  const giveUpMs = deps.config.env.MAIL_GIVE_UP_HOURS * 3600_000;
  const job = (kind: ReviewMailKind, dueAt: Date): ScheduledEmailJob => ({
    id: randomUUID(),
    leadId: lead.id,
    kind,
    recipient: request.email,
    payload: mail(kind),
    dueAt,
    giveUpAt: new Date(dueAt.getTime() + giveUpMs),
  });
  const { reminderDays } = facts.settings;
  return [
    job("review-request", sendAt),
    ...(reminderDays > 0 ? [job("review-reminder", reviewReminderAt(sendAt, reminderDays, deps.clock.timeZone))] : []),
  ];
}
