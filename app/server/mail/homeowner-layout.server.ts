/**
 * The one layout of every email to a homeowner (the confirmation, replies, visit invitations and
 * reminders, a password reset): a header band in the site's colours with the business name, and
 * the logo beside it when the site is served over https (ADR 062). HTML that mail clients render
 * (a table with inline styles, no stylesheet), readable with images blocked (the name is text,
 * the logo decorative), and a plain-text part that starts with the same name.
 */
import type { Locale } from "#app/i18n/locale.ts";
import { escapeHtml, oneLine, page } from "#app/server/mail/message-parts.server.ts";

/** Who an email to a homeowner comes from: the business name and the site (PUBLIC_URL). */
export interface MailBrand {
  name: string;
  siteUrl: string;
  /** The homeowner's language (ADR 064): the page's `lang`. English when not given. */
  locale?: Locale;
}

/** The logo as a PNG (public/images/logo-mail.png, made from logo.svg): mail clients show no SVG. */
export const MAIL_LOGO_PATH = "/images/logo-mail.png";
const LOGO_SIZE = 40;
// The site's navy and rust (app/styles/app.css :root); white on this navy reads at 11:1.
const NAVY = "#1f3a5f";
const RUST = "#a84f20";

/**
 * The logo's absolute address, or null: a mail client fetches images from the open web, so only
 * an https PUBLIC_URL can serve it (a fresh install at http://localhost cannot, and an http image
 * is flagged as insecure).
 */
export function mailLogoUrl(siteUrl: string): string | null {
  if (!/^https:\/\//i.test(siteUrl)) return null;
  return `${siteUrl.replace(/\/+$/, "")}${MAIL_LOGO_PATH}`;
}

/** The header band: the logo (when there is one) and the business name, linked to the site. */
export function brandHeaderHtml({ name, siteUrl }: MailBrand): string {
  const site = siteUrl.replace(/\/+$/, "");
  const logo = mailLogoUrl(siteUrl);
  const cell = "padding:12px 16px;vertical-align:middle";
  return [
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${NAVY}" style="width:100%;border-collapse:collapse;background-color:${NAVY};border-bottom:4px solid ${RUST};margin:0 0 20px">`,
    "<tr>",
    ...(logo
      ? [
          `<td width="${LOGO_SIZE}" style="${cell};padding-right:0;width:${LOGO_SIZE}px"><img src="${escapeHtml(logo)}" width="${LOGO_SIZE}" height="${LOGO_SIZE}" alt="" style="display:block;border:0;width:${LOGO_SIZE}px;height:${LOGO_SIZE}px"></td>`,
        ]
      : []),
    `<td style="${cell}"><a href="${escapeHtml(site)}" style="color:#ffffff;text-decoration:none;font-family:Arial,Helvetica,sans-serif;font-size:20px;line-height:1.3;font-weight:bold">${escapeHtml(oneLine(name))}</a></td>`,
    "</tr>",
    "</table>",
  ].join("\n");
}

/** A homeowner's email as HTML: the header band, then the message's own body. */
export function homeownerPage(title: string, body: string, brand: MailBrand): string {
  return page(title, `${brandHeaderHtml(brand)}\n${body}`, brand.locale);
}

/** A homeowner's email as plain text: the business name, underlined, then the message. */
export function homeownerText(text: string, { name }: MailBrand): string {
  const title = oneLine(name);
  return `${title}\n${"=".repeat(Math.min(Math.max(title.length, 3), 72))}\n\n${text}`;
}

/** The paragraph that carries the homeowner's own page (ADR 069): what it is, the link, keep it to yourself. */
export function homeownerLinkHtml(lead: string, url: string, note: string): string {
  return [
    `<p style="margin:0 0 4px">${escapeHtml(lead)}</p>`,
    `<p style="margin:0 0 4px"><a href="${escapeHtml(url)}" style="font-weight:bold">${escapeHtml(url)}</a></p>`,
    `<p style="color:#555;font-size:13px;margin:0 0 16px">${escapeHtml(note)}</p>`,
  ].join("\n");
}
