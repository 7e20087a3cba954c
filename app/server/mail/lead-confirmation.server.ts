/**
 * The message an estimate request sends to the homeowner (`lead-confirmation`). Its subject is
 * fixed text, not the visitor's subject: a stranger could type someone else's address, and our
 * mail should then say as little of theirs as possible. It follows the way to reach them they
 * chose, names the photos that came with it, and repeats the form's own words (ADR 062), in the
 * homeowner's language (ADR 064).
 */
import type { ReachChoice } from "#app/content/estimate-next-steps.ts";
import { toLocale, type Locale } from "#app/i18n/locale.ts";
import { translator, type Translate } from "#app/i18n/messages.ts";
import { escapeHtml, oneLine, textRows, type MailProfile, type OutgoingMail, type Row } from "#app/server/mail/message-parts.server.ts";
import { homeownerLinkHtml, homeownerPage, homeownerText } from "#app/server/mail/homeowner-layout.server.ts";
import { hoursSummaryIn } from "#app/i18n/business-hours.ts";
import type { SiteClock } from "#app/server/time.server.ts";
import { contactRows, detailRows, formLabelsIn, leadParams, type LeadForMail } from "#app/server/mail/lead-mail-fields.server.ts";
import { leadReference } from "#app/schemas/lead.ts";

/** "2 photos: kitchen.jpg, sink.heic" (the names as the homeowner's files had them). */
function photosLine(t: Translate, names: readonly string[]): string {
  return t("mail.confirm.photos", { count: names.length, names: names.map(oneLine).join(", ") });
}

type Links = Pick<ConfirmationOptions, "bookingUrl" | "homeownerUrl">;

/** The booking page's link (ADR 071), then the homeowner's page's (ADR 069), as text lines. */
function linkTextLines(t: Translate, { bookingUrl, homeownerUrl }: Links): string[] {
  return [
    ...(bookingUrl ? [t("booking.mail.pick"), bookingUrl, ""] : []),
    ...(homeownerUrl ? [t("homeowner.mail.link.confirm"), homeownerUrl, t("homeowner.mail.link.private"), ""] : []),
  ];
}

/** The same two links in the HTML: the booking page's as a bold call to act. */
function linkHtml(t: Translate, { bookingUrl, homeownerUrl }: Links): string[] {
  return [
    ...(bookingUrl
      ? [
          `<p style="margin:0 0 4px">${escapeHtml(t("booking.mail.pick"))}</p>`,
          `<p style="margin:0 0 16px"><a href="${escapeHtml(bookingUrl)}" style="font-weight:bold">${escapeHtml(t("booking.link.estimate"))}</a></p>`,
        ]
      : []),
    ...(homeownerUrl ? [homeownerLinkHtml(t("homeowner.mail.link.confirm"), homeownerUrl, t("homeowner.mail.link.private"))] : []),
  ];
}

export interface ConfirmationOptions {
  from: string;
  siteUrl: string;
  clock: SiteClock;
  profile: MailProfile;
  /** The names of the photos of the job that came with the request and were kept, in order. */
  photos?: readonly string[];
  /** The homeowner's own page (ADR 069), when the request has one: the email carries its link. */
  homeownerUrl?: string;
  /** The request's booking page (ADR 071): the homeowner picks the visit's time from the email too. */
  bookingUrl?: string;
}

/** Their copy of the request, in the form's words: "What do you need?", not "Subject". */
function copyRows(lead: LeadForMail, params: Record<string, string>, photos: readonly string[], locale: Locale): Row[] {
  const labels = formLabelsIn(locale);
  return [
    ...contactRows(params, labels),
    // What they told us of the job and how to reach them; the service area is the business's concern.
    ...detailRows(lead, false, labels, locale),
    ...(photos.length > 0 ? ([[labels.photos, photosLine(translator(locale), photos)]] as Row[]) : []),
  ];
}

/**
 * The three steps of the confirmation panel (app/content/estimate-next-steps.ts), in the
 * homeowner's language: the first follows the way to reach them they chose.
 */
export function nextStepsIn(locale: Locale, reach: ReachChoice): string[] {
  const t = translator(locale);
  const phone = reach.phone.trim();
  const email = reach.email.trim();
  const first =
    reach.method === "call" && phone
      ? t("mail.step.call", { phone })
      : reach.method === "text" && phone
        ? t("mail.step.text", { phone })
        : reach.method === "email" && email
          ? t("mail.step.email", { email })
          : t("mail.step.any");
  return [first, t("mail.step.visit"), t("mail.step.quote")];
}

