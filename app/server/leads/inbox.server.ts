/**
 * The inbox's query string: `status`, `q` and `page`, read forgivingly (a bad value falls back
 * to the default and says so; nothing in a URL can make the page fail), and written back into
 * links that keep the filters.
 */
import type { LeadFilter } from "#app/server/repos/lead-search.server.ts";
import { leadStatusFilters, type LeadStatusFilter } from "#app/schemas/lead.ts";

export const INBOX_PAGE_SIZE = 25;
/** Longer search text is cut to this many characters. */
export const SEARCH_MAX_LENGTH = 200;
/** Pages past this are not a page anyone reached by clicking. */
const MAX_PAGE = 1_000_000;

interface InboxQuery {
  filter: Required<LeadFilter>;
  /** 1-based, before clamping to the number of pages. */
  page: number;
  /** What was wrong with the query, in words for the admin (empty when nothing was). */
  problems: string[];
  /** The status value was not one we know (the CSV export refuses instead of falling back). */
  badStatus: boolean;
}

export function parseInboxQuery(params: URLSearchParams): InboxQuery {
  const problems: string[] = [];
  const rawStatus = (params.get("status") ?? "").trim();
  let status: LeadStatusFilter = "open";
  let badStatus = false;
  if (rawStatus !== "") {
    if ((leadStatusFilters as readonly string[]).includes(rawStatus)) status = rawStatus as LeadStatusFilter;
    else {
      badStatus = true;
      problems.push(`“${clip(rawStatus)}” is not a status, so all open requests are shown.`);
    }
  }

  let q = (params.get("q") ?? "").trim();
  if (q.length > SEARCH_MAX_LENGTH) {
    q = q.slice(0, SEARCH_MAX_LENGTH).trim();
    problems.push(`The search text was cut to its first ${SEARCH_MAX_LENGTH} characters.`);
  }

  const rawPage = (params.get("page") ?? "").trim();
  let page = 1;
  if (rawPage !== "") {
    const n = /^\d{1,12}$/.test(rawPage) ? Number(rawPage) : Number.NaN;
    if (Number.isInteger(n) && n >= 1 && n <= MAX_PAGE) page = n;
    else problems.push(`“${clip(rawPage)}” is not a page number, so the first page is shown.`);
  }
  return { filter: { status, q }, page, problems, badStatus };
}

export function pageCount(total: number, pageSize = INBOX_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The query string for a filter and page, leaving out defaults (`?` included, or "" for none),
 * so the plain inbox is `/admin/leads` and links stay short.
 */
export function inboxSearch(filter: LeadFilter, page = 1): string {
  const params = new URLSearchParams();
  if (filter.status !== "open") params.set("status", filter.status);
  if (filter.q) params.set("q", filter.q);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

function clip(value: string): string {
  return value.length > 40 ? `${value.slice(0, 40)}…` : value;
}
