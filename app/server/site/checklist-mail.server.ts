/**
 * The go-live checklist's mail items (ADR 018, 054, 055): email delivery (and, while the mail
 * server fails, the red and urgent item that says why), the sender's domain, and the DNS records
 * that make mail from it arrive. checklist.server.ts puts them in the list.
 */
import { mailTransportName, type Config } from "#app/server/env.server.ts";
import type { MailTrouble } from "#app/server/mail/mail-health.server.ts";
import { recordLabel, type CheckedRecord } from "#app/server/mail/mail-dns.server.ts";
import type { MailRecordsView } from "#app/server/mail/mail-records.server.ts";
import type { SiteClock } from "#app/server/time.server.ts";

export type MailCheckId = "mail" | "mail-sender" | "mail-dns";

/** One mail item as the checklist builds it; `urgent` only while the mail server fails. */
export interface MailCheck {
  id: MailCheckId;
  label: string;
  status: "done" | "todo" | "optional";
  detail: string;
  fix: string;
  href: string | null;
  urgent?: boolean;
}

/** What the mail items read: the outage (mail-health) and the records' state (mail-records). */
export interface MailChecklistSource {
  trouble(): Promise<MailTrouble | null>;
  records(): Promise<MailRecordsView>;
}

export const EMAIL_PAGE = "/admin/email";

export async function mailChecks({
  config,
  mail,
  clock,
}: {
  config: Pick<Config, "env" | "publicUrl">;
  mail: MailChecklistSource;
  clock: Pick<SiteClock, "formatTime">;
}): Promise<MailCheck[]> {
  // Neither lookup may take the dashboard down: a failure leaves its item as if all were well
  // (the outage) or says it could not check (the records).
  const [trouble, view] = await Promise.all([mail.trouble().catch(() => null), mail.records().catch(() => null)]);
  return [deliveryCheck(config, trouble, clock), ...(view ? [senderCheck(view), recordsCheck(view)] : [])];
}

function deliveryCheck(config: Pick<Config, "env">, trouble: MailTrouble | null, clock: Pick<SiteClock, "formatTime">): MailCheck {
  const transport = mailTransportName(config.env);
  const base = { id: "mail", label: "Email delivery is set up", href: null } as const;
  if (trouble) {
    const waiting =
      trouble.waiting === 0
        ? "No email is waiting now."
        : `${trouble.waiting === 1 ? "1 email is" : `${trouble.waiting} emails are`} waiting to go out.`;
    return {
      ...base,
      status: "todo",
      urgent: true,
      detail: `Emails are not going out since ${clock.formatTime(trouble.since)}: ${trouble.words}. ${waiting}`,
      fix:
        transport === "file"
          ? "Give the user the server runs as write access to DATA_DIR/mail. Waiting emails go out by themselves once it works."
          : "Check the host, port, user name and password in SMTP_URL and that the mail server is up (restart after changing SMTP_URL). Waiting emails go out by themselves once it works; a test email shows whether it does.",
    };
  }
  if (transport === "file") {
    return {
      ...base,
      status: "todo",
      detail: "Emails are only written to files under DATA_DIR/mail: no one receives the estimate requests.",
      fix: "Set SMTP_URL to your mail provider's SMTP address (smtp://user:password@host:587) and restart, then send a test email.",
    };
  }
  const host = transport === "smtp" && config.env.SMTP_URL ? safeHost(config.env.SMTP_URL) : null;
  return {
    ...base,
    status: "done",
    detail: transport === "smtp" ? `Emails go out through the SMTP server ${host ?? "in SMTP_URL"}.` : "Emails go out through EmailJS.",
    fix: "Send a test email to check that it arrives.",
  };
}

function safeHost(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.port ? `${parsed.hostname}:${parsed.port}` : parsed.hostname;
  } catch {
    return null;
  }
}

function senderCheck({ sender }: MailRecordsView): MailCheck {
  const base = { id: "mail-sender", label: "Emails come from your own domain", href: EMAIL_PAGE } as const;
  const own = sender.problem === "other-domain" ? sender.siteDomain : "yourcompany.com";
  const fix = `Set MAIL_FROM to an address at ${own} (like estimates@${own}) and restart; replies can still go to any inbox.`;
  switch (sender.problem) {
    case "local":
      return {
        ...base,
        status: "todo",
        detail: `Emails are sent from ${sender.address}, an address only this machine knows: mail providers put such mail in spam or refuse it.`,
        fix: sender.configured
          ? fix
          : "Set PUBLIC_URL to the site's address (emails then come from no-reply@ its domain), or set MAIL_FROM to an address at your domain (like estimates@yourcompany.com), and restart.",
      };
    case "placeholder":
      return {
        ...base,
        status: "todo",
        detail: `Emails are sent from ${sender.address}, an example address no one can vouch for: they land in spam.`,
        fix,
      };
    case "other-domain":
      return {
        ...base,
        status: "todo",
        detail: `Emails are sent from ${sender.address}, while the site is ${sender.siteDomain}: mail from ${sender.domain} sent by your server fails the receivers' checks and lands in spam.`,
        fix,
      };
    case null:
      return {
        ...base,
        status: "done",
        detail: `Emails are sent from ${sender.address}${sender.configured ? " (set by MAIL_FROM)" : " (no MAIL_FROM: the site's domain)"}.`,
        fix: "Change MAIL_FROM if the address moves.",
      };
  }
}

function recordsCheck({ sender, transport, records }: MailRecordsView): MailCheck {
  const base = { id: "mail-dns", label: "Your domain vouches for the site's emails (SPF, DKIM, DMARC)", href: EMAIL_PAGE } as const;
  if (transport === "emailjs") {
    return {
      ...base,
      status: "optional",
      detail: "EmailJS sends through the mail service connected to it: SPF and DKIM are set up there.",
      fix: "To send from the site itself, set SMTP_URL, then publish the records the email page shows.",
    };
  }
  if (!records) {
    return {
      ...base,
      status: "todo",
      detail: `Records can only be published for a domain of your own, not ${sender.domain}.`,
      fix: "Send from your own domain first (the item above), then publish the three records the email page shows.",
    };
  }
  const named = (states: CheckedRecord["state"][]) => joinLabels(records.filter((record) => states.includes(record.state)));
  const missing = named(["missing", "no-key"]);
  const differs = named(["differs"]);
  const unchecked = named(["unchecked"]);
  const noKey = records.some((record) => record.state === "no-key");
  if (!missing && !differs && !unchecked) {
    return { ...base, status: "done", detail: `SPF, DKIM and DMARC are published for ${sender.domain}.`, fix: "Nothing to do." };
  }
  const parts = [
    missing ? `Missing for ${sender.domain}: ${missing}.` : null,
    differs ? `Not as they should be: ${differs}.` : null,
    unchecked ? `Could not check ${unchecked}: the DNS lookup failed; it is tried again later.` : null,
  ].filter(Boolean);
  return {
    ...base,
    status: "todo",
    detail: parts.join(" "),
    fix: `${noKey ? "Make the signing key on the server (npm run cli -- dkim-key), then publish" : "Publish"} the records the email page shows at your domain's DNS host; the page checks them again.`,
  };
}

function joinLabels(records: CheckedRecord[]): string {
  const labels = records.map((record) => recordLabel(record.kind));
  return labels.length <= 1 ? (labels[0] ?? "") : `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
}
