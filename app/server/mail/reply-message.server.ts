/**
 * A reply written on a request's page, as the outbox sends it (kind `lead-reply`): to the
 * homeowner, from the business's sender, with Reply-To the lead inbox, so their answer reaches
 * the same inbox as the requests. The admin's words as written (the text part), escaped in the
 * HTML part with their line breaks kept, then the business's signature: name and phone from the
 * profile.
 */
import { escapeHtml, oneLine, truncate, type MailProfile, type OutgoingMail } from "#app/server/mail/messages.server.ts";
import { homeownerLinkHtml, homeownerPage, homeownerText } from "#app/server/mail/homeowner-layout.server.ts";
import type { Locale } from "#app/i18n/locale.ts";
import { translator } from "#app/i18n/messages.ts";

export function leadReplyMail({
  to,
  from,
  replyTo,
  subject,
  body,
  profile,
  siteUrl,
  locale,
  homeownerUrl,
}: {
  /** The homeowner's address. */
  to: string;
  /** siteSender(): the business's sender. */
  from: string;
  /** The lead inbox (LEADS_TO or the profile's). */
  replyTo: string;
  /** With its placeholders filled. */
  subject: string;
  body: string;
  profile: Pick<MailProfile, "name" | "phone" | "phoneHref">;
  /** PUBLIC_URL: the header links to the site and shows the logo from it. */
  siteUrl: string;
  /** The homeowner's language (the HTML's `lang`, and the words around their page's link); the rest is the admin's. */
  locale?: Locale;
  /** The homeowner's own page (ADR 069): under the signature. */
  homeownerUrl?: string;
}): OutgoingMail {
  const t = translator(locale ?? "en");
  const name = oneLine(profile.name);
  const phone = oneLine(profile.phone);
  const brand = { name, siteUrl, ...(locale ? { locale } : {}) };
  const message = [
    body.trimEnd(),
    "",
    "-- ",
    name,
    phone,
    "",
    ...(homeownerUrl ? [t("homeowner.mail.link.reply"), homeownerUrl, t("homeowner.mail.link.private"), ""] : []),
  ].join("\n");
  const html = homeownerPage(
    oneLine(subject),
    [
      `<div style="white-space:pre-wrap;margin:0 0 24px">${escapeHtml(body.trimEnd())}</div>`,
      `<p style="margin:${homeownerUrl ? "0 0 24px" : "0"};color:#333">${escapeHtml(name)}<br><a href="${escapeHtml(profile.phoneHref)}">${escapeHtml(phone)}</a></p>`,
      ...(homeownerUrl ? [homeownerLinkHtml(t("homeowner.mail.link.reply"), homeownerUrl, t("homeowner.mail.link.private"))] : []),
    ].join("\n"),
    brand,
  );
  return {
    to: oneLine(to),
    from,
    replyTo: oneLine(replyTo),
    subject: truncate(oneLine(subject), 200),
    text: homeownerText(message, brand),
    html,
    template: {
      kind: "lead-reply",
      params: {
        to_email: to,
        reply_to: replyTo,
        subject: oneLine(subject),
        // An EmailJS template has its own header: the message alone.
        message,
        company_name: name,
        company_phone: phone,
      },
    },
  };
}
