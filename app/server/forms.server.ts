/**
 * Reading a posted form, the one way every action does it: a clear 415 for a body that is not
 * an accepted kind of form, 413 past a size limit (whatever Content-Length claimed), 400 when it
 * cannot be read; then text fields as strings. Also what admin actions answer when a form's
 * request cannot be done: the message as data the page shows next to the form it is about.
 */
import { data } from "react-router";
import type { AdminActionError } from "#app/schemas/admin-action.ts";

export { isUuid } from "#app/server/ids.server.ts";

type FormMediaType = "application/x-www-form-urlencoded" | "multipart/form-data";

interface ReadFormOptions {
  /** Accepted media types; any other gets 415. Unset: whatever the platform can read as a form. */
  types?: readonly FormMediaType[];
  /** Largest body, in bytes, counted as it arrives; a larger one gets 413. */
  maxBytes?: number;
  /** The sentences a person sees for each refusal. */
  messages?: { unsupported?: string; tooLarge?: string; unreadable?: string };
}

const DEFAULT_MESSAGES = {
  unsupported: "Please use the forms on this site: this kind of request is not accepted.",
  tooLarge: "This form is too large to be accepted.",
  unreadable: "We could not read the form. Please go back and try again.",
};

/** The request's media type, lower-cased, without parameters ("" when none was sent). */
function mediaTypeOf(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/**
 * What the headers alone tell: 415 for a type not accepted, 413 for a Content-Length over the
 * limit. `readForm` starts with it; an action may call it first, to refuse before other work.
 */
export function checkFormHeaders(request: Request, options: ReadFormOptions = {}): void {
  const messages = { ...DEFAULT_MESSAGES, ...options.messages };
  if (options.types && !(options.types as readonly string[]).includes(mediaTypeOf(request))) {
    throw data(messages.unsupported, { status: 415 });
  }
  if (options.maxBytes !== undefined && Number(request.headers.get("content-length") ?? "0") > options.maxBytes) {
    throw data(messages.tooLarge, { status: 413 });
  }
}

/** Reads a posted form, or throws the 4xx Response that says why it cannot. */
export async function readForm(request: Request, options: ReadFormOptions = {}): Promise<FormData> {
  const messages = { ...DEFAULT_MESSAGES, ...options.messages };
  checkFormHeaders(request, options);
  const { maxBytes } = options;
  if (maxBytes === undefined) {
    try {
      return await request.formData();
    } catch {
      throw data(messages.unreadable, { status: 400 });
    }
  }
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = await readLimitedBody(request, maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw data(messages.tooLarge, { status: 413 });
    throw data(messages.unreadable, { status: 400 });
  }
  try {
    const type = request.headers.get("content-type") ?? "application/x-www-form-urlencoded";
    return await new Response(body, { headers: { "content-type": type } }).formData();
  } catch {
    throw data(messages.unreadable, { status: 400 });
  }
}

/** A text field's value; `undefined` when it is missing or a file. */
export function formText(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
}

class BodyTooLargeError extends Error {}

/** Reads a request body, failing once it passes `limit` bytes (whatever Content-Length said). */
async function readLimitedBody(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

// --- Admin actions ------------------------------------------------------------------------------

/** Reads a form posted from an admin page; 415 when it is not one, 400 when it cannot be read. */
export function readAdminForm(request: Request): Promise<FormData> {
  return readForm(request, {
    types: ["application/x-www-form-urlencoded", "multipart/form-data"],
    messages: {
      unsupported: "Please use the forms on the admin pages: this kind of request is not accepted.",
      unreadable: "We could not read the form. Please try again.",
    },
  });
}

/** An action's refusal: the page is rendered again with the message, and the status says why. */
export function actionError(
  status: 400 | 403 | 404 | 409 | 422 | 503,
  error: string,
  intent: string | null | undefined,
  values?: Record<string, string>,
) {
  return data<AdminActionError>({ error, intent: intent ?? null, ...(values ? { values } : {}) }, { status });
}

/** The message for an `intent` the page does not have. */
export function unknownIntentMessage(intent: string | null | undefined, known: readonly string[]): string {
  if (intent == null || intent.trim() === "") return "The form did not say what to do. Please use the buttons on this page.";
  const shown = intent.length > 40 ? `${intent.slice(0, 40)}…` : intent;
  return `“${shown}” is not something this page can do. It can: ${known.join(", ")}.`;
}

/** Length as the browser's maxlength counts it: a CR LF pair is one character. */
export function textLength(text: string): number {
  return text.replace(/\r\n/g, "\n").length;
}
