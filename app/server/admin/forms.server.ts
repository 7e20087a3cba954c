/**
 * What every admin action does with its form: read it (a clear 4xx for anything that is not a
 * form), take its `intent`, and answer a problem as data the page can show, with a 4xx status.
 */
import { data } from "react-router";
import { readFormData } from "../form-data.server.ts";

/** What an admin page shows after an action that did not go through. */
export interface AdminActionError {
  error: string;
  /** The intent the message is about, so the page can show it next to the right form. */
  intent: string | null;
  /** What the admin typed, to put back (no-JavaScript posts). */
  values?: Record<string, string>;
}

export const ADMIN_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `id` has the shape of the ids this app makes (so no lookup is wasted on junk). */
export function isUuid(id: string | undefined | null): id is string {
  return typeof id === "string" && ADMIN_UUID.test(id);
}

/** Reads a posted form; 415 when it is not one, 400 when it cannot be read. */
export async function readAdminForm(request: Request): Promise<FormData> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") {
    throw data("Please use the forms on the admin pages: this kind of request is not accepted.", { status: 415 });
  }
  return readFormData(request, "We could not read the form. Please try again.");
}

/** A text field's value, or null when it is missing or a file. */
export function formText(form: FormData, name: string): string | null {
  const value = form.get(name);
  return typeof value === "string" ? value : null;
}

/** An action's refusal: the page is rendered again with the message, and the status says why. */
export function actionError(
  status: 400 | 404 | 409 | 422,
  error: string,
  intent: string | null,
  values?: Record<string, string>,
) {
  return data<AdminActionError>({ error, intent, ...(values ? { values } : {}) }, { status });
}

/** The message for an `intent` the page does not have. */
export function unknownIntentMessage(intent: string | null, known: readonly string[]): string {
  if (intent === null || intent.trim() === "") return "The form did not say what to do. Please use the buttons on this page.";
  const shown = intent.length > 40 ? `${intent.slice(0, 40)}…` : intent;
  return `“${shown}” is not something this page can do. It can: ${known.join(", ")}.`;
}

/** Length as the browser's maxlength counts it: a CR LF pair is one character. */
export function textLength(text: string): number {
  return text.replace(/\r\n/g, "\n").length;
}
