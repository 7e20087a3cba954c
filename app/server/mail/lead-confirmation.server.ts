/**
 * The message an estimate request sends to the homeowner (`lead-confirmation`). Its subject is
 * fixed text, not the visitor's subject: a stranger could type someone else's address, and our
 * mail should then say as little of theirs as possible. It follows the way to reach them they
 * chose, names the photos that came with it, and repeats the form's own words (ADR 062).
 */
import { estimateFormLabels } from "#app/content/estimate-labels.ts";
import { estimateNextSteps } from "#app/content/estimate-next-steps.ts";
import { escapeHtml, oneLine, textRows, type MailProfile, type OutgoingMail, type Row } from "#app/server/mail/message-parts.server.ts";
import { homeownerPage, homeownerText } from "#app/server/mail/homeowner-layout.server.ts";
import type { SiteClock } from "#app/server/time.server.ts";
import { contactRows, detailRows, formLabels, leadParams, type LeadForMail } from "#app/server/mail/lead-mail-fields.server.ts";
import { leadReference } from "#app/schemas/lead.ts";

/** "2 photos: kitchen.jpg, sink.heic" (the names as the homeowner's files had them). */
function photosLine(names: readonly string[]): string {
  return `${names.length} ${names.length === 1 ? "photo" : "photos"}: ${names.map(oneLine).join(", ")}`;
}

export interface ConfirmationOptions {
  from: string;
  siteUrl: string;
  clock: SiteClock;
  profile: MailProfile;
  /** The names of the photos of the job that came with the request and were kept, in order. */
  photos?: readonly string[];
}

/** Their copy of the request, in the form's words: "What do you need?", not "Subject". */
function copyRows(lead: LeadForMail, params: Record<string, string>, photos: readonly string[]): Row[] {
  return [
    ...contactRows(params, formLabels),
    // What they told us of the job and how to reach them; the service area is the business's concern.
    ...detailRows(lead, false, formLabels),
    ...(photos.length > 0 ? ([[estimateFormLabels.photos, photosLine(photos)]] as Row[]) : []),
  ];
}

function copyTableHtml(copy: Row[]): string[] {
  return [
    `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 8px">`,
    ...copy.map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:2px 16px 2px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:2px 0;vertical-align:top">${escapeHtml(value)}</td></tr>`,
    ),
    `</table>`,
  ];
}

/** The message to the homeowner: it arrived, what happens next, how to reach us, what they sent. */
export function leadConfirmationMail(
  lead: LeadForMail,
  { from, siteUrl, clock, profile: business, photos = [] }: ConfirmationOptions,
): OutgoingMail {
  const params = leadParams(lead, siteUrl, clock);
  const firstName = oneLine(lead.from_name).split(" ")[0] ?? "";
  const greeting = firstName ? `Hi ${firstName},` : "Hello,";
  const site = siteUrl.replace(/\/+$/, "");
  // The same words and reference as the page that confirmed the request (ADR 057).
  const reference = leadReference(lead.id);
  const referenceLine = `Your reference: ${reference}. Please mention it if you call us.`;
  // The panel's own steps (app/content/estimate-next-steps.ts), as they asked to be reached.
  const steps = estimateNextSteps({ method: lead.contact_method, phone: oneLine(lead.phone), email: oneLine(lead.email) });
  const brand = { name: business.name, siteUrl };
  const arrived = `Your request for a free estimate has arrived${
    photos.length === 0 ? "" : `, with ${photos.length === 1 ? "1 photo" : `${photos.length} photos`}`
  }.`;
  const copy = copyRows(lead, params, photos);

  const text = [
    greeting,
    "",
    `Thank you for contacting ${business.name}. ${arrived}`,
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
    `  ${estimateFormLabels.message}:`,
    ...params.message!.split(/\r?\n/).map((line) => `    ${line}`),
    "",
    business.name,
    business.location,
    site,
    "",
    "If you did not send this request, you can ignore this email.",
    "",
  ].join("\n");

  const html = homeownerPage(
    `We received your estimate request — ${business.name}`,
    [
      `<p style="margin:0 0 12px">${escapeHtml(greeting)}</p>`,
      `<p style="margin:0 0 12px">Thank you for contacting ${escapeHtml(business.name)}. ${escapeHtml(arrived)}</p>`,
      `<p style="margin:0 0 12px">Your reference: <strong style="font-size:18px;letter-spacing:1px">${reference}</strong>. Please mention it if you call us.</p>`,
      `<p style="margin:0 0 12px">Here is what happens next:</p>`,
      `<ol style="margin:0 0 12px;padding-left:20px">${steps.map((step) => `<li style="margin:0 0 4px">${escapeHtml(step)}</li>`).join("")}</ol>`,
      `<p style="margin:0 0 16px">If you need us sooner, call <a href="${escapeHtml(business.phoneHref)}">${escapeHtml(business.phone)}</a> or write to <a href="mailto:${escapeHtml(business.publicEmail)}">${escapeHtml(business.publicEmail)}</a> (${escapeHtml(business.hoursSummary)}).</p>`,
      `<h2 style="font-size:16px;margin:0 0 8px">What you sent us</h2>`,
      ...copyTableHtml(copy),
      `<p style="margin:0 0 4px;font-weight:bold">${escapeHtml(estimateFormLabels.message)}</p>`,
      `<div style="white-space:pre-wrap;border-left:3px solid #ccc;padding:4px 0 4px 12px;margin:0 0 16px">${escapeHtml(params.message!)}</div>`,
      `<p style="margin:0 0 16px">${escapeHtml(business.name)}<br>${escapeHtml(business.location)}<br><a href="${escapeHtml(site)}">${escapeHtml(site)}</a></p>`,
      `<p style="color:#555;font-size:13px;margin:0">If you did not send this request, you can ignore this email.</p>`,
    ].join("\n"),
    brand,
  );

  return {
    to: oneLine(lead.email),
    from,
    replyTo: business.publicEmail,
    subject: `We received your estimate request — ${oneLine(business.name)}`,
    text: homeownerText(text, brand),
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
        next_step: steps[0]!,
        photo_count: String(photos.length),
        photos: photos.map(oneLine).join(", "),
      },
    },
  };
}
