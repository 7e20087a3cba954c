/**
 * The lead desk: what the admin pages do with estimate requests. The dashboard's numbers, the
 * inbox (one page of a filter, with the count of each status), one request with its notes,
 * account and emails, changing its status, adding a note, deleting it, and the CSV export.
 *
 * Routes keep the HTTP (guards, forms, redirects, statuses): these take the services they need
 * and return what the pages show, or an outcome the route turns into its answer. A refusal
 * carries the sentence the admin reads.
 */
import type { Kysely } from "kysely";
import type { AppServices } from "../context.server.ts";
import type { DB } from "../db/schema.server.ts";
import { cleanMultiLineText } from "../../schemas/text.ts";
import { isUuid, textLength } from "../forms.server.ts";
import {
  countLeadSources,
  countLeadsByStatus,
  countWaitingLeads,
  deleteLead,
  getLead,
  listLeads,
  listLeadsForExport,
  updateLeadStatus,
  type Lead,
  type LeadFilter,
} from "../repos/leads.server.ts";
import { LEAD_NOTE_MAX_LENGTH, createLeadNote, listLeadNotes, listNotesOfLeads, type LeadNoteWithAuthor } from "../repos/lead-notes.server.ts";
import { getUserById } from "../repos/users.server.ts";
import { countLeadPhotos, listLeadPhotos } from "../repos/lead-photos.server.ts";
import { listScheduledVisitStarts } from "../repos/visits.server.ts";
import { contactLinks, leadWaiting, telHref } from "../../schemas/contact-links.ts";
import { deleteLeadPhotoFiles } from "./job-photos.server.ts";
import { listLeadEmails } from "../mail/jobs.server.ts";
import { isoInTimeZone, type SiteClock } from "../time.server.ts";
import { CSV_BOM, csvRow } from "./csv.server.ts";
import { INBOX_PAGE_SIZE, SEARCH_MAX_LENGTH, pageCount, parseInboxQuery } from "./inbox.server.ts";
import { isLeadStatus, leadStatusLabels, leadStatuses } from "../../schemas/lead.ts";
import { countBySource, leadSourceLabel, type SourceCount } from "../../schemas/lead-source.ts";
import { contactMethodLabels, type ContactMethod } from "../../schemas/estimate-rules.ts";

type Db = Kysely<DB>;
type DeskServices = Pick<AppServices, "database" | "logger">;

/** What the admin asked for could not be done; `error` says why, in words for them. */
export interface Refused {
  outcome: "refused";
  error: string;
}

// --- The admin navigation -----------------------------------------------------------------------

/** The count the admin navigation shows next to "Estimate requests": requests new or needing review. */
export function countNewRequests({ db }: { db: Db }): Promise<number> {
  return countWaitingLeads({ db });
}

// --- The dashboard ------------------------------------------------------------------------------

/** How many requests have each status, and the newest `latest` of those still new. */
export async function getLeadNumbers({ db, clock, latest }: { db: Db; clock: SiteClock; latest: number }) {
  const [counts, newest] = await Promise.all([
    countLeadsByStatus({ db }),
    listLeads({ db, filter: { status: "new" }, limit: latest }),
  ]);
  return {
    counts,
    newCount: counts.new,
    latestNew: newest.leads.map((lead) => ({
      id: lead.id,
      name: lead.from_name,
      subject: lead.subject,
      received: clock.formatTime(lead.created_at),
      receivedIso: lead.created_at,
    })),
  };
}

const SOURCE_DAYS = 30;
/** Distinct (utm_source, utm_medium, referrer) groups read for the counts; see countLeadSources. */
const SOURCE_GROUPS_READ = 2000;

/**
 * "Requests by source, last 30 days": the requests that are not spam, counted by where the visit
 * came from (schemas/lead-source.ts). `siteHost`: the site's own host, whose referrers are no
 * outside source.
 */
export async function getLeadSources({
  db,
  siteHost,
  now = new Date(),
}: {
  db: Db;
  siteHost: string | null;
  now?: Date;
}): Promise<{ days: number; sources: SourceCount[]; total: number }> {
  const since = new Date(now.getTime() - SOURCE_DAYS * 24 * 3600 * 1000);
  const groups = await countLeadSources({ db, since, limit: SOURCE_GROUPS_READ });
  const sources = countBySource(groups, siteHost);
  return { days: SOURCE_DAYS, sources, total: sources.reduce((sum, source) => sum + source.count, 0) };
}

/** The host name of the site's public address, for the source labels. */
export function siteHostOf(publicUrl: string): string | null {
  try {
    return new URL(publicUrl).hostname;
  } catch {
    return null;
  }
}

/** Inside, outside or unknown, in the words the admin pages use. */
export function serviceAreaLabel(inServiceArea: number | null): { short: string; long: string } | null {
  if (inServiceArea === null) return null;
  return inServiceArea
    ? { short: "in area", long: "in your service area" }
    : { short: "outside area", long: "outside your service area" };
}

