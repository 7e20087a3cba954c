/** The dashboard's test email, as a message (sent by test-email.server.ts). */
import type { SiteClock } from "#app/server/time.server.ts";
import { escapeHtml, oneLine, page, truncate, type MailProfile, type OutgoingMail } from "#app/server/mail/message-parts.server.ts";

/**
 * The dashboard's "Send a test email": to the lead inbox, through the outbox like a real
 * notification, saying where it came from and what its arrival proves.
 */
export function testEmailMail({
  to,
  from,
  siteUrl,
  clock,
  profile,
  requestedBy,
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
