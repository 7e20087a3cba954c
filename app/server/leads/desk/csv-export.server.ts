/**
 * The CSV export of the inbox (ADR 008, 030): every request matching a filter, times in
 * SITE_TIMEZONE with their offset, read in keyset batches so a long history is never held in
 * memory at once.
 */
import type { BackendBase } from "#app/server/backend-base.server.ts";
import type { Lead } from "#app/server/repos/leads.server.ts";
import { listLeadsForExport, type LeadFilter } from "#app/server/repos/lead-search.server.ts";
import { listNotesOfLeads, type LeadNoteWithAuthor } from "#app/server/repos/lead-notes.server.ts";
import { countLeadPhotos } from "#app/server/repos/lead-photos.server.ts";
import { listScheduledVisitStarts } from "#app/server/repos/visits.server.ts";
import { isoInTimeZone } from "#app/server/time.server.ts";
import { CSV_BOM, csvRow } from "#app/server/leads/csv.server.ts";

type DeskDeps = Pick<BackendBase, "database" | "logger">;

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
  "language",
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

interface ExportExtras {
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
    // The homeowner's language, the page's they sent it from (ADR 064).
    lead.locale === "es" ? "Spanish" : "English",
  ];
}

/**
 * Every request matching `filter`, newest first, as CSV for a spreadsheet: the byte order mark
 * and header, then the rows of one keyset batch at a time, read only as the previous chunk is
 * taken, so a long history is never held in memory at once. Logs the export when it ends, or
 * why it failed.
 */
export async function* exportLeadsCsv({
  backend,
  filter,
  timeZone,
}: {
  backend: DeskDeps;
  filter: Required<LeadFilter>;
  /** SITE_TIMEZONE: the zone the times are written in. */
  timeZone: string;
}): AsyncGenerator<string, void, undefined> {
  const { database, logger } = backend;
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
                {
                  notes: notes.get(lead.id) ?? [],
                  photoCount: photos.get(lead.id) ?? 0,
                  visitStartsAt: visits.get(lead.id) ?? null,
                },
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
