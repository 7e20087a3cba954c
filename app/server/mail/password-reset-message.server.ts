/** The "forgot password" email, as a message (docs/decisions/028-password-reset.md). */
import { escapeHtml, oneLine, page, truncate, type MailProfile, type OutgoingMail } from "#app/server/mail/message-parts.server.ts";

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
