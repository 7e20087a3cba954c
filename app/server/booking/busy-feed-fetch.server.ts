/**
 * Reading the contractor's calendar from its private address, with the limits of every request
 * to an address from outside (ADR 046): only http(s), no private or local network unless the
 * policy allows it (the tests' BUSY_FEED_ALLOW_LOCAL), every redirect judged again, a deadline
 * for the whole exchange and a size cap. What goes wrong comes out as a BusyFeedError in words;
 * none of them holds the address itself, which is a secret.
 */
import { formatMegabytes } from "#app/schemas/photo-view.ts";
import { BusyFeedError } from "#app/server/booking/busy-feed-parse.server.ts";
import {
  checkOutboundUrl,
  OutboundRefusedError,
  OutboundTooLargeError,
  safeGet,
  type OutboundPolicy,
} from "#app/server/net/outbound.server.ts";

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export const busyFeedLimits: FetchLimits = { timeoutMs: 20_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 5 };

/** The sentence for an address the guard refuses (before anything is sent, or at a redirect). */
export function refusalSentence(error: OutboundRefusedError): string {
  const { refusal } = error;
  switch (refusal.reason) {
    case "invalid":
      return "it is not a web address";
    case "scheme":
      return `only http and https addresses can be read, not ${refusal.protocol}`;
    case "credentials":
      return "the address carries a user name or password; use the calendar's secret address instead";
    case "redirects":
      return `it sent us on too many times (more than ${refusal.max} redirects)`;
    case "private":
      return `${refusal.host} is a private or local address, not one on the internet`;
  }
}

const networkWords: Record<string, string> = {
  ENOTFOUND: "the calendar's server was not found",
  EAI_AGAIN: "the calendar's server could not be looked up just now",
  ECONNREFUSED: "the calendar's server refused the connection",
  ECONNRESET: "the connection was closed before the calendar was sent",
  EPIPE: "the connection was closed before the calendar was sent",
  ETIMEDOUT: "the calendar's server did not answer",
  EHOSTUNREACH: "the calendar's server cannot be reached",
  ENETUNREACH: "the calendar's server cannot be reached",
};

function describe(error: unknown, limits: FetchLimits): string {
  if (error instanceof BusyFeedError) return error.message;
  if (error instanceof OutboundRefusedError) return `refused: ${refusalSentence(error)}`;
  if (error instanceof OutboundTooLargeError) return `the calendar is larger than ${formatMegabytes(error.maxBytes)}`;
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return `no complete answer within ${Math.round(limits.timeoutMs / 1000)} seconds`;
  }
  const code = error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined;
  if (code && networkWords[code]) return networkWords[code];
  if (error instanceof Error && /socket hang up|aborted/i.test(error.message)) return networkWords.ECONNRESET!;
  return `it could not be read (${code ?? "network error"})`;
}

/** The calendar's text, or a BusyFeedError that says why not. */
export async function fetchCalendar(address: string, policy: OutboundPolicy, limits: FetchLimits = busyFeedLimits): Promise<string> {
  try {
    const checked = checkOutboundUrl(address, policy);
    if (!checked.ok) throw new OutboundRefusedError(checked.refusal);
    const response = await safeGet(checked.url, {
      ...policy,
      signal: AbortSignal.timeout(limits.timeoutMs),
      maxBytes: limits.maxBytes,
      maxRedirects: limits.maxRedirects,
      headers: { Accept: "text/calendar, text/plain;q=0.5, */*;q=0.1", "User-Agent": "remodel-site busy-times reader" },
    });
    if (response.status < 200 || response.status > 299) {
      response.discard();
      const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ""}`;
      const hint = response.status === 404 || response.status === 401 || response.status === 403 ? "; check the address" : "";
      throw new BusyFeedError(`the calendar's server answered HTTP ${status}${hint}`);
    }
    return (await response.read()).toString("utf8");
  } catch (error) {
    throw new BusyFeedError(describe(error, limits));
  }
}
