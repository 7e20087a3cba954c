/**
 * What a push notification says. It passes through the browser maker's push service (encrypted,
 * but still): the service, the ZIP and the photo count tell the contractor enough to open it;
 * the homeowner's name, phone and message stay on our server, behind the link.
 */
import type { Lead } from "#app/server/repos/leads.server.ts";

export interface PushPayload {
  title: string;
  body: string;
  /** Where a tap on the notification goes: a path under /admin. */
  url: string;
  /** Notifications with the same tag replace each other on the device. */
  tag: string;
}

const LEAD_PUSH_TITLE = "New estimate request";

export function leadPushPayload(
  lead: Pick<Lead, "id" | "subject" | "zip" | "status"> & Partial<Pick<Lead, "locale">>,
  photoCount: number,
): PushPayload {
  const service = lead.subject.trim().replace(/\s+/g, " ").slice(0, 60) || "Estimate request";
  const photos = `${photoCount} ${photoCount === 1 ? "photo" : "photos"}`;
  return {
    title: lead.status === "review" ? `${LEAD_PUSH_TITLE} (needs review)` : LEAD_PUSH_TITLE,
    // A request from the Spanish site says so: the first call is in Spanish (ADR 064).
    body: [service, lead.zip ?? "no ZIP", photos, ...(lead.locale === "es" ? ["Prefers Spanish"] : [])].join(" · "),
    url: `/admin/leads/${lead.id}`,
    tag: `lead-${lead.id}`,
  };
}

/**
 * A request still unanswered after the contractor's business hours (issue 29), sent once its
 * reminder email went. Like a new lead's alert it names no one (the name stays behind the link):
 * the service tells the contractor which request it is.
 */
export function leadWaitingPushPayload(lead: Pick<Lead, "id" | "subject">): PushPayload {
  const service = lead.subject.trim().replace(/\s+/g, " ").slice(0, 60) || "Estimate request";
  return {
    title: `No answer yet: ${service}`,
    body: "Still waiting for your first answer. Tap to open the request.",
    url: `/admin/leads/${lead.id}`,
    tag: `lead-waiting-${lead.id}`,
  };
}

export function testPushPayload(): PushPayload {
  return {
    title: "Test notification",
    body: "Alerts of new estimate requests will look like this on this device.",
    url: "/admin/alerts",
    tag: "test",
  };
}

/**
 * "Mail is failing" (ADR 055): sent once when an outage begins, to every admin device. The
 * mail server's error in words, and what still works; a tap opens the dashboard's banner.
 */
export function mailTroublePushPayload(words: string): PushPayload {
  const why = words.charAt(0).toUpperCase() + words.slice(1);
  return {
    title: "Emails are not going out",
    body: `${why}. New requests are still saved; the emails wait and go out once the mail server works.`.slice(0, 300),
    url: "/admin",
    tag: "mail-trouble",
  };
}

const QUOTE_PUSH_TITLES = {
  opened: "Quote opened",
  question: "A question about a quote",
  changes: "Changes asked on a quote",
  signed: "Quote signed",
} as const;

/**
 * A homeowner acted on a quote (issue 27). Like a lead's alert, it names no person and carries
 * none of their words: those stay behind the link.
 */
export function quotePushPayload({
  kind,
  number,
  version,
  leadId,
}: {
  kind: keyof typeof QUOTE_PUSH_TITLES;
  number: number;
  version: number;
  leadId: string;
}): PushPayload {
  return {
    title: QUOTE_PUSH_TITLES[kind],
    body: `Quote ${number} · version ${version}`,
    url: `/admin/leads/${leadId}`,
    tag: `quote-${number}-${kind}`,
  };
}

const BOOKING_PUSH_TITLES = {
  requested: "Visit requested: confirm it",
  booked: "Visit booked",
  moved: "Visit moved",
  cancelled: "Visit cancelled",
} as const;

/**
 * A homeowner booked, moved or cancelled a visit online (issue 28): the time alone, no name. A
 * time waiting for confirmation opens the dashboard, where it is confirmed in one tap; the rest
 * open the request. One tag per request: a later change replaces the earlier alert.
 */
export function bookingPushPayload({
  kind,
  window,
  leadId,
}: {
  kind: keyof typeof BOOKING_PUSH_TITLES;
  /** The visit's time in the site's zone, "Sat, Dec 5, 8:00–10:00 AM". */
  window: string;
  leadId: string;
}): PushPayload {
  return {
    title: BOOKING_PUSH_TITLES[kind],
    body: window.replace(/\s+/g, " ").trim().slice(0, 120),
    url: kind === "requested" ? "/admin" : `/admin/leads/${leadId}`,
    tag: `booking-${leadId}`,
  };
}

/**
 * A homeowner rated a finished job 3 or less on the private feedback form (issue 29). Like a
 * lead's alert it names no person and carries none of their words: the rating alone, and the
 * request (or the reviews page, when the request is gone) behind the tap.
 */
export function reviewFeedbackPushPayload({
  rating,
  leadId,
  feedbackId,
}: {
  rating: number;
  leadId: string | null;
  feedbackId: string;
}): PushPayload {
  return {
    title: "Low rating from a homeowner",
    body: `${rating} of 5 on the private feedback form. A call soon may help.`,
    url: leadId ? `/admin/leads/${leadId}` : "/admin/reviews",
    tag: `review-feedback-${feedbackId}`,
  };
}