function contactMethodLabel(method: string | null): string | null {
  if (method === null) return null;
  return Object.hasOwn(contactMethodLabels, method) ? contactMethodLabels[method as ContactMethod] : method;
}

// --- The inbox ----------------------------------------------------------------------------------

const SNIPPET_LENGTH = 160;

/**
 * One page of the inbox for its query string (see inbox.server.ts): a page past the end shows
 * the last one and says so; each request comes with the start of its message, and the status
 * filter's options with how many requests each has.
 */
export async function getInbox({
  db,
  clock,
  params,
  siteHost = null,
  businessName,
  now = new Date(),
}: {
  db: Db;
  clock: SiteClock;
  params: URLSearchParams;
  /** The site's own host: a referrer there is no outside source. */
  siteHost?: string | null;
  /** The business's name, as the text message's greeting signs it. */
  businessName: string;
  /** The time the waits are counted to. */
  now?: Date;
}) {
  const query = parseInboxQuery(params);
  const { filter } = query;
  const notices = [...query.problems];

  let page = query.page;
  let result = await listLeads({ db, filter, limit: INBOX_PAGE_SIZE, offset: (page - 1) * INBOX_PAGE_SIZE });
  const pages = pageCount(result.total);
  if (page > pages) {
    // A page past the end (the list got shorter, or a hand-made link): show the last one.
    notices.push(`There ${pages === 1 ? "is only 1 page" : `are only ${pages} pages`}, so the last one is shown.`);
    page = pages;
    result = await listLeads({ db, filter, limit: INBOX_PAGE_SIZE, offset: (page - 1) * INBOX_PAGE_SIZE });
  }
  const [counts, photoCounts] = await Promise.all([
    countLeadsByStatus({ db }),
    countLeadPhotos({ db, leadIds: result.leads.map((lead) => lead.id) }),
  ]);
  const openCount = leadStatuses.filter((s) => s !== "spam").reduce((sum, s) => sum + counts[s], 0);
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);

  return {
    notices,
    filter,
    page,
    pages,
    total: result.total,
    pageSize: INBOX_PAGE_SIZE,
    searchMaxLength: SEARCH_MAX_LENGTH,
    statusOptions: [
      { value: "open", label: `All open (${openCount})` },
      ...leadStatuses.map((status) => ({ value: status, label: `${leadStatusLabels[status]} (${counts[status]})` })),
      { value: "all", label: `Everything, spam included (${total})` },
    ],
    leads: result.leads.map((lead) => ({
      id: lead.id,
      name: lead.from_name,
      email: lead.email,
      phone: lead.phone,
      subject: lead.subject,
      snippet: lead.message.length > SNIPPET_LENGTH ? `${lead.message.slice(0, SNIPPET_LENGTH).trimEnd()}…` : lead.message,
      status: lead.status,
      received: clock.formatTime(lead.created_at),
      receivedIso: lead.created_at,
      zip: lead.zip,
      serviceArea: serviceAreaLabel(lead.in_service_area)?.short ?? null,
      sourceLabel: leadSourceLabel(lead, siteHost),
      photoCount: photoCounts.get(lead.id) ?? 0,
      waiting: leadWaiting({ status: lead.status, createdAt: lead.created_at, now }),
      links: contactLinks(contactFields(lead, businessName)),
    })),
  };
}

// --- One request --------------------------------------------------------------------------------

/** The request an admin address names, or null (a malformed id is not looked up). */
export async function getDeskLead({ db, leadId }: { db: Db; leadId: string | undefined }): Promise<Lead | null> {
  return isUuid(leadId) ? getLead({ db, id: leadId }) : null;
}

/** `tel:` with digits, as the request's page and the tests build it. */
export { telHref };

/** What the one-tap links are built from. */
function contactFields(lead: Lead, businessName: string) {
  return {
    name: lead.from_name,
    email: lead.email,
    phone: lead.phone,
    subject: lead.subject,
    zip: lead.zip,
    streetAddress: lead.street_address,
    businessName,
  };
}

