/**
 * What an admin changes on a request: its status, a note, or the request itself deleted. Each
 * returns an outcome the route turns into its answer; a refusal carries the sentence the admin
 * reads.
 */
import { countLeadSignedQuotes } from "#app/server/repos/quote-signatures.server.ts";
import type { BackendBase } from "#app/server/backend-base.server.ts";
import { cleanMultiLineText } from "#app/schemas/text.ts";
import { textLength } from "#app/server/forms.server.ts";
import { deleteLead, updateLeadStatus, type Lead } from "#app/server/repos/leads.server.ts";
import { LEAD_NOTE_MAX_LENGTH, createLeadNote } from "#app/server/repos/lead-notes.server.ts";
import { listLeadPhotos } from "#app/server/repos/lead-photos.server.ts";
import { deleteLeadPhotoFiles } from "#app/server/leads/job-photos/files.server.ts";
import { isLeadStatus, leadStatusLabels, leadStatuses } from "#app/schemas/lead.ts";
import type { Refused } from "#app/server/leads/desk/labels.server.ts";
import type { ReviewDeps } from "#app/server/reviews/deps.server.ts";
import { jobEndMessage, moveAroundJobEnd, touchesJobEnd } from "#app/server/reviews/job-end.server.ts";

type DeskDeps = Pick<BackendBase, "database" | "logger">;

/**
 * Moves a request to `status` (as posted), and logs who did. Into or out of "Job done" (the
 * one-tap button and the list alike), the review request moves with it (reviews/job-end.server.ts).
 */
export async function changeLeadStatus({
  backend,
  lead,
  status,
  adminId,
}: {
  backend: ReviewDeps;
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
  if (touchesJobEnd(lead.status, status)) {
    const outcome = await moveAroundJobEnd(backend, { lead, to: status, adminId });
    return { outcome: "changed", message: jobEndMessage(lead.status, status, outcome) };
  }
  // Moved on from waiting (not to spam), the request counts as answered now (issue 29).
  await updateLeadStatus({ db: backend.database.db, id: lead.id, status, now: backend.clock.now() });
  backend.logger.info("lead status changed", { leadId: lead.id, from: lead.status, to: status, adminId });
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
  backend,
  leadId,
  authorId,
  text,
}: {
  backend: Pick<BackendBase, "database">;
  leadId: string;
  authorId: string;
  text: string;
}): Promise<{ outcome: "added" | "lead-gone" } | (Refused & { text: string })> {
  const note = checkLeadNote(text);
  if (note.outcome === "refused") return note;
  const { db, dialect } = backend.database;
  const added = await createLeadNote({ db, dialect, leadId, authorId, body: note.body });
  return { outcome: added ? "added" : "lead-gone" };
}

/**
 * Deletes a request with its notes, emails and unsigned quotes, and logs who did. A request with a
 * signed quote is kept (ADR 066): a signed contract is a record both sides may need later.
 */
export async function removeLead({
  backend,
  lead,
  adminId,
}: {
  backend: DeskDeps & Pick<BackendBase, "blobStore">;
  lead: Lead;
  adminId: string;
}) {
  const signed = await countLeadSignedQuotes({ db: backend.database.db, leadId: lead.id });
  if (signed > 0) {
    return {
      outcome: "refused" as const,
      error: "This request has a signed quote, so it is kept with its signed document. Mark it Won or Lost instead. Nothing was deleted.",
    };
  }
  // The photos' rows go with the lead (ON DELETE CASCADE); their files right after. Should a
  // file delete fail, housekeeping removes files no row points at (job-photos.server.ts).
  const photos = await listLeadPhotos({ db: backend.database.db, leadId: lead.id });
  await deleteLead({ db: backend.database.db, id: lead.id });
  await deleteLeadPhotoFiles({
    blobStore: backend.blobStore,
    photoIds: photos.map((p) => p.id),
    logger: backend.logger,
  });
  backend.logger.info("lead deleted", { leadId: lead.id, adminId, photos: photos.length });
  return { outcome: "deleted" as const };
}
