/**
 * The message an estimate request sends to the business inbox (`lead-notification`): every
 * field, what decides the first call at a glance, and a link to the request's page; reply-to the
 * homeowner. Photos of the job are private: the email says how many came, never attaches them.
 */
import {
  escapeHtml,
  oneLine,
  page,
  telHref,
  textRows,
  truncate,
  type OutgoingMail,
  type Row,
} from "#app/server/mail/message-parts.server.ts";
import type { SiteClock } from "#app/server/time.server.ts";
import { contactRows, detailRows, leadParams, type LeadForMail } from "#app/server/mail/lead-mail-fields.server.ts";
import { leadReference } from "#app/schemas/lead.ts";

/** Where the visit came from, as rows (the form's hidden fields); none when nothing was recorded. */
function attributionRows(lead: LeadForMail): Row[] {
  const rows: Row[] = [];
  if (lead.landing_page) rows.push(["Landing page", lead.landing_page]);
  if (lead.referrer) rows.push(["Referrer", lead.referrer]);
  const tags = (["utm_source", "utm_medium", "utm_campaign"] as const).filter((tag) => lead[tag]).map((tag) => `${tag}=${lead[tag]}`);
  if (tags.length > 0) rows.push(["Campaign", tags.join(", ")]);
  return rows;
}

/** The glance line of a request sent from the Spanish site. */
export const PREFERS_SPANISH_LINE = "Prefers Spanish (sent from the Spanish site; their emails are in Spanish)";

/** What a doubted request's notification subject starts with. */
export const NEEDS_REVIEW_PREFIX = "[Needs review] ";

/** The message to the business inbox: every field, reply-to the homeowner. */
export function leadNotificationMail(
  lead: LeadForMail,
  { to, from, siteUrl, clock, photoCount = 0 }: { to: string; from: string; siteUrl: string; clock: SiteClock; photoCount?: number },
): OutgoingMail {
  const params = leadParams(lead, siteUrl, clock);
  // Photos of the job are private: the email says how many came and links to the admin page
  // that shows them, never attaches them. The link is always there: it is how the contractor
  // gets from a phone's mail to the request in one tap.
  const adminUrl = `${siteUrl.replace(/\/+$/, "")}/admin/leads/${lead.id}`;
  const name = oneLine(lead.from_name);
  // What decides the first call, before any other line: the service, where, and the photos.
  const glance = glanceLines(lead, photoCount);
  // What the homeowner was told to quote when they call (their confirmation says the same).
  const reference = leadReference(lead.id);
  const rows: Row[] = [...contactRows(params), ...detailRows(lead, true), ["Page", params.source!], ["Received", params.received_at!]];
  const cameFrom = attributionRows(lead);
  const details = [...detailRows(lead, true), ...cameFrom];

  const review = lead.review_reason ? oneLine(lead.review_reason) : null;
  const text = [
    ...(review ? [`Needs review: ${review}`, ""] : []),
    `New estimate request from ${name || "the website"}.`,
    `Reference: ${reference}`,
    "",
    ...glance,
    `Open the request: ${adminUrl}`,
    "",
    ...textRows(rows, 10),
    "",
    "Message:",
    params.message!,
    "",
    ...(cameFrom.length > 0 ? ["Where they came from:", ...textRows(cameFrom, 10, "  "), ""] : []),
    "---",
    `Reply to this email to answer ${name || "them"} directly.`,
    `Request id: ${lead.id}`,
    "",
  ].join("\n");

  const html = page(
    `New estimate request from ${name || "the website"}`,
    [
      ...(review
        ? [`<p style="border:2px dashed #8a4b00;padding:8px 12px;margin:0 0 16px"><strong>Needs review:</strong> ${escapeHtml(review)}</p>`]
        : []),
      `<h1 style="font-size:20px;margin:0 0 4px">New estimate request</h1>`,
      `<p style="margin:0 0 16px">Reference: <strong style="letter-spacing:1px">${reference}</strong></p>`,
      `<p style="margin:0 0 16px;font-size:16px">${glance.map(escapeHtml).join("<br>")}</p>`,
      `<p style="margin:0 0 16px"><a href="${escapeHtml(adminUrl)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">Open the request</a></p>`,
      `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px">`,
      ...rows.map(rowHtml),
      `</table>`,
      `<h2 style="font-size:16px;margin:0 0 8px">Message</h2>`,
      `<div style="white-space:pre-wrap;border-left:3px solid #ccc;padding:4px 0 4px 12px;margin:0 0 16px">${escapeHtml(params.message!)}</div>`,
      ...(cameFrom.length > 0
        ? [
            `<h2 style="font-size:16px;margin:0 0 8px">Where they came from</h2>`,
            `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px">`,
            ...cameFrom.map(
              ([label, value]) =>
                `<tr><th align="left" style="padding:2px 16px 2px 0;vertical-align:top;white-space:nowrap">${label}</th><td style="padding:2px 0;word-break:break-all">${escapeHtml(value)}</td></tr>`,
            ),
            `</table>`,
          ]
        : []),
      `<p style="color:#555;font-size:13px;margin:0">Reply to this email to answer ${escapeHtml(name || "them")} directly. Request id: ${escapeHtml(lead.id)}</p>`,
    ].join("\n"),
  );

  return {
    to,
    from,
    replyTo: oneLine(lead.email),
    subject: truncate(`${review ? NEEDS_REVIEW_PREFIX : ""}New estimate request: ${oneLine(lead.subject)} — ${name}`, 200),
    text,
    html,
    template: {
      kind: "lead-notification",
      // An EmailJS template knows nothing of reviews nor of the newer fields: the marker rides in
      // its subject and message, the details (ZIP, address, where the visit came from) in its message.
      params: { ...notificationTemplateParams(params, { review, details, to, replyTo: lead.email }), reference },
    },
  };
}

