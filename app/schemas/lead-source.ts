/**
 * Where an estimate request came from, in one short label the owner can read and count: the
 * campaign's tags when the visit had them, else the site that sent the visitor, else "Direct or
 * unknown". The dashboard counts requests by this label; the inbox shows it on each card.
 *
 * Pure, and safe in the browser.
 */

export const DIRECT_OR_UNKNOWN = "Direct or unknown";

/** The stored attribution a label is made from (the leads table's columns). */
interface LeadSourceFields {
  utm_source: string | null;
  utm_medium: string | null;
  referrer: string | null;
}

/**
 * "google / cpc" for a visit tagged utm_source=google&utm_medium=cpc ("google" without a medium);
 * else the referring site's host without "www." ("google.com"); else DIRECT_OR_UNKNOWN. Tags are
 * lower-cased so "Google" and "google" count as one. A referrer on the site's own host
 * (`siteHost`, when given) is no outside source: the visit began here.
 */
export function leadSourceLabel(lead: LeadSourceFields, siteHost?: string | null): string {
  const source = tidy(lead.utm_source);
  if (source) {
    const medium = tidy(lead.utm_medium);
    return medium ? `${source} / ${medium}` : source;
  }
  const host = referrerHost(lead.referrer);
  if (host && host !== bareHost(siteHost)) return host;
  return DIRECT_OR_UNKNOWN;
}

/** The host name of a referrer URL without "www.", or null when it is not a URL with a host. */
export function referrerHost(referrer: string | null | undefined): string | null {
  if (!referrer) return null;
  try {
    return bareHost(new URL(referrer.trim()).hostname);
  } catch {
    return null;
  }
}

export interface SourceCount {
  label: string;
  count: number;
}

/**
 * Adds up counted groups of attribution fields (as the repository returns them) by their label,
 * most requests first; among equals the named sources by name, then DIRECT_OR_UNKNOWN.
 */
export function countBySource(rows: readonly (LeadSourceFields & { count: number })[], siteHost?: string | null): SourceCount[] {
  const totals = new Map<string, number>();
  for (const row of rows) {
    const label = leadSourceLabel(row, siteHost);
    totals.set(label, (totals.get(label) ?? 0) + row.count);
  }
  return [...totals]
    .map(([label, count]) => ({ label, count }))
    .toSorted(
      (a, b) =>
        b.count - a.count ||
        Number(a.label === DIRECT_OR_UNKNOWN) - Number(b.label === DIRECT_OR_UNKNOWN) ||
        a.label.localeCompare(b.label),
    );
}

function tidy(value: string | null | undefined): string {
  return (value ?? "").trim().replace(/\s+/g, " ").toLowerCase();
}

function bareHost(host: string | null | undefined): string | null {
  const name = (host ?? "").trim().toLowerCase().replace(/\.$/, "");
  if (!name) return null;
  return name.startsWith("www.") ? name.slice(4) : name;
}
