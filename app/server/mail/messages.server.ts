/**
 * The emails an estimate request causes, as plain data: one message to the business inbox
 * (`lead-notification`) and one to the homeowner (`lead-confirmation`).
 *
 * Pure functions: the result is stored as JSON in `email_jobs.payload` when the lead is stored,
 * and the outbox sends it later through whichever transport is configured. The same object
 * carries the SMTP/file form (text + HTML) and the EmailJS form (a named template and its
 * variables), so switching transports never needs the lead again.
 *
 * Everything the visitor typed is escaped in the HTML part and reduced to one line in headers.
 * The confirmation's subject is fixed text, not the visitor's subject: a stranger could type
 * someone else's address, and our mail should then say as little of theirs as possible.
 *
 * Company facts (name, phone, email, hours, location) come from the business profile the caller
 * passes in (`site.content().profile`), never from app/content: an owner's change shows in the
 * next email without a restart.
 */
import type { SiteProfile } from "../../content/profile.ts";
import type { EmailJobKind } from "../../schemas/email-job.ts";
import { contactMethodLabels, type ContactMethod } from "../../schemas/estimate-rules.ts";
import type { Lead } from "../repos/leads.server.ts";
import type { SiteClock } from "../time.server.ts";

export interface OutgoingMail {
  to: string;
  from: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** For the EmailJS transport: named template and its variables. */
  template: { kind: EmailJobKind; params: Record<string, string> };
  /**
   * Extra headers. The outbox adds `X-Job-Id` at send time (not stored in the payload), so a
   * message can be traced back to its job.
   */
  headers?: Record<string, string>;
  /**
   * The Message-ID, `<local@domain>`. The outbox sets one derived from the job id, so a job
   * sent twice (a worker died after sending, before recording it) carries the same Message-ID
   * and mail clients can fold the copies together.
   */
  messageId?: string;
  /**
   * A calendar invitation (visits): sent as the text/calendar alternative with its METHOD, which
   * mail apps turn into "Add to calendar". EmailJS cannot carry it (the text says it all).
   */
  icalEvent?: { method: "REQUEST" | "CANCEL"; content: string; filename: string };
}

/** The profile facts the emails show. */
export type MailProfile = Pick<SiteProfile, "name" | "phone" | "phoneHref" | "publicEmail" | "hoursSummary" | "location">;

/**
 * The From line: MAIL_FROM as it is when it names a sender ("Name <address>"); a bare MAIL_FROM
 * address, or no-reply@ the site's host when unset, gets the business name as its display name.
 */
