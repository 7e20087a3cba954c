/**
 * The signed quote's PDF behind its link (issue 27): the latest signed version's file from the
 * blob store, once the PDF part has made it (`quote_signatures.pdf_key`); null until then, and
 * for a wrong, replaced or never-sent link.
 */
import type { QuoteDeps } from "#app/server/quotes/deps.server.ts";
import type { BlobObject } from "#app/server/storage/blob-store.server.ts";
import { listQuoteSignatures } from "#app/server/repos/quote-signatures.server.ts";
import { findSentQuote } from "#app/server/quotes/quote-page.server.ts";

export async function openSignedPdf(
  deps: Pick<QuoteDeps, "database" | "blobStore">,
  { token }: { token: string },
): Promise<{ object: BlobObject; number: number; version: number } | null> {
  const sent = await findSentQuote(deps.database.db, token);
  if (!sent) return null;
  const signatures = await listQuoteSignatures({ db: deps.database.db, quoteId: sent.quote.id });
  const latest = signatures.filter((signature) => signature.pdf_key).at(-1);
  if (!latest?.pdf_key) return null;
  const object = await deps.blobStore.get(latest.pdf_key);
  return object ? { object, number: sent.quote.number, version: latest.version } : null;
}