/** A request's page: the request, the account that sent it, its emails and its notes; null when there is no such request. */
export async function getLeadPage({
  db,
  clock,
  leadId,
  siteHost = null,
  businessName,
  now = new Date(),
}: {
  db: Db;
  clock: SiteClock;
  leadId: string | undefined;
  siteHost?: string | null;
  /** The business's name, as the text message's greeting signs it. */
  businessName: string;
  /** The time the wait is counted to. */
  now?: Date;
}) {
  const lead = await getDeskLead({ db, leadId });
  if (!lead) return null;
  const [jobs, notes, account] = await Promise.all([
    listLeadEmails({ db, clock, leadId: lead.id }),
    listLeadNotes({ db, leadId: lead.id }),
    lead.user_id ? getUserById({ db, id: lead.user_id }) : Promise.resolve(null),
  ]);
  return {
    lead: {
      id: lead.id,
      name: lead.from_name,
      email: lead.email,
      phone: lead.phone,
      telHref: telHref(lead.phone),
      subject: lead.subject,
      message: lead.message,
      source: lead.source,
      received: clock.formatLongTime(lead.created_at),
      receivedIso: lead.created_at,
      status: lead.status,
      spamReason: lead.spam_reason,
      reviewReason: lead.review_reason,
      userAgent: lead.user_agent,
      hadAccount: lead.user_id !== null,
      zip: lead.zip,
      serviceArea: serviceAreaLabel(lead.in_service_area)?.long ?? null,
      streetAddress: lead.street_address,
      contactMethod: contactMethodLabel(lead.contact_method),
      bestTime: lead.best_time,
      sourceLabel: leadSourceLabel(lead, siteHost),
      landingPage: lead.landing_page,
      referrer: lead.referrer,
      utmSource: lead.utm_source,
      utmMedium: lead.utm_medium,
      utmCampaign: lead.utm_campaign,
    },
    links: contactLinks(contactFields(lead, businessName)),
    waiting: leadWaiting({ status: lead.status, createdAt: lead.created_at, now }),
    account: account ? { name: account.name, email: account.email } : null,
    jobs,
    notes: notes.map((note) => ({
      id: note.id,
      author: note.author_name ?? "A deleted account",
      body: note.body,
      created: clock.formatTime(note.created_at),
      createdIso: note.created_at,
    })),
    noteMaxLength: LEAD_NOTE_MAX_LENGTH,
  };
}

/** Moves a request to `status` (as posted), and logs who did. */
export async function changeLeadStatus({
  services,
  lead,
  status,
  adminId,
}: {
  services: DeskServices;
  lead: Lead;
  status: string | undefined;
  adminId: string;
}): Promise<{ outcome: "changed"; message: string } | Refused> {
  if (!isLeadStatus(status)) {
    return {
      outcome: "refused",
      error: `Choose one of these statuses: ${leadStatuses.map((s) => leadStatusLabels[s]).join(", ")}.`,
    };
  }
  await updateLeadStatus({ db: services.database.db, id: lead.id, status });
  services.logger.info("lead status changed", { leadId: lead.id, from: lead.status, to: status, adminId });
  const message =
    lead.status === status
      ? `The status stays ${leadStatusLabels[status]}.`
      : `Status changed from ${leadStatusLabels[lead.status]} to ${leadStatusLabels[status]}.`;
  return { outcome: "changed", message };
}

/**
 * A note's text as posted, checked: line endings made LF, control characters removed and the ends trimmed; not empty, and at
 * most LEAD_NOTE_MAX_LENGTH characters. A refusal keeps the text to put back in the form (a very
 * long one cut short).
 */
export function checkLeadNote(text: string): { outcome: "ok"; body: string } | (Refused & { text: string }) {
  const body = cleanMultiLineText(text).trim();
  if (body === "") return { outcome: "refused", error: "Write something in the note before adding it.", text };
  const length = textLength(body);
  if (length > LEAD_NOTE_MAX_LENGTH) {
    return {
      outcome: "refused",
      error: `A note can be at most ${LEAD_NOTE_MAX_LENGTH.toLocaleString("en-US")} characters; this one has ${length.toLocaleString("en-US")}. Shorten it, or split it into two notes.`,
      text: text.slice(0, LEAD_NOTE_MAX_LENGTH * 2),
    };
  }
  return { outcome: "ok", body };
}

/** Adds an admin's note to a request; "lead-gone" when the request was deleted meanwhile. */
export async function addLeadNote({
  services,
  leadId,
  authorId,
  text,
}: {
  services: Pick<AppServices, "database">;
  leadId: string;
  authorId: string;
  text: string;
}): Promise<{ outcome: "added" | "lead-gone" } | (Refused & { text: string })> {
  const note = checkLeadNote(text);
  if (note.outcome === "refused") return note;
  const { db, dialect } = services.database;
  const added = await createLeadNote({ db, dialect, leadId, authorId, body: note.body });
  return { outcome: added ? "added" : "lead-gone" };
}

/** Deletes a request with its notes and emails, and logs who did. */
export async function removeLead({
  services,
  lead,
  adminId,
}: {
  services: DeskServices & Pick<AppServices, "blobStore">;
  lead: Lead;
  adminId: string;
}) {
  // The photos' rows go with the lead (ON DELETE CASCADE); their files right after. Should a
  // file delete fail, housekeeping removes files no row points at (job-photos.server.ts).
  const photos = await listLeadPhotos({ db: services.database.db, leadId: lead.id });
  await deleteLead({ db: services.database.db, id: lead.id });
  await deleteLeadPhotoFiles({ blobStore: services.blobStore, photoIds: photos.map((p) => p.id), logger: services.logger });
  services.logger.info("lead deleted", { leadId: lead.id, adminId, photos: photos.length });
}