export function senderAddress({ mailFrom, publicUrl, name }: { mailFrom: string | undefined; publicUrl: string; name: string }): string {
  const configured = mailFrom?.trim();
  if (configured && configured.includes("<")) return configured;
  const address = configured || `no-reply@${new URL(publicUrl).hostname}`;
  const display = oneLine(name).replace(/[\\"]/g, "").slice(0, 80) || "Website";
  return `"${display}" <${address}>`;
}

/** The lead fields the messages use (a stored `Lead` has them all). */
export type LeadForMail = Pick<
  Lead,
  "id" | "created_at" | "from_name" | "email" | "phone" | "subject" | "message" | "source"
> & {
  /** Set when the spam checks doubt the request (status "review"): the notification says why, first. */
  review_reason?: string | null;
} & Partial<
    Pick<
      Lead,
      | "zip"
      | "in_service_area"
      | "street_address"
      | "contact_method"
      | "best_time"
      | "landing_page"
      | "referrer"
      | "utm_source"
      | "utm_medium"
      | "utm_campaign"
    >
  >;

type Row = [label: string, value: string];

/**
 * The optional details the homeowner gave (ZIP code, address, how and when to reach them), as
 * rows; none when they gave none. `withArea` adds inside or outside the service area to the ZIP
 * (for the business only).
 */
function detailRows(lead: LeadForMail, withArea: boolean): Row[] {
  const rows: Row[] = [];
  if (lead.zip) {
    const area =
      !withArea || lead.in_service_area == null
        ? ""
        : lead.in_service_area
          ? " (in your service area)"
          : " (outside your service area)";
    rows.push(["ZIP code", `${lead.zip}${area}`]);
  }
  if (lead.street_address) rows.push(["Address", lead.street_address]);
  if (lead.contact_method) {
    const method = lead.contact_method;
    rows.push(["Contact by", Object.hasOwn(contactMethodLabels, method) ? contactMethodLabels[method as ContactMethod] : method]);
  }
  if (lead.best_time) rows.push(["Best time", lead.best_time]);
  return rows;
}

/** Where the visit came from, as rows (the form's hidden fields); none when nothing was recorded. */
function attributionRows(lead: LeadForMail): Row[] {
  const rows: Row[] = [];
  if (lead.landing_page) rows.push(["Landing page", lead.landing_page]);
  if (lead.referrer) rows.push(["Referrer", lead.referrer]);
  const tags = (["utm_source", "utm_medium", "utm_campaign"] as const)
    .filter((tag) => lead[tag])
    .map((tag) => `${tag}=${lead[tag]}`);
  if (tags.length > 0) rows.push(["Campaign", tags.join(", ")]);
  return rows;
}

/** Text lines "Label:   value", the values lined up (at least `min` wide, so older lines keep their look). */
function textRows(rows: Row[], min: number, indent = ""): string[] {
  const width = Math.max(min, ...rows.map(([label]) => label.length + 2));
  return rows.map(([label, value]) => `${indent}${`${label}:`.padEnd(width)}${oneLine(value)}`);
}

/** What a doubted request's notification subject starts with. */
export const NEEDS_REVIEW_PREFIX = "[Needs review] ";

export const NO_MESSAGE = "(no message)";

/** The five form fields (their original names) plus where and when the request came in. */
function leadParams(lead: LeadForMail, siteUrl: string, clock: SiteClock): Record<string, string> {
  return {
    from_name: lead.from_name,
    email: lead.email,
    phone: lead.phone,
    subject: lead.subject,
    message: lead.message.trim() === "" ? NO_MESSAGE : lead.message,
    source: pageUrl(lead.source, siteUrl),
    received_at: clock.formatLongTime(lead.created_at),
  };
}

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
  const rows: Row[] = [
    ["Name", params.from_name!],
    ["Email", params.email!],
    ["Phone", params.phone!],
    ["Subject", params.subject!],
    ...detailRows(lead, true),
    ["Page", params.source!],
    ["Received", params.received_at!],
  ];
  const cameFrom = attributionRows(lead);
  const details = [...detailRows(lead, true), ...cameFrom];

  const review = lead.review_reason ? oneLine(lead.review_reason) : null;
  const text = [
    ...(review ? [`Needs review: ${review}`, ""] : []),
    `New estimate request from ${name || "the website"}.`,
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
        ? [
            `<p style="border:2px dashed #8a4b00;padding:8px 12px;margin:0 0 16px"><strong>Needs review:</strong> ${escapeHtml(review)}</p>`,
          ]
        : []),
      `<h1 style="font-size:20px;margin:0 0 16px">New estimate request</h1>`,
      `<p style="margin:0 0 16px;font-size:16px">${glance.map(escapeHtml).join("<br>")}</p>`,
      `<p style="margin:0 0 16px"><a href="${escapeHtml(adminUrl)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">Open the request</a></p>`,
      `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px">`,
      ...rows.map(([label, value]) => {
        const cell =
          label === "Email"
            ? `<a href="mailto:${escapeHtml(value)}">${escapeHtml(value)}</a>`
            : label === "Phone" && telHref(value)
              ? `<a href="${escapeHtml(telHref(value)!)}">${escapeHtml(value)}</a>`
              : escapeHtml(value);
        return `<tr><th align="left" style="padding:4px 16px 4px 0;vertical-align:top;white-space:nowrap">${label}</th><td style="padding:4px 0">${cell}</td></tr>`;
      }),
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
      params: notificationTemplateParams(params, { review, details, to, replyTo: lead.email }),
    },
  };
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
  const area =
    lead.in_service_area == null ? "" : lead.in_service_area ? " (in your service area)" : " (outside your service area)";
  return [
    `Service: ${oneLine(lead.subject)}`,
    `ZIP: ${lead.zip ? `${oneLine(lead.zip)}${area}` : "not given"}`,
    `Photos: ${photoCount > 0 ? `${photoCount} (on the request's page)` : "none"}`,
  ];
}

