/**
 * Who the site's mail comes from and what its domain must publish (ADR 054): the facts the admin's
 * email page and the go-live checklist show. The sender is MAIL_FROM's address (or no-reply@ the
 * site's domain); its domain gets the three records of mail-dns.server.ts, looked up through a
 * cached check so the dashboard does not ask DNS on every load.
 */
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import { mailTransportName, type Config } from "#app/server/env.server.ts";
import { loadDkimKey, type DkimKey } from "#app/server/mail/dkim.server.ts";
import { addressDomain, siteSenderAddress } from "#app/server/mail/message-parts.server.ts";
import { wantedMailRecords, type CheckedRecord, type MailDnsCheck } from "#app/server/mail/mail-dns.server.ts";

/** Why the sender's domain cannot carry the records (or null when it can). */
export type SenderProblem =
  /** localhost, a bare host name or an IP address: only this machine knows it. */
  | "local"
  /** A name reserved for examples and tests (example.com, .test, .invalid, .local…): no one can publish records there. */
  | "placeholder"
  /** A real domain, but not the site's: receivers see mail from one domain about a site on another. */
  | "other-domain";

export interface SenderFacts {
  /** The bare address mail is sent from. */
  address: string;
  domain: string;
  /** PUBLIC_URL's host without its www. */
  siteDomain: string;
  /** Whether MAIL_FROM set it (false: the default no-reply@). */
  configured: boolean;
  problem: SenderProblem | null;
}

const RESERVED = /(^|\.)(example\.(com|org|net)|test|example|invalid|local|localhost|internal|lan|home\.arpa)$/;

function isLocalName(domain: string): boolean {
  return domain === "localhost" || !domain.includes(".") || /^[\d.]+$/.test(domain) || domain.includes(":");
}

/** Whether `a` and `b` are the same domain, or one is under the other (mail.x.com and x.com). */
function sameSite(a: string, b: string): boolean {
  return a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);
}

export function senderFacts(config: Pick<Config, "env" | "publicUrl">): SenderFacts {
  const address = siteSenderAddress(config);
  const domain = addressDomain(address);
  const siteDomain = new URL(config.publicUrl).hostname.toLowerCase().replace(/^www\./, "");
  const siteIsPublic = !isLocalName(siteDomain) && !RESERVED.test(siteDomain);
  const problem: SenderProblem | null = isLocalName(domain)
    ? "local"
    : RESERVED.test(domain)
      ? "placeholder"
      : siteIsPublic && !sameSite(domain, siteDomain)
        ? "other-domain"
        : null;
  return { address, domain, siteDomain, configured: Boolean(config.env.MAIL_FROM?.trim()), problem };
}

/** The email page's and the checklist's view of the sender and its records. */
export interface MailRecordsView {
  sender: SenderFacts;
  transport: ReturnType<typeof mailTransportName>;
  /** The records and their state; null when the sender's domain cannot carry records (local or placeholder). */
  records: CheckedRecord[] | null;
}

/** The sender's facts and its records' state, for a given key (or none yet). */
export async function buildMailRecordsView({
  config,
  dkim,
  leadInbox,
  dns,
  fresh = false,
}: {
  config: Pick<Config, "env" | "publicUrl">;
  dkim: Pick<DkimKey, "selector" | "publicKey"> | null;
  /** Where DMARC reports go when it is on the sender's domain (else postmaster@ that domain). */
  leadInbox: string;
  dns: MailDnsCheck;
  /** Look the records up now rather than use the last answers (the email page's "Check again"). */
  fresh?: boolean;
}): Promise<MailRecordsView> {
  const sender = senderFacts(config);
  const transport = mailTransportName(config.env);
  if (sender.problem === "local" || sender.problem === "placeholder") return { sender, transport, records: null };
  const reportTo = sameSite(addressDomain(leadInbox), sender.domain) ? leadInbox.toLowerCase() : `postmaster@${sender.domain}`;
  const smtpHost = transport === "smtp" && config.env.SMTP_URL ? smtpHostOf(config.env.SMTP_URL) : null;
  const wanted = wantedMailRecords({ domain: sender.domain, smtpHost, dkim, reportTo });
  return { sender, transport, records: await dns.check(wanted, { fresh }) };
}

/** The view with the stored key and the current lead inbox. */
export function mailRecordsView({
  db,
  config,
  leadInbox,
  dns,
  fresh,
}: {
  db: Kysely<DB>;
  config: Pick<Config, "env" | "publicUrl">;
  leadInbox: () => Promise<string>;
  dns: MailDnsCheck;
  fresh?: boolean;
}): Promise<MailRecordsView> {
  return Promise.all([loadDkimKey({ db }), leadInbox()]).then(([dkim, inbox]) =>
    buildMailRecordsView({ config, dkim, leadInbox: inbox, dns, fresh }),
  );
}

function smtpHostOf(url: string): string | null {
  try {
    return new URL(url).hostname.replace(/^\[|\]$/g, "") || null;
  } catch {
    return null;
  }
}
