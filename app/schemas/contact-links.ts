/**
 * The one-tap links of a request (call, text, email, directions) and how long it has waited.
 * Pure: the inbox, the request's page and the tests build the same addresses from the same
 * fields. Why each address is written this way: docs/decisions/029-one-tap-lead-actions.md.
 */

export interface ContactLinkInput {
  name: string;
  email: string;
  phone: string;
  /** The service asked about ("Bathroom Remodeling"), or "Something else". */
  subject: string;
  zip: string | null;
  streetAddress: string | null;
  /** The business's name, as the greeting signs it. */
  businessName: string;
}

export interface ContactLinks {
  /** `tel:` with digits; null when the phone has too few digits to dial. */
  call: string | null;
  /** `sms:` with a greeting filled in; null with the call. */
  text: string | null;
  mailto: string;
  /** A maps search for the address and ZIP; null when neither was given. */
  directions: string | null;
}

/** `tel:` wants digits (and a leading +); US numbers written without a country code get +1. */
export function telHref(phone: string): string {
  return `tel:${dialable(phone)}`;
}

function dialable(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (phone.trim().startsWith("+")) return `+${digits}`;
  if (digits.length === 10) return `+1${digits}`;
  return digits;
}

/** The first word of a name, for a greeting ("Maria" of "Maria Gonzalez"); "there" without one. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] || "there";
}

/** "your Bathroom Remodeling request", or "your estimate request" when the service is not a name. */
function requestWords(subject: string): string {
  const service = subject.replace(/\s+/g, " ").trim();
  return service === "" || service.toLowerCase() === "something else" ? "your estimate request" : `your ${service} request`;
}

/** The text message's opening line: who writes, to whom, about what. */
export function textGreeting(input: Pick<ContactLinkInput, "name" | "subject" | "businessName">): string {
  return `Hi ${firstName(input.name)}, this is ${input.businessName.trim()} about ${requestWords(input.subject)}.`;
}

/** The reply's subject line: "Your estimate request: Bathroom Remodeling". */
export function emailSubject(subject: string): string {
  const service = subject.replace(/\s+/g, " ").trim();
  return service === "" ? "Your estimate request" : `Your estimate request: ${service}`;
}

/**
 * Percent-encoding for a query value: encodeURIComponent (so a space is %20, never "+", which
 * the SMS and mail apps would show as a plus), and also the characters it leaves alone.
 */
function encodeValue(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** A mailto: address: everything that could end the address or start a query is encoded; @ and + stay readable. */
function encodeAddress(email: string): string {
  return encodeValue(email.trim()).replace(/%40/g, "@").replace(/%2B/g, "+");
}

/** The maps search text: the street address and the ZIP, whichever were given. */
export function mapsQuery(streetAddress: string | null, zip: string | null): string | null {
  const parts = [streetAddress, zip].map((part) => part?.replace(/\s+/g, " ").trim() ?? "").filter((part) => part !== "");
  return parts.length > 0 ? parts.join(", ") : null;
}

export function contactLinks(input: ContactLinkInput): ContactLinks {
  const number = dialable(input.phone);
  const canDial = number.replace(/\D/g, "").length >= 7;
  const query = mapsQuery(input.streetAddress, input.zip);
  return {
    call: canDial ? `tel:${number}` : null,
    // "?&body=": iOS reads the body after "&", Android after "?"; this form works on both (ADR 029).
    text: canDial ? `sms:${number}?&body=${encodeValue(textGreeting(input))}` : null,
    mailto: `mailto:${encodeAddress(input.email)}?subject=${encodeValue(emailSubject(input.subject))}`,
    directions: query ? `https://www.google.com/maps/search/?api=1&query=${encodeValue(query)}` : null,
  };
}

const HOUR = 3600 * 1000;
/** A request no one has answered for this long is marked (Houzz ranks pros down past 24 hours). */
const WAITING_MARK_MS = 24 * HOUR;

/** Statuses that still wait for the business's first answer. */
const WAITING_STATUSES = new Set(["new", "review"]);

export interface Waiting {
  /** "waiting 3 h", "waiting 2 days". */
  label: string;
  /** More than 24 hours: marked, in words. */
  overdue: boolean;
}

/**
 * How long a request still waiting for an answer ("new" or "review") has waited since it arrived;
 * null once it has another status. A status change is not dated, and a request only leaves "new"
 * or "review" by one, so its arrival is when its wait began.
 */
export function leadWaiting({ status, createdAt, now }: { status: string; createdAt: string; now: Date }): Waiting | null {
  if (!WAITING_STATUSES.has(status)) return null;
  const since = Date.parse(createdAt);
  if (Number.isNaN(since)) return null;
  const ms = Math.max(0, now.getTime() - since);
  return { label: `waiting ${waitedWords(ms)}`, overdue: ms > WAITING_MARK_MS };
}

/** "12 min", "3 h", "2 days": minutes under an hour, hours under two days, then days. */
export function waitedWords(ms: number): string {
  if (ms < HOUR) {
    const minutes = Math.floor(ms / 60000);
    return minutes < 1 ? "under a minute" : `${minutes} min`;
  }
  if (ms < 48 * HOUR) return `${Math.floor(ms / HOUR)} h`;
  return `${Math.floor(ms / (24 * HOUR))} days`;
}
