/**
 * The SPF `include:` a known mail provider asks its customers to publish, found from SMTP_URL's
 * host (ADR 054). Only a hint: an unknown host gets `a:<host>` (the relay's own address), and the
 * page says to ask the provider when in doubt.
 */

/** Host name endings of well-known SMTP relays, and the include each provider documents. */
const PROVIDERS: readonly { host: RegExp; name: string; include: string }[] = [
  { host: /(^|\.)(gmail|googlemail)\.com$|^smtp-relay\.google\.com$/, name: "Google Workspace", include: "_spf.google.com" },
  { host: /(^|\.)(office365|outlook)\.com$/, name: "Microsoft 365", include: "spf.protection.outlook.com" },
  { host: /(^|\.)sendgrid\.net$/, name: "SendGrid", include: "sendgrid.net" },
  { host: /(^|\.)mailgun\.org$/, name: "Mailgun", include: "mailgun.org" },
  { host: /(^|\.)amazonaws\.com$/, name: "Amazon SES", include: "amazonses.com" },
  { host: /(^|\.)postmarkapp\.com$/, name: "Postmark", include: "spf.mtasv.net" },
  { host: /(^|\.)(brevo|sendinblue)\.com$/, name: "Brevo", include: "spf.brevo.com" },
  { host: /(^|\.)zoho\.(com|eu)$/, name: "Zoho Mail", include: "zoho.com" },
  { host: /(^|\.)(fastmail|messagingengine)\.com$/, name: "Fastmail", include: "spf.messagingengine.com" },
  { host: /(^|\.)mailjet\.com$/, name: "Mailjet", include: "spf.mailjet.com" },
  { host: /(^|\.)secureserver\.net$/, name: "GoDaddy", include: "secureserver.net" },
];

export interface SpfHint {
  /** The mechanism to add, like `include:_spf.google.com` or `a:mail.example.com`. */
  mechanism: string;
  /** The provider's name when the host is a known one. */
  provider: string | null;
}

/** What the SPF record should name for mail sent through `smtpHost` (null: no SMTP server set). */
export function spfHint(smtpHost: string | null): SpfHint | null {
  if (!smtpHost) return null;
  const host = smtpHost.toLowerCase();
  const known = PROVIDERS.find((provider) => provider.host.test(host));
  if (known) return { mechanism: `include:${known.include}`, provider: known.name };
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return { mechanism: `ip4:${host}`, provider: null };
  if (host.includes(":")) return { mechanism: `ip6:${host.replace(/^\[|\]$/g, "")}`, provider: null };
  return { mechanism: `a:${host}`, provider: null };
}