/** The message to the homeowner: it arrived, what happens next, how to reach us, what they sent. */
export function leadConfirmationMail(
  lead: LeadForMail,
  { from, siteUrl, clock, profile: business }: { from: string; siteUrl: string; clock: SiteClock; profile: MailProfile },
): OutgoingMail {
  const params = leadParams(lead, siteUrl, clock);
  const firstName = oneLine(lead.from_name).split(" ")[0] ?? "";
  const greeting = firstName ? `Hi ${firstName},` : "Hello,";
  const site = siteUrl.replace(/\/+$/, "");
  const steps = [
    "We answer within one business day, by phone or email.",
    "We set a time to visit, look at the space and take measurements.",
    "You get a written quote with the scope, materials and schedule. The estimate is free, with no obligation.",
  ];
  const copy: Row[] = [
    ["Name", params.from_name!],
    ["Email", params.email!],
    ["Phone", params.phone!],
    ["Subject", params.subject!],
    // What they told us of the job and how to reach them; the service area is the business's concern.
    ...detailRows(lead, false),
  ];

  const text = [
    greeting,
    "",
    `Thank you for contacting ${business.name}. Your request for a free estimate has arrived, and here is what happens next:`,
    "",
    ...steps.map((step, index) => `${index + 1}. ${step}`),
    "",
    `If you need us sooner, call ${business.phone} or write to ${business.publicEmail} (${business.hoursSummary}).`,
    "",
    "What you sent us:",
    ...textRows(copy, 9, "  "),
    "  Message:",
    ...params.message!.split(/\r?\n/).map((line) => `    ${line}`),
    "",
    business.name,
    business.location,
    site,
    "",
    "If you did not send this request, you can ignore this email.",
    "",
  ].join("\n");

  const html = page(
    `We received your estimate request — ${business.name}`,
    [
      `<p style="margin:0 0 12px">${escapeHtml(greeting)}</p>`,
      `<p style="margin:0 0 12px">Thank you for contacting ${escapeHtml(business.name)}. Your request for a free estimate has arrived, and here is what happens next:</p>`,
      `<ol style="margin:0 0 12px;padding-left:20px">${steps.map((step) => `<li style="margin:0 0 4px">${escapeHtml(step)}</li>`).join("")}</ol>`,
      `<p style="margin:0 0 16px">If you need us sooner, call <a href="${escapeHtml(business.phoneHref)}">${escapeHtml(business.phone)}</a> or write to <a href="mailto:${escapeHtml(business.publicEmail)}">${escapeHtml(business.publicEmail)}</a> (${escapeHtml(business.hoursSummary)}).</p>`,
      `<h2 style="font-size:16px;margin:0 0 8px">What you sent us</h2>`,
      `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 8px">`,
      ...copy.map(
        ([label, value]) =>
          `<tr><th align="left" style="padding:2px 16px 2px 0;vertical-align:top;white-space:nowrap">${label}</th><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`,
      ),
      `</table>`,
      `<div style="white-space:pre-wrap;border-left:3px solid #ccc;padding:4px 0 4px 12px;margin:0 0 16px">${escapeHtml(params.message!)}</div>`,
      `<p style="margin:0 0 16px">${escapeHtml(business.name)}<br>${escapeHtml(business.location)}<br><a href="${escapeHtml(site)}">${escapeHtml(site)}</a></p>`,
      `<p style="color:#555;font-size:13px;margin:0">If you did not send this request, you can ignore this email.</p>`,
    ].join("\n"),
  );

  return {
    to: oneLine(lead.email),
    from,
    replyTo: business.publicEmail,
    subject: `We received your estimate request — ${oneLine(business.name)}`,
    text,
    html,
    template: {
      kind: "lead-confirmation",
      params: {
        ...params,
        to_email: lead.email,
        company_name: business.name,
        company_phone: business.phone,
        company_email: business.publicEmail,
      },
    },
  };
}

/**
 * The dashboard's "Send a test email": to the lead inbox, through the outbox like a real
 * notification, saying where it came from and what its arrival proves.
 */
