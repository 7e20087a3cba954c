/**
 * The request's stages that quotes move on their own (issue 27): "Quote sent" when one is sent,
 * "Won" when one is signed. Called inside the transaction that records the send or the signature.
 */
import type { Transaction } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import type { LeadStatus } from "#app/schemas/lead.ts";
import { updateLeadStatusFrom } from "#app/server/repos/lead-stages.server.ts";

/** Before a quote: a request still being worked. Won, lost and spam stay as they are. */
const BEFORE_QUOTE: readonly LeadStatus[] = ["new", "review", "contacted", "scheduled"];
/** A signature wins the job from any stage but spam (a request marked lost and then signed was won after all). */
const BEFORE_WON: readonly LeadStatus[] = ["new", "review", "contacted", "scheduled", "quoted", "lost"];

export function markLeadQuoted(trx: Transaction<DB>, leadId: string): Promise<boolean> {
  return updateLeadStatusFrom({ db: trx, leadId, to: "quoted", from: BEFORE_QUOTE });
}

/** For the signing: call it in `createQuoteSignature`'s `inTransaction` hook. */
export function markLeadWonBySignature(trx: Transaction<DB>, leadId: string): Promise<boolean> {
  return updateLeadStatusFrom({ db: trx, leadId, to: "won", from: BEFORE_WON });
}
