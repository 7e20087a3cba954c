/** The "forgot password" email, as a message (docs/decisions/028-password-reset.md). */
import { escapeHtml, oneLine, truncate, type MailProfile, type OutgoingMail } from "#app/server/mail/message-parts.server.ts";
import { homeownerPage, homeownerText } from "#app/server/mail/homeowner-layout.server.ts";

/**
 * A "forgot password" link, to the account's own address. It names no account detail beyond
 * the address it went to, and says what to do if the reader did not ask for it. A customer's
 * account is a homeowner's: it wears the homeowner's layout.
 */
export function passwordResetMail({
  to,
  from,
  link,
  profile,
  validMinutes,
  siteUrl,
}: {
  to: string;
  from: string;
  /** `${PUBLIC_URL}/reset-password/<token>` */
  link: string;
  profile: Pick<MailProfile, "name">;
  validMinutes: number;
  /** PUBLIC_URL: the header links to the site and shows the logo from it. */
  siteUrl: string;
}): OutgoingMail {
  const business = oneLine(profile.name);
  const brand = { name: business, siteUrl };
  const lines = [
    `Someone asked to reset the password of the ${business} website account for ${to}.`,
    "",
    `To choose a new password, open this link within ${validMinutes} minutes (it works once):`,
    link,
    "",
    "If you did not ask for this, you can ignore this email: your password stays as it is.",
    "",
  ];
  const html = homeownerPage(
    `Reset your password — ${business}`,
    [
      `<h1 style="font-size:20px;margin:0 0 16px">Reset your password</h1>`,
      `<p style="margin:0 0 12px">Someone asked to reset the password of the ${escapeHtml(business)} website account for ${escapeHtml(to)}.</p>`,
      `<p style="margin:0 0 12px">To choose a new password, open this link within ${validMinutes} minutes (it works once):</p>`,
      `<p style="margin:0 0 12px"><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      `<p style="color:#555;font-size:13px;margin:0">If you did not ask for this, you can ignore this email: your password stays as it is.</p>`,
    ].join("\n"),
    brand,
  );
  return {
    to,
    from,
    subject: truncate(`Reset your password for the ${business} website`, 200),
    text: homeownerText(lines.join("\n"), brand),
    html,
    template: { kind: "password-reset", params: { to_email: to, reset_link: link, company_name: business } },
  };
}
