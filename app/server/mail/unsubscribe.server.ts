/**
 * "Stop these emails" (issue 29, "Respect"): the page behind an email's unsubscribe link and the
 * mail client's one-click button (RFC 8058), and what the outbox asks before it sends an email of
 * a suppressible kind. An address that asked is kept for good (`mail_suppressions`); asking again
 * changes nothing. The host builds this once (`createUnsubscribe(deps)`); routes reach it as
 * `backend.unsubscribe`.
 */
import type { EmailJobKind } from "#app/schemas/email-job.ts";
import type { BackendBase } from "#app/server/backend-base.server.ts";
import { readUnsubscribeToken } from "#app/server/mail/unsubscribe-token.server.ts";
import {
  addMailSuppression,
  findMailSuppression,
  type MailSuppression,
  type SuppressionSource,
} from "#app/server/repos/mail-suppressions.server.ts";
import type { WithDb } from "#app/server/repos/args.server.ts";

export { listUnsubscribeHeaders, unsubscribeToken, unsubscribeUrl } from "#app/server/mail/unsubscribe-token.server.ts";

/** The scope of the review emails: one unsubscribe stops the request and its reminder. */
export const REVIEWS_SCOPE = "reviews";

/**
 * The email kinds an address may stop, each with its scope: a finished job's review request and
 * its reminder ("reviews"). A request's own replies, quotes and visit emails are never suppressed.
 */
export const SUPPRESSIBLE_KINDS: ReadonlyMap<EmailJobKind, string> = new Map<EmailJobKind, string>([
  ["review-request", REVIEWS_SCOPE],
  ["review-reminder", REVIEWS_SCOPE],
]);

type UnsubscribeDeps = Pick<BackendBase, "database" | "secret" | "clock">;

/** Whether `email` asked to stop emails of `scope` (or all of them). */
export async function isSuppressed({ db, email, scope }: WithDb<{ email: string; scope: string }>): Promise<boolean> {
  return (await findMailSuppression({ db, email, scope })) !== null;
}

/** Why the outbox must not send this email, in the admin's words, or null to send it. */
export function suppressedReason(suppression: MailSuppression | null): string | null {
  if (!suppression) return null;
  const when = suppression.createdAt.slice(0, 10);
  return `Not sent: ${suppression.email} asked on ${when} not to get these emails (${suppression.scope}, ${suppression.source})`;
}

/**
 * The outbox's question for one email: null to send it; otherwise why not. Only a kind in `kinds`
 * (SUPPRESSIBLE_KINDS unless a test names others) is ever held back.
 */
export async function reasonNotToMail({
  db,
  kind,
  recipient,
  kinds = SUPPRESSIBLE_KINDS,
}: WithDb<{ kind: EmailJobKind; recipient: string; kinds?: ReadonlyMap<EmailJobKind, string> }>): Promise<string | null> {
  const scope = kinds.get(kind);
  if (scope === undefined) return null;
  return suppressedReason(await findMailSuppression({ db, email: recipient, scope }));
}

export function createUnsubscribe({ database: { db }, secret, clock }: UnsubscribeDeps) {
  return {
    /** Whether the token is one this site made (the page then asks "Stop these emails?"). */
    check: (token: string): boolean => readUnsubscribeToken(secret, token) !== null,
    /** Stops the token's emails at once; false for a token this site did not make. Twice is fine. */
    async unsubscribe({ token, source }: { token: string; source: SuppressionSource }): Promise<boolean> {
      const read = readUnsubscribeToken(secret, token);
      if (!read) return false;
      await addMailSuppression({ db, email: read.email, scope: read.scope, source, now: clock.now() });
      return true;
    },
  };
}

export type Unsubscribe = ReturnType<typeof createUnsubscribe>;
