import { IntentForm } from "./intent-form";
import type { AdminActionError } from "~/schemas/admin-action";

/** One internal note (made by `server/leads/desk.server.ts`). */
export interface LeadNoteView {
  id: string;
  author: string;
  body: string;
  created: string;
  createdIso: string;
}

/** A request's internal notes, oldest first, and the form to add one (intent `note`). */
export function LeadNotes({
  action,
  notes,
  maxLength,
  actionData,
}: {
  action: string;
  notes: readonly LeadNoteView[];
  /** Longest note, in characters. */
  maxLength: number;
  actionData: AdminActionError | undefined;
}) {
  const noteError = actionData?.intent === "note" ? actionData.error : null;
  return (
    <section className="admin-section" aria-labelledby="lead-notes">
      <h2 id="lead-notes">Internal notes</h2>
      <p className="admin-help">Only admins see these; the homeowner never does.</p>
      {notes.length === 0 ? (
        <p className="admin-muted">No notes yet.</p>
      ) : (
        <ol className="admin-list admin-notes">
          {notes.map((note) => (
            <li key={note.id} className="admin-card">
              <p className="admin-card__meta">
                {note.author}, <time dateTime={note.createdIso}>{note.created}</time>
              </p>
              <p className="admin-message">{note.body}</p>
            </li>
          ))}
        </ol>
      )}
      {/* Keyed by the number of notes: after a note is added the form starts empty again. */}
      <IntentForm intent="note" action={action} className="admin-stack-form" key={`notes-${notes.length}`}>
        <div className="admin-field">
          <label htmlFor="note-body">Add a note</label>
          <textarea
            id="note-body"
            name="body"
            rows={4}
            required
            maxLength={maxLength}
            defaultValue={actionData?.intent === "note" ? (actionData.values?.body ?? "") : ""}
            aria-invalid={noteError ? true : undefined}
            aria-describedby={noteError ? "note-error note-help" : "note-help"}
          />
          <p className="admin-help" id="note-help">
            At most {maxLength.toLocaleString("en-US")} characters.
          </p>
          {noteError ? (
            <p className="admin-field__error" id="note-error" role="alert">
              {noteError}
            </p>
          ) : null}
        </div>
        <button type="submit" className="admin-button">
          Add note
        </button>
      </IntentForm>
    </section>
  );
}
