import { useRef } from "react";
import { useFetcher } from "react-router";
import { resultFor, type AdminActionResult } from "#app/schemas/admin-action.ts";
import { ActionDone, useKeepFocus } from "#app/components/admin/in-place-form.tsx";

/** One internal note (made by `server/leads/desk.server.ts`). */
interface LeadNoteView {
  id: string;
  author: string;
  body: string;
  created: string;
  createdIso: string;
}

/**
 * A request's internal notes, oldest first, and the form to add one (intent `note`). A fetcher
 * form: once the note is added the text box empties and focus stays on the button; a refused
 * note keeps its text and focus goes to the text box. Without JavaScript it is a plain post
 * (ADR 031).
 */
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
  actionData: AdminActionResult | undefined;
}) {
  const fetcher = useFetcher<AdminActionResult>();
  const result = resultFor("note", fetcher.data, actionData);
  const form = useRef<HTMLFormElement>(null);
  const body = useRef<HTMLTextAreaElement>(null);
  const onSubmit = useKeepFocus(fetcher, {
    onRefused: () => body.current,
    fallback: () => body.current,
    onDone: () => form.current?.reset(),
  });
  const noteError = result && "error" in result ? result.error : null;
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
      <fetcher.Form method="post" action={action} className="admin-stack-form" ref={form} onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="note" />
        <div className="admin-field">
          <label htmlFor="note-body">Add a note</label>
          <textarea
            id="note-body"
            name="body"
            ref={body}
            rows={4}
            required
            maxLength={maxLength}
            // A refused plain post puts the text back; a fetcher's refusal never replaced it.
            defaultValue={actionData?.intent === "note" && "error" in actionData ? (actionData.values?.body ?? "") : ""}
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
        <button type="submit" className="admin-button" id="note-add">
          Add note
        </button>
      </fetcher.Form>
      <ActionDone result={result} />
    </section>
  );
}
