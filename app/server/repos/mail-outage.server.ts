/**
 * The mail outage record (docs/decisions/055-mail-failures-at-once.md): one settings entry,
 * `mail.outage`, present from the first failed send until the next one that goes through. It is
 * written through the settings repository's one-statement verbs, so instances sharing the database
 * agree on it: exactly one failure opens it (and queues its push alerts, in the same transaction),
 * later ones only refresh the last error.
 */
import { queuePushJobs } from "#app/server/repos/push-jobs.server.ts";
import { compareAndSetSetting, deleteSetting, getSetting } from "#app/server/repos/settings.server.ts";
import type { Timed, WithDb } from "#app/server/repos/args.server.ts";

export const MAIL_OUTAGE_SETTING = "mail.outage";

export type MailOutage = {
  /** When the first failed send of this outage was recorded (ISO). */
  since: string;
  /** The latest failed send (ISO) and its recorded error. */
  lastFailedAt: string;
  lastError: string;
  /** Failed sends recorded in this outage. */
  failures: number;
};

export async function getMailOutage({ db }: WithDb): Promise<MailOutage | null> {
  return asOutage(await getSetting({ db, key: MAIL_OUTAGE_SETTING }));
}

type RecordFailureArgs = Timed<{ error: string; pushPayload: unknown }>;

/**
 * Records a failed send: opens the outage when there is none, queuing `pushPayload` for every admin
 * device in the same transaction, or adds the failure to the open one. Answers "opened" for the
 * one call that opened it (of any number racing, on any instance), else "added".
 */
export async function recordMailFailure({ db, error, pushPayload, now = new Date() }: RecordFailureArgs): Promise<"opened" | "added"> {
  const at = now.toISOString();
  const lastError = error.slice(0, 500);
  // A lost race (another failure or a success wrote in between) is read again; a few rounds settle it.
  for (let round = 0; round < 5; round++) {
    const current = await getMailOutage({ db });
    if (!current) {
      const opened = await db.transaction().execute(async (trx) => {
        const fresh: MailOutage = { since: at, lastFailedAt: at, lastError, failures: 1 };
        if (!(await compareAndSetSetting({ db: trx, key: MAIL_OUTAGE_SETTING, expected: null, value: fresh }))) return false;
        await queuePushJobs({ db: trx, leadId: null, payload: pushPayload, now });
        return true;
      });
      if (opened) return "opened";
      continue;
    }
    const next: MailOutage = { ...current, lastFailedAt: at, lastError, failures: current.failures + 1 };
    if (await compareAndSetSetting({ db, key: MAIL_OUTAGE_SETTING, expected: current, value: next })) return "added";
  }
  return "added";
}

/** Closes the outage after a send went through. Answers the outage it closed, or null when there was none. */
export async function closeMailOutage({ db }: WithDb): Promise<MailOutage | null> {
  const current = await getMailOutage({ db });
  if (!current) return null;
  return (await deleteSetting({ db, key: MAIL_OUTAGE_SETTING })) ? current : null;
}

function asOutage(value: unknown): MailOutage | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const { since, lastFailedAt, lastError, failures } = value as Record<string, unknown>;
  if (typeof since !== "string" || typeof lastFailedAt !== "string" || typeof lastError !== "string") return null;
  return { since, lastFailedAt, lastError, failures: typeof failures === "number" ? failures : 1 };
}
