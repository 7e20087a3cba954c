/**
 * Mail failures seen at once (docs/decisions/055-mail-failures-at-once.md). The outbox tells this
 * after every send: a failure opens the outage (or adds to it), the next send that goes through
 * closes it. While it is open, the checklist's email item is red and urgent with the mail server's
 * error in words, the dashboard says how many emails wait and since when, and the one failure that
 * opened it queued a push to every admin device: once per outage, not once per email.
 *
 * A message refused for good (a 5xx to its recipient or its content) is that email's own trouble,
 * listed at once under "Emails that failed"; it says nothing about the mail server and opens no
 * outage. A shutdown's cut-off is not a failure at all.
 */
import type { Database } from "#app/server/db/index.server.ts";
import type { Config } from "#app/server/env.server.ts";
import type { Logger } from "#app/server/logger.server.ts";
import { mailErrorInWords, smtpServerName } from "#app/server/mail/error-words.server.ts";
import { mailTroublePushPayload } from "#app/server/push/payload.server.ts";
import { countWaitingEmailJobs } from "#app/server/repos/email-jobs.server.ts";
import { closeMailOutage, getMailOutage, recordMailFailure } from "#app/server/repos/mail-outage.server.ts";

/** What the dashboard and the checklist say while mail is failing. */
export interface MailTrouble {
  /** The first failed send of this outage, and the latest (ISO). */
  since: string;
  lastFailedAt: string;
  /** The recorded error, raw, and in words with its code in brackets. */
  lastError: string;
  words: string;
  /** Emails waiting to go out now (being sent, due, or tried and waiting for their retry). */
  waiting: number;
}

export interface MailHealth {
  /** A send failed with a temporary error (the server, not the message): opens or extends the outage. */
  failed(error: string): Promise<void>;
  /** A send went through: mail flows, the outage (if any) is over. */
  sent(): Promise<void>;
  /** The open outage, or null while mail flows. */
  trouble(): Promise<MailTrouble | null>;
}

export interface MailHealthOptions {
  database: Pick<Database, "db">;
  config: Pick<Config, "env">;
  logger: Logger;
  /** Wakes the push worker after an outage opened (its alerts were queued with it). */
  onOutageOpened?: () => void;
}

export function createMailHealth({ database: { db }, config, logger, onOutageOpened }: MailHealthOptions): MailHealth {
  const log = logger.child({ component: "mail-health" });
  const server = smtpServerName(config.env.SMTP_URL);
  const inWords = (error: string) => mailErrorInWords(error, server);
  return {
    async failed(error) {
      const words = inWords(error);
      const result = await recordMailFailure({ db, error, pushPayload: mailTroublePushPayload(words) });
      if (result === "opened") {
        log.error("mail is failing: emails wait until the mail server works", { why: words, error });
        onOutageOpened?.();
      }
    },
    async sent() {
      const closed = await closeMailOutage({ db });
      if (closed) log.info("mail flows again", { since: closed.since, failures: closed.failures });
    },
    async trouble() {
      const outage = await getMailOutage({ db });
      if (!outage) return null;
      const { count } = await countWaitingEmailJobs({ db });
      return { ...outage, words: inWords(outage.lastError), waiting: count };
    },
  };
}
