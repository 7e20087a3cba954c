/** What an admin page shows after an action that did not go through (read by the pages, made by `server/forms.server.ts`). */
export interface AdminActionError {
  error: string;
  /** The intent the message is about, so the page can show it next to the right form. */
  intent: string | null;
  /** What the admin typed, to put back (no-JavaScript posts). */
  values?: Record<string, string>;
}
