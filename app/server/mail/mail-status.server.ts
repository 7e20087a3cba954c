/**
 * How the site's mail is doing, in one object the checklist, the dashboard and the email page
 * read: the open outage of a failing mail server (ADR 055) and the sender's DNS records (ADR 054).
 */
import type { Database } from "#app/server/db/index.server.ts";
import type { Config } from "#app/server/env.server.ts";
import type { MailHealth, MailTrouble } from "#app/server/mail/mail-health.server.ts";
import { createMailDnsCheck, nodeTxtResolver, type TxtResolver } from "#app/server/mail/mail-dns.server.ts";
import { mailRecordsView, type MailRecordsView } from "#app/server/mail/mail-records.server.ts";

export interface MailStatus {
  /** The open outage, or null while mail flows. */
  trouble(): Promise<MailTrouble | null>;
  /** The sender and its records' state; `fresh` looks them up now instead of using the last answers. */
  records(options?: { fresh?: boolean }): Promise<MailRecordsView>;
}

export function createMailStatus({
  database,
  config,
  health,
  leadInbox,
  resolver = nodeTxtResolver(),
}: {
  database: Pick<Database, "db">;
  config: Pick<Config, "env" | "publicUrl">;
  health: Pick<MailHealth, "trouble">;
  leadInbox: () => Promise<string>;
  /** How TXT records are looked up: DNS unless a test gives its own. */
  resolver?: TxtResolver;
}): MailStatus {
  const dns = createMailDnsCheck({ resolver });
  return {
    trouble: () => health.trouble(),
    records: ({ fresh = false } = {}) => mailRecordsView({ db: database.db, config, leadInbox, dns, fresh }),
  };
}
