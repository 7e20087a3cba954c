/**
 * The code that confirms an old homeowner's link (ADR 069), kind `homeowner-code`: to the link's
 * own address, in the language of the page it was asked from. The code is in the subject too, so
 * a phone shows it in the notification.
 */
import type { Locale } from "#app/i18n/locale.ts";
import { translator } from "#app/i18n/messages.ts";
import { escapeHtml, oneLine, type MailProfile, type OutgoingMail } from "#app/server/mail/message-parts.server.ts";
import { homeownerPage, homeownerText } from "#app/server/mail/homeowner-layout.server.ts";

export function homeownerCodeMail({
  to,
  from,
  code,
  profile,
  siteUrl,
  locale,
}: {
  to: string;
  from: string;
  code: string;
  profile: Pick<MailProfile, "name" | "publicEmail">;
  siteUrl: string;
  locale: Locale;
}): OutgoingMail {
  const t = translator(locale);
  const business = oneLine(profile.name);
  const brand = { name: business, siteUrl, locale };
  const subject = t("homeowner.mail.code.subject", { business, code });
  const lines = [
    t("homeowner.mail.code.body", { business }),
    "",
    `    ${code}`,
    "",
    t("homeowner.mail.code.valid"),
    "",
    t("homeowner.mail.code.ignore"),
    "",
  ];
  const html = homeownerPage(
    subject,
    [
      `<p style="margin:0 0 12px">${escapeHtml(t("homeowner.mail.code.body", { business }))}</p>`,
      `<p style="margin:0 0 12px;font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(code)}</p>`,
      `<p style="margin:0 0 12px">${escapeHtml(t("homeowner.mail.code.valid"))}</p>`,
      `<p style="color:#555;font-size:13px;margin:0">${escapeHtml(t("homeowner.mail.code.ignore"))}</p>`,
    ].join("\n"),
    brand,
  );
  return {
    to,
    from,
    ...(profile.publicEmail ? { replyTo: profile.publicEmail } : {}),
    subject: oneLine(subject),
    text: homeownerText(lines.join("\n"), brand),
    html,
    template: { kind: "homeowner-code", params: { to_email: to, code, company_name: business } },
  };
}
