/**
 * Exactly what a signature binds to (DESIGN §6, "documents a homeowner signs are immutable"):
 * the agreement for a version and a pick, the ESIGN disclosures and the notices beside and after
 * the signature, rendered once to HTML. It lives with the components and runs in the pages'
 * bundle (the host loads app/server without a JSX transform), so the routes hand it to the quotes
 * feature as its `render`. The page inserts these same strings, so the SHA-256 of
 * their concatenation, in page order, is the hash of what the homeowner read. A change to the
 * version, the pick, the notices or the business's name and phone changes the hash.
 */
import { createHash } from "node:crypto";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { translator } from "#app/i18n/messages.ts";
import type { QuoteAgreementInput, RenderShown, ShownParts } from "#app/schemas/quote-view.ts";
import { ConsentDisclosures, PlacedNotices, QuoteAgreement } from "#app/components/quote/quote-agreement.tsx";

export const shownParts: RenderShown = (input: QuoteAgreementInput): ShownParts => {
  const t = translator(input.locale);
  const agreement = renderToStaticMarkup(createElement(QuoteAgreement, { input, t }));
  const consent = renderToStaticMarkup(createElement(ConsentDisclosures, { input, t }));
  const atSignature = renderToStaticMarkup(createElement(PlacedNotices, { input, t, placement: "at-signature" }));
  const afterSignature = renderToStaticMarkup(createElement(PlacedNotices, { input, t, placement: "after-signature" }));
  return { agreement, consent, atSignature, afterSignature, sha256: shownSha256([agreement, consent, atSignature, afterSignature]) };
};

export function shownSha256(parts: string[]): string {
  return createHash("sha256").update(parts.join("")).digest("hex");
}
