/**
 * The calendar address the contractor pastes, checked before it is kept: a web address of
 * reasonable length that the outbound guard (ADR 046) would let the server fetch. A refusal is a
 * sentence for the admin page; "webcal://" (Apple's way of writing a subscription) means https.
 */
import { refusalSentence } from "#app/server/booking/busy-feed-fetch.server.ts";
import { checkOutboundUrl, OutboundRefusedError, type OutboundPolicy } from "#app/server/net/outbound.server.ts";

export const MAX_ADDRESS_LENGTH = 2000;

const HOW = "Paste your calendar’s secret address in iCal format (Google Calendar: Settings › your calendar › Integrate calendar).";

export function checkFeedAddress(input: string, policy: OutboundPolicy): { ok: true; address: string } | { ok: false; message: string } {
  const text = input.trim().replace(/^webcals?:\/\//i, "https://");
  if (text.length > MAX_ADDRESS_LENGTH) {
    return { ok: false, message: `The address is too long (over ${MAX_ADDRESS_LENGTH} characters) and was not saved. ${HOW}` };
  }
  if (/\s/.test(text)) return { ok: false, message: `The address has spaces in it and was not saved. ${HOW}` };
  const checked = checkOutboundUrl(text, policy);
  if (!checked.ok) {
    const why = refusalSentence(new OutboundRefusedError(checked.refusal));
    return { ok: false, message: `The address was not saved: ${why}. ${HOW}` };
  }
  return { ok: true, address: checked.url.href };
}