export function testEmailMail({
  to,
  from,
  siteUrl,
  profile,
  requestedBy,
  clock,
  now = new Date(),
}: {
  to: string;
  from: string;
  siteUrl: string;
  /** The site's clock: the time it was sent, in the site's zone. */
  clock: SiteClock;
  profile: Pick<MailProfile, "name">;
  requestedBy: string;
  now?: Date;
}): OutgoingMail {
  const site = siteUrl.replace(/\/+$/, "");
  const when = clock.formatLongTime(now.toISOString());
  const lines = [
    `This is a test email from the ${oneLine(profile.name)} website (${site}).`,
    "",
    `${oneLine(requestedBy)} sent it from the admin dashboard on ${when}.`,
    "It reached this inbox, so estimate requests from the website will reach it too.",
    "",
    "Nothing else to do: you can delete this email.",
    "",
  ];
  const html = page(
    `Test email — ${profile.name}`,
    [
      `<h1 style="font-size:20px;margin:0 0 16px">Test email</h1>`,
      `<p style="margin:0 0 12px">This is a test email from the ${escapeHtml(oneLine(profile.name))} website (<a href="${escapeHtml(site)}">${escapeHtml(site)}</a>).</p>`,
      `<p style="margin:0 0 12px">${escapeHtml(oneLine(requestedBy))} sent it from the admin dashboard on ${escapeHtml(when)}. It reached this inbox, so estimate requests from the website will reach it too.</p>`,
      `<p style="color:#555;font-size:13px;margin:0">Nothing else to do: you can delete this email.</p>`,
    ].join("\n"),
  );
  return {
    to,
    from,
    subject: truncate(`Test email from the ${oneLine(profile.name)} website`, 200),
    text: lines.join("\n"),
    html,
    template: {
      kind: "test-email",
      // For the EmailJS notification template: a request-shaped message that says what it is.
      params: {
        from_name: "Website test",
        email: to,
        phone: "",
        subject: "Test email from the admin dashboard",
        message: lines.slice(0, 4).join("\n"),
        source: site,
        received_at: when,
        to_email: to,
        reply_to: to,
      },
    },
  };
}

/**
 * A "forgot password" link, to the account's own address. It names no account detail beyond
 * the address it went to, and says what to do if the reader did not ask for it.
 */
export function passwordResetMail({
  to,
  from,
  link,
  profile,
  validMinutes,
}: {
  to: string;
  from: string;
  /** `${PUBLIC_URL}/reset-password/<token>` */
  link: string;
  profile: Pick<MailProfile, "name">;
  validMinutes: number;
}): OutgoingMail {
  const business = oneLine(profile.name);
  const lines = [
    `Someone asked to reset the password of the ${business} website account for ${to}.`,
    "",
    `To choose a new password, open this link within ${validMinutes} minutes (it works once):`,
    link,
    "",
    "If you did not ask for this, you can ignore this email: your password stays as it is.",
    "",
  ];
  const html = page(
    `Reset your password — ${business}`,
    [
      `<h1 style="font-size:20px;margin:0 0 16px">Reset your password</h1>`,
      `<p style="margin:0 0 12px">Someone asked to reset the password of the ${escapeHtml(business)} website account for ${escapeHtml(to)}.</p>`,
      `<p style="margin:0 0 12px">To choose a new password, open this link within ${validMinutes} minutes (it works once):</p>`,
      `<p style="margin:0 0 12px"><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      `<p style="color:#555;font-size:13px;margin:0">If you did not ask for this, you can ignore this email: your password stays as it is.</p>`,
    ].join("\n"),
  );
  return {
    to,
    from,
    subject: truncate(`Reset your password for the ${business} website`, 200),
    text: lines.join("\n"),
    html,
    template: { kind: "password-reset", params: { to_email: to, reset_link: link, company_name: business } },
  };
}

/** Escapes text for HTML element content and double- or single-quoted attributes. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** Collapses line breaks, tabs and runs of spaces: for headers and one-line labels. */
export function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

export function truncate(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, max - 1)}…`;
}

/** "/contact" → "https://site/contact"; an absolute URL or anything else is kept as it is. */
function pageUrl(source: string, siteUrl: string): string {
  const trimmed = source.trim();
  if (trimmed.startsWith("/") && !trimmed.startsWith("//")) return `${siteUrl.replace(/\/+$/, "")}${trimmed}`;
  return trimmed;
}

/** A `tel:` link for a typed phone number, or null when it has too few digits to be one. */
function telHref(phone: string): string | null {
  const digits = phone.replace(/[^\d+]/g, "").replace(/(?!^)\+/g, "");
  return digits.replace("+", "").length >= 7 ? `tel:${digits}` : null;
}

export function page(title: string, body: string): string {
  return [
    "<!doctype html>",
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">`,
    `<title>${escapeHtml(title)}</title></head>`,
    `<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#222">`,
    `<div style="max-width:600px">`,
    body,
    "</div></body></html>",
    "",
  ].join("\n");
}