// --- The CSV export -----------------------------------------------------------------------------

const EXPORT_BATCH = 500;

// New columns go at the end, so a spreadsheet built on the older export keeps its columns.
const exportHeader = [
  "id",
  "received",
  "name",
  "email",
  "phone",
  "subject",
  "message",
  "status",
  "spam reason",
  "source",
  "zip",
  "in service area",
  "street address",
  "contact method",
  "best time",
  "landing page",
  "referrer",
  "utm source",
  "utm medium",
  "utm campaign",
  "notes",
  "photos",
  "scheduled visit",
];

/** "yes", "no", or empty when unknown (no ZIP given, or no service area listed). */
function yesNo(flag: number | null): string {
  return flag === null ? "" : flag ? "yes" : "no";
}

/**
 * Every note of a lead in one cell, oldest first, each starting with its local time and author:
 * "2026-11-24T21:47:00-06:00 Ana: Called back, visit Friday", a blank line between notes.
 */
type ExportNote = Pick<LeadNoteWithAuthor, "created_at" | "author_name" | "body">;

export function notesCell(notes: readonly ExportNote[], timeZone: string): string {
  return notes
    .map((note) => `${isoInTimeZone(note.created_at, timeZone)} ${note.author_name ?? "(deleted account)"}: ${note.body}`)
    .join("\n\n");
}

export interface ExportExtras {
  notes: readonly ExportNote[];
  photoCount: number;
  /** The start of the request's scheduled visit (UTC), if it has one. */
  visitStartsAt?: string | null;
}

/** One lead's cells, in the header's order; times in `timeZone` with their offset. */
export function exportCells(lead: Lead, extras: ExportExtras, timeZone: string): (string | number)[] {
  return [
    lead.id,
    isoInTimeZone(lead.created_at, timeZone),
    lead.from_name,
    lead.email,
    lead.phone,
    lead.subject,
    lead.message,
    lead.status,
    lead.spam_reason ?? "",
    lead.source,
    lead.zip ?? "",
    yesNo(lead.in_service_area),
    lead.street_address ?? "",
    lead.contact_method ?? "",
    lead.best_time ?? "",
    lead.landing_page ?? "",
    lead.referrer ?? "",
    lead.utm_source ?? "",
    lead.utm_medium ?? "",
    lead.utm_campaign ?? "",
    notesCell(extras.notes, timeZone),
    extras.photoCount,
    extras.visitStartsAt ? isoInTimeZone(extras.visitStartsAt, timeZone) : "",
  ];
}

/**
 * Every request matching `filter`, newest first, as CSV for a spreadsheet: the byte order mark
 * and header, then the rows of one keyset batch at a time, read only as the previous chunk is
 * taken, so a long history is never held in memory at once. Logs the export when it ends, or
 * why it failed.
 */
export async function* exportLeadsCsv({
  services,
  filter,
  timeZone,
}: {
  services: DeskServices;
  filter: Required<LeadFilter>;
  /** SITE_TIMEZONE: the zone the times are written in. */
  timeZone: string;
}): AsyncGenerator<string, void, undefined> {
  const { database, logger } = services;
  yield CSV_BOM + csvRow(exportHeader);
  let after: { created_at: string; id: string } | undefined;
  let rows = 0;
  try {
    for (;;) {
      const batch = await listLeadsForExport({ db: database.db, filter, after, limit: EXPORT_BATCH });
      if (batch.length > 0) {
        // Two queries per batch, not two per lead.
        const ids = batch.map((lead) => lead.id);
        const [notes, photos, visits] = await Promise.all([
          listNotesOfLeads({ db: database.db, leadIds: ids }),
          countLeadPhotos({ db: database.db, leadIds: ids }),
          listScheduledVisitStarts({ db: database.db, leadIds: ids }),
        ]);
        yield batch
          .map((lead) =>
            csvRow(
              exportCells(
                lead,
                { notes: notes.get(lead.id) ?? [], photoCount: photos.get(lead.id) ?? 0, visitStartsAt: visits.get(lead.id) ?? null },
                timeZone,
              ),
            ),
          )
          .join("");
      }
      rows += batch.length;
      const last = batch.at(-1);
      if (batch.length < EXPORT_BATCH || !last) {
        logger.info("leads exported", { rows, status: filter.status, search: filter.q !== "" });
        return;
      }
      after = { created_at: last.created_at, id: last.id };
    }
  } catch (error) {
    logger.error("lead export failed", { error: String(error), rows });
    throw error;
  }
}