/** A sentence made HTML: its text escaped, each marker replaced by its own markup. */
function withMarkup(sentence: string, markup: Record<string, string>): string {
  let html = escapeHtml(sentence);
  for (const [marker, value] of Object.entries(markup)) html = html.replace(escapeHtml(marker), value);
  return html;
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

/**
 * The message to the homeowner: it arrived, what happens next, how to reach us, what they sent.
 * In the language of the page they sent it from (`lead.locale`, ADR 064).
 */
export function leadConfirmationMail(
  lead: LeadForMail,
  { from, siteUrl, clock, profile: business, photos = [], homeownerUrl, bookingUrl }: ConfirmationOptions,
): OutgoingMail {
  const locale = toLocale(lead.locale);
  const t = translator(locale);
  const labels = formLabelsIn(locale);
  const params = leadParams(lead, siteUrl, clock, locale);
  const firstName = oneLine(lead.from_name).split(" ")[0] ?? "";
  const greeting = firstName ? t("mail.greeting.named", { name: firstName }) : t("mail.greeting.plain");
  const site = siteUrl.replace(/\/+$/, "");
  // The same words and reference as the page that confirmed the request (ADR 057).
  const reference = leadReference(lead.id);
  const referenceLine = t("mail.confirm.reference", { reference });
  // The panel's own steps, as they asked to be reached.
  const steps = nextStepsIn(locale, { method: lead.contact_method, phone: oneLine(lead.phone), email: oneLine(lead.email) });
  const brand = { name: business.name, siteUrl, locale };
  const thanks = `${t("mail.confirm.thanks", { business: business.name })} ${t("mail.confirm.arrived", { count: photos.length })}`;
  const hours = locale !== "en" && business.hours ? hoursSummaryIn(locale, business.hours) : business.hoursSummary;
  const sooner = (phone: string, email: string) => t("mail.confirm.sooner", { phone, email, hours });
  const copy = copyRows(lead, params, photos, locale);
  const subject = t("mail.confirm.subject", { business: business.name });

  const text = [
    greeting,
    "",
    thanks,
    "",
    referenceLine,
    "",
    t("mail.confirm.next"),
    "",
    ...steps.map((step, index) => `${index + 1}. ${step}`),
    "",
    sooner(business.phone, business.publicEmail),
    "",
    ...linkTextLines(t, { bookingUrl, homeownerUrl }),
    `${t("mail.confirm.sent")}:`,
    ...textRows(copy, 9, "  "),
    `  ${labels.message}:`,
    ...params.message!.split(/\r?\n/).map((line) => `    ${line}`),
    "",
    business.name,
    business.location,
    site,
    "",
    t("mail.confirm.ignore"),
    "",
  ].join("\n");

  const html = homeownerPage(
    subject,
    [
      `<p style="margin:0 0 12px">${escapeHtml(greeting)}</p>`,
      `<p style="margin:0 0 12px">${escapeHtml(thanks)}</p>`,
      `<p style="margin:0 0 12px">${withMarkup(t("mail.confirm.reference", { reference: "\u0001" }), {
        "\u0001": `<strong style="font-size:18px;letter-spacing:1px">${reference}</strong>`,
      })}</p>`,
      `<p style="margin:0 0 12px">${escapeHtml(t("mail.confirm.next"))}</p>`,
      `<ol style="margin:0 0 12px;padding-left:20px">${steps.map((step) => `<li style="margin:0 0 4px">${escapeHtml(step)}</li>`).join("")}</ol>`,
      `<p style="margin:0 0 16px">${withMarkup(sooner("\u0001", "\u0002"), {
        "\u0001": `<a href="${escapeHtml(business.phoneHref)}">${escapeHtml(business.phone)}</a>`,
        "\u0002": `<a href="mailto:${escapeHtml(business.publicEmail)}">${escapeHtml(business.publicEmail)}</a>`,
      })}</p>`,
      ...linkHtml(t, { bookingUrl, homeownerUrl }),
      `<h2 style="font-size:16px;margin:0 0 8px">${escapeHtml(t("mail.confirm.sent"))}</h2>`,
      ...copyTableHtml(copy),
      `<p style="margin:0 0 4px;font-weight:bold">${escapeHtml(labels.message)}</p>`,
      `<div style="white-space:pre-wrap;border-left:3px solid #ccc;padding:4px 0 4px 12px;margin:0 0 16px">${escapeHtml(params.message!)}</div>`,
      `<p style="margin:0 0 16px">${escapeHtml(business.name)}<br>${escapeHtml(business.location)}<br><a href="${escapeHtml(site)}">${escapeHtml(site)}</a></p>`,
      `<p style="color:#555;font-size:13px;margin:0">${escapeHtml(t("mail.confirm.ignore"))}</p>`,
    ].join("\n"),
    brand,
  );

  return {
    to: oneLine(lead.email),
    from,
    replyTo: business.publicEmail,
    subject: oneLine(subject),
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
        homeowner_link: homeownerUrl ?? "",
        booking_link: bookingUrl ?? "",
      },
    },
  };
}
