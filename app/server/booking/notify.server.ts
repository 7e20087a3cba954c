/**
 * Telling the contractor what a homeowner did with a booking (ADR 071): an email to the business
 * inbox and a push to every admin device, queued in the booking's own transaction, so neither is
 * lost nor sent for a booking that did not happen. The outbox and the push worker are woken after
 * the commit by the caller.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { BookingDeps } from "#app/server/booking/deps.server.ts";
import type { DB } from "#app/server/db/schema.server.ts";
import { bookingActivityMail } from "#app/server/mail/booking-activity-message.server.ts";
import { siteSender } from "#app/server/mail/message-parts.server.ts";
import { bookingPushPayload } from "#app/server/push/payload.server.ts";
import { createEmailJob } from "#app/server/repos/email-jobs.server.ts";
import type { Lead } from "#app/server/repos/leads.server.ts";
import { queuePushJobs } from "#app/server/repos/push-jobs.server.ts";
import type { Visit } from "#app/server/repos/visits.server.ts";
import { visitShortLabel } from "#app/server/visits/labels.server.ts";

export type BookingActivity = "requested" | "booked" | "moved" | "cancelled";

const EMAIL_SHAPE = /^[^\s@<>]+@[^\s@<>]+$/;

/**
 * The contractor's notice of one booking change, written out now (the business's profile and inbox
 * are read through the pool, before the booking's transaction) and returned as the write that
 * transaction makes: on PostgreSQL it may hold the booking lock, so it reads nothing itself.
 */
export async function bookingNotice(
  deps: Pick<BookingDeps, "config" | "site" | "clock">,
  { lead, visit, previous, kind, now }: { lead: Lead; visit: Visit; previous?: Visit; kind: BookingActivity; now: Date },
): Promise<(db: Kysely<DB>) => Promise<void>> {
  const { timeZone } = deps.clock;
  const label = (v: Visit) => visitShortLabel(new Date(v.starts_at), v.minutes, timeZone);
  const window = label(kind === "cancelled" && previous ? previous : visit);
  const [{ profile }, inbox] = await Promise.all([deps.site.content(), deps.site.leadInbox()]);
  const email = lead.email.trim();
  const mail = inbox
    ? bookingActivityMail({
        to: inbox,
        from: siteSender(deps.config, profile.name),
        replyTo: EMAIL_SHAPE.test(email) ? email : null,
        siteUrl: deps.config.publicUrl,
        kind,
        homeowner: lead.from_name,
        phone: lead.phone,
        subject: lead.subject,
        leadId: lead.id,
        window,
        ...(kind === "moved" && previous ? { previousWindow: label(previous) } : {}),
        at: deps.clock.formatLongTime(now.toISOString()),
      })
    : null;
  const push = bookingPushPayload({ kind, window, leadId: lead.id });
  return async (db) => {
    if (mail && inbox) {
      await createEmailJob({
        db,
        id: randomUUID(),
        leadId: lead.id,
        kind: "booking-activity",
        recipient: inbox,
        payload: mail,
        giveUpAfterMs: deps.config.env.MAIL_GIVE_UP_HOURS * 3600 * 1000,
        now,
      });
    }
    await queuePushJobs({ db, leadId: lead.id, payload: push, now });
  };
}
