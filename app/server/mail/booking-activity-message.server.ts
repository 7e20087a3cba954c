/**
 * The contractor's email when a homeowner books the visit themselves (issue 28): a time that waits
 * for the contractor's confirmation, a time booked and confirmed at once, a visit moved, or
 * cancelled. English (the admin's language), to the business inbox, like the quotes' activity
 * mail; everything the homeowner typed is reduced to one line and escaped in HTML.
 */
import { escapeHtml, oneLine, page, telHref, truncate, type OutgoingMail } from "#app/server/mail/message-parts.server.ts";

export type BookingActivityKind = "requested" | "booked" | "moved" | "cancelled";

const titles: Record<BookingActivityKind, string> = {
  requested: "Visit requested",
  booked: "Visit booked",
  moved: "Visit moved",
  cancelled: "Visit cancelled",
};

const nextSteps: Record<BookingActivityKind, string> = {
  requested: "The time is held for them until you answer. Confirm it, or decline it, in one tap on the dashboard.",
  booked: "It is confirmed at once (your booking rules say so): the invitation went to them.",
  moved: "The old time is open again for other homeowners.",
  cancelled: "The time is open again for other homeowners. A call may find them another one.",
};

/** What happened, in one sentence: who did what, and when the visit is (was, for a cancellation). */
function sentence(kind: BookingActivityKind, name: string, window: string, previousWindow: string | undefined): string {
  switch (kind) {
    case "requested":
      return `${name} picked a time for the site visit that needs your confirmation: ${window}.`;
    case "booked":
      return `${name} booked a site visit: ${window}.`;
    case "moved":
      return previousWindow
        ? `${name} moved the site visit from ${previousWindow} to ${window}.`
        : `${name} moved the site visit to ${window}.`;
    case "cancelled":
      return `${name} cancelled the site visit of ${window}.`;
  }
}

export function bookingActivityMail({
  to,
  from,
  replyTo,
  siteUrl,
  kind,
  homeowner,
  phone,
  subject,
  leadId,
  window,
  previousWindow,
  at,
}: {
  to: string;
  from: string;
  /** The homeowner's address, so a reply from the inbox reaches them; null when unusable. */
  replyTo: string | null;
  siteUrl: string;
  kind: BookingActivityKind;
  homeowner: string;
  /** The homeowner's phone, as they typed it. */
  phone: string;
  /** The request's subject. */
  subject: string;
  leadId: string;
  /** The visit's time in the site's zone, "Sat, Dec 5, 8:00–10:00 AM" (visitShortLabel). */
  window: string;
  /** For "moved": the time it had before. */
  previousWindow?: string;
  /** When it happened, in the site's time zone. */
  at: string;
}): OutgoingMail {
  const site = siteUrl.replace(/\/+$/, "");
  const requestLink = `${site}/admin/leads/${leadId}`;
  const dashboardLink = `${site}/admin`;
  const name = oneLine(homeowner) || "The homeowner";
  const headline = `${titles[kind]}: ${name}, ${oneLine(window)}`;
  const what = sentence(kind, name, oneLine(window), previousWindow ? oneLine(previousWindow) : undefined);
  const tel = telHref(phone);
  const facts: [string, string][] = [
    ["Request", oneLine(subject)],
    ["Phone", oneLine(phone) || "none given"],
    ["Received", at],
  ];
  const links: [string, string][] = [
    ...(kind === "requested" ? ([["Confirm it on the dashboard", dashboardLink]] as [string, string][]) : []),
    ["Open the request", requestLink],
  ];
  const text = [
    what,
    "",
    ...facts.map(([label, value]) => `${label}: ${value}`),
    "",
    nextSteps[kind],
    ...links.map(([label, link]) => `${label}: ${link}`),
    "",
  ].join("\n");
  const html = page(
    headline,
    [
      `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(headline)}</h1>`,
      `<p style="margin:0 0 12px">${escapeHtml(what)}</p>`,
      `<p style="margin:0 0 12px">${facts
        .map(([label, value]) =>
          label === "Phone" && tel ? `${label}: <a href="${escapeHtml(tel)}">${escapeHtml(value)}</a>` : `${label}: ${escapeHtml(value)}`,
        )
        .join("<br>")}</p>`,
      `<p style="margin:0 0 12px">${escapeHtml(nextSteps[kind])}</p>`,
      `<p style="margin:0">${links.map(([label, link]) => `<a href="${escapeHtml(link)}">${escapeHtml(label)}</a>`).join(" · ")}</p>`,
    ].join("\n"),
  );
  return {
    to,
    from,
    ...(replyTo ? { replyTo } : {}),
    subject: truncate(headline, 200),
    text,
    html,
    template: {
      kind: "booking-activity",
      params: {
        from_name: name,
        email: replyTo ?? "",
        phone: oneLine(phone),
        subject: headline,
        message: what,
        source: kind === "requested" ? dashboardLink : requestLink,
        received_at: at,
        to_email: to,
      },
    },
  };
}