/** A row of the notification's table, the email and the phone as links. */
function rowHtml([label, value]: Row): string {
  const cell =
    label === "Email"
      ? `<a href="mailto:${escapeHtml(value)}">${escapeHtml(value)}</a>`
      : label === "Phone" && telHref(value)
        ? `<a href="${escapeHtml(telHref(value)!)}">${escapeHtml(value)}</a>`
        : escapeHtml(value);
  return `<tr><th align="left" style="padding:4px 16px 4px 0;vertical-align:top;white-space:nowrap">${label}</th><td style="padding:4px 0">${cell}</td></tr>`;
}

function notificationTemplateParams(
  params: Record<string, string>,
  { review, details, to, replyTo }: { review: string | null; details: Row[]; to: string; replyTo: string },
): Record<string, string> {
  let message = params.message!;
  if (details.length > 0) message = `${message}\n\n${textRows(details, 10).join("\n")}`;
  if (review) message = `Needs review: ${review}\n\n${message}`;
  return {
    ...params,
    ...(review ? { subject: `${NEEDS_REVIEW_PREFIX}${params.subject!}`, review_reason: review } : {}),
    message,
    to_email: to,
    reply_to: replyTo,
  };
}

/** "2 photos of the job came with it. See them on the request's page" */
/**
 * "Service: Bathroom remodel", "ZIP: 77008 (in your service area)", "Photos: 2 (on the request's
 * page)": the notification's first lines, one line each.
 */
function glanceLines(lead: LeadForMail, photoCount: number): string[] {
  const area = lead.in_service_area == null ? "" : lead.in_service_area ? " (in your service area)" : " (outside your service area)";
  return [
    `Service: ${oneLine(lead.subject)}`,
    `ZIP: ${lead.zip ? `${oneLine(lead.zip)}${area}` : "not given"}`,
    `Photos: ${photoCount > 0 ? `${photoCount} (on the request's page)` : "none"}`,
    // Sent from the Spanish site (ADR 064): their emails go out in Spanish; the contractor is told.
    ...(lead.locale === "es" ? [PREFERS_SPANISH_LINE] : []),
  ];
}
