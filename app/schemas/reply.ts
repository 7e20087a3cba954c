/**
 * Replies written on a request's page, and the saved templates they can start from: the limits,
 * the placeholders a template may use and how they are filled, and the form schemas the browser
 * (HTML attributes) and the server (the actions) share. See docs/decisions/032-reply-from-the-lead.md.
 */
import { z } from "zod";
import { cleanMultiLineText, cleanSingleLineText } from "#app/schemas/text.ts";

export const replyLimits = {
  /** A subject goes into a header: one line, short enough for any mail client. */
  subject: { max: 200 },
  body: { max: 5000 },
  /** A template's name, as the picker lists it. */
  name: { max: 80 },
  /** How many templates the site keeps. */
  templates: { max: 50 },
} as const;

export const replyPlaceholders = ["first_name", "service", "business_name", "business_phone"] as const;
type ReplyPlaceholder = (typeof replyPlaceholders)[number];

/** What each placeholder becomes, in the words the template editor shows next to it. */
export const replyPlaceholderHelp: Record<ReplyPlaceholder, string> = {
  first_name: "the homeowner's first name (the first word of the name they gave)",
  service: "the service they asked about (the request's subject)",
  business_name: "your business's name",
  business_phone: "your business's phone number",
};

export type PlaceholderValues = Record<ReplyPlaceholder, string>;

/** `{word}`: what looks like a placeholder. Braces around anything else are kept as typed. */
const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

function isReplyPlaceholder(name: string): name is ReplyPlaceholder {
  return (replyPlaceholders as readonly string[]).includes(name);
}

/** The placeholders in `text` that this site does not know, each once, in order (`{first name}` is plain text). */
export function unknownPlaceholders(text: string): string[] {
  const unknown = [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((name) => !isReplyPlaceholder(name));
  return [...new Set(unknown)];
}

/** Every known placeholder in `text` replaced by its value; anything else is left as it is. */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (isReplyPlaceholder(name) ? values[name] : whole));
}

/** "Maria" from "Maria Gonzalez"; "there" (as in "Hi there,") when no name was given. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] || "there";
}

/** The sentence that refuses unknown placeholders, naming them and the ones that work. */
export function unknownPlaceholdersMessage(names: readonly string[]): string {
  const shown = names.map((name) => `{${name}}`);
  const list = shown.length === 1 ? shown[0] : `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}`;
  const known = replyPlaceholders.map((name) => `{${name}}`);
  return `${list} ${names.length === 1 ? "is not a placeholder" : "are not placeholders"} this site knows. Use ${known.slice(0, -1).join(", ")} or ${known.at(-1)}.`;
}

function withKnownPlaceholders<T extends z.ZodType<string>>(schema: T) {
  return schema.superRefine((value, ctx) => {
    const unknown = unknownPlaceholders(value);
    if (unknown.length > 0) ctx.addIssue({ code: "custom", message: unknownPlaceholdersMessage(unknown) });
  });
}

const subject = withKnownPlaceholders(
  z
    .string({ error: "Write a subject for the email." })
    .overwrite(cleanSingleLineText)
    .trim()
    .min(1, { error: "Write a subject for the email." })
    .max(replyLimits.subject.max, { error: `Keep the subject under ${replyLimits.subject.max + 1} characters.` }),
);

const body = withKnownPlaceholders(
  z
    .string({ error: "Write the message before sending it." })
    .overwrite(cleanMultiLineText)
    .trim()
    .min(1, { error: "Write the message before sending it." })
    .max(replyLimits.body.max, {
      error: `A message can be at most ${replyLimits.body.max.toLocaleString("en-US")} characters. Shorten it a little.`,
    }),
);

/** The reply form on a request's page. Placeholders typed into it are filled when it is sent. */
export const ReplySchema = z.object({ subject, body });

/** A saved template at /admin/replies. */
export const ReplyTemplateSchema = z
  .object({
    name: z
      .string({ error: "Give the template a name." })
      .overwrite(cleanSingleLineText)
      .trim()
      .min(1, { error: "Give the template a name." })
      .max(replyLimits.name.max, { error: `Keep the name under ${replyLimits.name.max + 1} characters.` }),
    subject,
    body,
    // The Spanish version (ADR 064): optional, both or neither; an empty field is no version.
    subject_es: z.preprocess(emptyToUndefined, subject.optional()),
    body_es: z.preprocess(emptyToUndefined, body.optional()),
  })
  .superRefine((values, ctx) => {
    if (Boolean(values.subject_es) === Boolean(values.body_es)) return;
    ctx.addIssue({
      code: "custom",
      path: [values.subject_es ? "body_es" : "subject_es"],
      message: values.subject_es
        ? "Write the Spanish message too, or leave the Spanish subject empty."
        : "Write the Spanish subject too, or leave the Spanish message empty.",
    });
  });
export type ReplyTemplateValues = z.infer<typeof ReplyTemplateSchema>;

function emptyToUndefined(value: unknown): unknown {
  return typeof value === "string" && value.trim() === "" ? undefined : value;
}

/** Where a reply's email is in its delivery, in the words the request's page uses. */
export function replyDeliveryLabel(status: "pending" | "sending" | "sent" | "failed" | null): string {
  switch (status) {
    case "pending":
      return "Waiting";
    case "sending":
      return "Sending";
    case "sent":
      return "Sent";
    case "failed":
      return "Failed";
    default:
      return "Not queued";
  }
}
