/**
 * The contractor's reminder of a request nobody answered (`lead-waiting`, issue 29): English (the
 * admin's language, whatever the homeowner's), to the business inbox like the notification, with
 * the phone one tap away and the request's page one click away; reply-to the homeowner.
 * Everything the homeowner typed is reduced to one line and escaped in HTML.
 */
import { leadReference } from "#app/schemas/lead.ts";
import { escapeHtml, oneLine, page, telHref, truncate, type OutgoingMail } from "#app/server/mail/message-parts.server.ts";
import type { Lead } from "#app/server/repos/leads.server.ts";
import type { SiteClock } from "#app/server/time.server.ts";

const EMAIL_SHAPE = /^[^\s@<>]+@[^\s@<>]+$/;

/** "4 business hours", "1 business hour". */
function businessHours(hours: number): string {
  return `${hours} business hour${hours === 1 ? "" : "s"}`;
}

export function leadWaitingMail({
  to,
  from,
  siteUrl,
  clock,
  lead,
  hours,
}: {
  to: string;
  from: string;
  siteUrl: string;
  /** The site's clock: when the request came, in the site's zone. */
  clock: SiteClock;
  lead: Pick<Lead, "id" | "from_name" | "email" | "phone" | "subject" | "created_at">;
  /** The business hours it will have waited when the reminder goes (the setting when it was queued). */
  hours: number;
}): OutgoingMail {
  const adminUrl = `${siteUrl.replace(/\/+$/, "")}/admin/leads/${lead.id}`;
  const name = oneLine(lead.from_name);
  const service = oneLine(lead.subject) || "an estimate";
  const phone = oneLine(lead.phone);
  const tel = telHref(phone);
  const received = clock.formatLongTime(lead.created_at);
  const email = lead.email.trim();
  const replyTo = EMAIL_SHAPE.test(email) ? email : null;
  const sentence = `${name ? `${name}'s` : "A homeowner's"} request for ${service} has waited ${businessHours(hours)} for an answer.`;
  const nextStep =
    "Call or text them, reply from the request's page, schedule a visit or send a quote. Moving its status on counts as an answer too.";
  const facts: [string, string][] = [
    ["Phone", phone || "none given"],
    ["Received", received],
    ["Reference", leadReference(lead.id)],
  ];
  const text = [
    sentence,
    "",
    ...facts.map(([label, value]) => `${label}: ${value}`),
    "",
    nextStep,
    `Open the request: ${adminUrl}`,
    "",
  ].join("\n");
  const headline = `No answer yet: ${name || "a homeowner"}, ${service}`;
  const html = page(
    headline,
    [
      `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(headline)}</h1>`,
      `<p style="margin:0 0 12px;font-size:16px">${escapeHtml(sentence)}</p>`,
      `<p style="margin:0 0 12px">${facts
        .map(([label, value]) =>
          label === "Phone" && tel
            ? `${label}: <a href="${escapeHtml(tel)}" style="font-size:18px;font-weight:bold">${escapeHtml(value)}</a>`
            : `${label}: ${escapeHtml(value)}`,
        )
        .join("<br>")}</p>`,
      `<p style="margin:0 0 16px">${escapeHtml(nextStep)}</p>`,
      `<p style="margin:0"><a href="${escapeHtml(adminUrl)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">Open the request</a></p>`,
    ].join("\n"),
  );
  const subject = truncate(`Reminder: no answer yet after ${businessHours(hours)} — ${service}, ${name || "a homeowner"}`, 200);
  return {
    to,
    from,
    ...(replyTo ? { replyTo } : {}),
    subject,
    text,
    html,
    template: {
      kind: "lead-waiting",
      // For the EmailJS notification template: a request-shaped message that says it is a reminder.
      params: {
        from_name: name,
        email: replyTo ?? "",
        phone,
        subject,
        message: `${sentence}\n\n${nextStep}\nOpen the request: ${adminUrl}`,
        source: adminUrl,
        received_at: received,
        to_email: to,
        reply_to: replyTo ?? to,
      },
    },
  };
}
