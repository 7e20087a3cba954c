/**
 * Signing a quote's current version (issue 27): the server recomputes the pick's totals and the
 * HTML of what the page showed for it, and refuses when the posted hash differs (the quote, its
 * notices or the business's details changed while the homeowner read). The repository decides
 * which of two signatures at once is recorded, and refuses an old version.
 */
import type { QuoteDeps } from "#app/server/quotes/deps.server.ts";
import { QuoteSignSchema, markKindOf, readPick, toRefusal, type QuoteRefusal } from "#app/schemas/quote-page.ts";
import { findOption } from "#app/schemas/quote-money.ts";
import type { QuotePageView, RenderShown } from "#app/schemas/quote-view.ts";
import { createQuoteSignature } from "#app/server/repos/quote-signatures.server.ts";
import { createQuoteEvent } from "#app/server/repos/quote-events.server.ts";
import { agreementInput, buildView, findSentQuote, resolvePick } from "#app/server/quotes/quote-page.server.ts";
import { notifyContractor, wakeNotifiers } from "#app/server/quotes/notify.server.ts";
import { SIGNED_QUOTE_REF, signedPdfName } from "#app/server/quotes/signed-pdf.server.ts";
import { queueSignedCopy } from "#app/server/quotes/signed-copy.server.ts";
import { markLeadWonBySignature } from "#app/server/quotes/lead-stage.server.ts";

export type SignResult =
  | { kind: "not-found" }
  /** 400: bad input; 409: the quote changed (a new version, or a different page). The view is the page to show again. */
  | { kind: "refused"; status: 400 | 409; refusal: QuoteRefusal; view: QuotePageView; version: number }
  | { kind: "signed" }
  | { kind: "already-signed" };

export interface SignRequest {
  token: string;
  form: FormData;
  clientIp: string;
  userAgent: string;
  render: RenderShown;
}

export async function signQuote(deps: QuoteDeps, { token, form, clientIp, userAgent, render }: SignRequest): Promise<SignResult> {
  const db = deps.database.db;
  const sent = await findSentQuote(db, token);
  if (!sent) return { kind: "not-found" };
  const asked = readPick(form);
  const again = async (status: 400 | 409, refusal: QuoteRefusal) => ({
    kind: "refused" as const,
    status,
    refusal,
    version: sent.version.version,
    view: await buildView(deps, { sent, token, signature: null, step: "sign", pick: asked, render }),
  });
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const parsed = QuoteSignSchema.safeParse({
    version: text("version"),
    shownSha256: text("shownSha256"),
    consent: text("consent"),
    fullName: text("fullName"),
    useTypedMark: text("useTypedMark") === "yes",
    mark: text("mark"),
  });
  // An older version read: say which one to read now, before any other judgement of the form.
  const postedVersion = Number(text("version"));
  if (Number.isInteger(postedVersion) && postedVersion >= 1 && postedVersion !== sent.version.version) return again(409, "not-current");
  if (!parsed.success) return again(400, toRefusal(parsed.error.issues[0]?.message));
  const option = asked.optionId ? findOption(sent.document, asked.optionId) : undefined;
  if (!option) return again(400, "option");
  const selection = resolvePick(sent.document, asked);
  if (selection.extraIds.length !== asked.extraIds.length) return again(400, "extra");
  const agreement = await agreementInput(deps, sent, selection);
  const shown = render(agreement);
  if (shown.sha256 !== parsed.data.shownSha256) return again(409, "changed");

  const input = parsed.data;
  const now = new Date();
  const outcome = await createQuoteSignature({
    db,
    dialect: deps.database.dialect,
    quoteId: sent.quote.id,
    now,
    signature: {
      version: input.version,
      consented_at: now.toISOString(),
      full_name: input.fullName,
      mark_kind: markKindOf(input),
      mark: input.useTypedMark ? "" : input.mark.trim(),
      selection: JSON.stringify(selection),
      totals: JSON.stringify(agreement.totals),
      document_sha256: shown.sha256,
      ip: clientIp,
      user_agent: userAgent.slice(0, 500),
    },
    inTransaction: async (trx, signature, quote) => {
      await createQuoteEvent({ db: trx, quoteId: quote.id, leadId: quote.lead_id, kind: "signed", version: signature.version, now });
      // Both copies attach the PDF by reference: the first send makes it (signed-pdf.server.ts).
      const attachment = {
        filename: signedPdfName(quote.number, signature.version),
        contentType: "application/pdf",
        ref: `${SIGNED_QUOTE_REF}${signature.id}`,
      };
      await notifyContractor(deps, { db: trx, quote, kind: "signed", version: signature.version, attachments: [attachment], now });
      await queueSignedCopy(deps, { db: trx, quote, version: signature.version, signedAt: signature.signed_at, attachment, now });
      await markLeadWonBySignature(trx, quote.lead_id);
    },
  });
  if (outcome.outcome === "not-found") return { kind: "not-found" };
  if (outcome.outcome === "not-current") {
    // A version sent between our read and the signature: show the new one.
    const current = await findSentQuote(db, token);
    if (!current) return { kind: "not-found" };
    const view = await buildView(deps, { sent: current, token, signature: null, step: "sign", pick: asked, render });
    return { kind: "refused", status: 409, refusal: "not-current", version: current.version.version, view };
  }
  if (outcome.outcome === "already-signed") return { kind: "already-signed" };
  wakeNotifiers(deps);
  deps.logger.info("quote signed", { quoteId: sent.quote.id, version: input.version, markKind: markKindOf(input) });
  return { kind: "signed" };
}
