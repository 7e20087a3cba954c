/** What an admin page shows after an action that did not go through (read by the pages, made by `server/forms.server.ts`). */
export interface AdminActionError {
  error: string;
  /** The intent the message is about, so the page can show it next to the right form. */
  intent: string | null;
  /** What the admin typed, to put back (no-JavaScript posts). */
  values?: Record<string, string>;
}

/**
 * What a lead-page action answers when it did what was asked (ADR 031): data, not a redirect, so
 * a fetcher form updates the page in place; `message` is the sentence the status regions show.
 */
interface AdminActionDone {
  intent: string;
  ok: true;
  message: string;
}

/** Either answer of an admin action that returns data. */
export type AdminActionResult = AdminActionDone | AdminActionError;

/** An action's answer that says it worked, with the sentence to show. */
export function isActionDone(value: unknown): value is AdminActionDone {
  if (typeof value !== "object" || value === null) return false;
  const { ok, message } = value as { ok?: unknown; message?: unknown };
  return ok === true && typeof message === "string" && message !== "";
}

/** An action's refusal (see `actionError` in server/forms.server.ts). */
export function isActionRefused(value: unknown): value is AdminActionError {
  return typeof value === "object" && value !== null && typeof (value as { error?: unknown }).error === "string";
}

/**
 * The answer a form of `intent` shows: its fetcher's latest (with JavaScript), else the page's
 * action data when that was this form's plain post (without JavaScript).
 */
export function resultFor(intent: string, fetcherData: unknown, actionData: unknown): AdminActionResult | undefined {
  for (const value of [fetcherData, actionData]) {
    if ((isActionDone(value) || isActionRefused(value)) && value.intent === intent) return value;
  }
  return undefined;
}
