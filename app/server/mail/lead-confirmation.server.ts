/**
 * The message an estimate request sends to the homeowner (`lead-confirmation`). Its subject is
 * fixed text, not the visitor's subject: a stranger could type someone else's address, and our
 * mail should then say as little of theirs as possible.
 */
import { estimateNextSteps } from "#app/content/estimate-next-steps.ts";
import {
  escapeHtml,
  oneLine,
  page,
  textRows,
  type MailProfile,
  type OutgoingMail,
  type Row,
} from "#app/server/mail/message-parts.server.ts";
import type { SiteClock } from "#app/server/time.server.ts";
import { contactRows, detailRows, leadParams, type LeadForMail } from "#app/server/mail/lead-mail-fields.server.ts";
import { leadReference } from "#app/schemas/lead.ts";

/** The message to the homeowner: it arrived, what happens next, how to reach us, what they sent. */
export function leadConfirmationMail(
  lead: LeadForMail,
  { from, siteUrl, clock, profile: business }: { from: string; siteUrl: string; clock: SiteClock; profile: MailProfile },
): OutgoingMail {
  const params = leadParams(lead, siteUrl, clock);
  const firstName = oneLine(lead.from_name).split(" ")[0] ?? "";
  const greeting = firstName ? `Hi ${firstName},` : "Hello,";
  const site = siteUrl.replace(/\/+$/, "");
  // The same words and reference as the page that confirmed the request (ADR 057).
  const reference = leadReference(lead.id);
  const referenceLine = `Your reference: ${reference}. Please mention it if you call us.`;
  // The panel's own steps (app/content/estimate-next-steps.ts).
  const steps = estimateNextSteps;
  const copy: Row[] = [
    ...contactRows(params),
    // What they told us of the job and how to reach them; the service area is the business's concern.
    ...detailRows(lead, false),
  ];

  const text = [
    greeting,
    "",
    `Thank you for contacting ${business.name}. Your request for a free estimate has arrived.`,
    "",
    referenceLine,
    "",
    "Here is what happens next:",
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
      `<p style="margin:0 0 12px">Thank you for contacting ${escapeHtml(business.name)}. Your request for a free estimate has arrived.</p>`,
      `<p style="margin:0 0 12px">Your reference: <strong style="font-size:18px;letter-spacing:1px">${reference}</strong>. Please mention it if you call us.</p>`,
      `<p style="margin:0 0 12px">Here is what happens next:</p>`,
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
        reference,
        to_email: lead.email,
        company_name: business.name,
        company_phone: business.phone,
        company_email: business.publicEmail,
      },
    },
  };
}
