/**
 * What the homeowner's quote page sends (issue 27): the pick in its address (`?option=…&extra=…`),
 * a question or a change asked, and the signature. Shared by the page and the server; a refusal
 * is a code the page puts into words in its language (app/i18n/catalog/en/quote.ts).
 */
import { z } from "zod";
import { cleanMultiLineText, cleanSingleLineText } from "#app/schemas/text.ts";

export const quotePageLimits = {
  message: { max: 2000 },
  fullName: { max: 120 },
  /** A drawn mark's SVG path data: a few strokes of a finger stay far below this. */
  mark: { max: 20_000 },
} as const;

/** SVG path data as the page's canvas writes it: commands and numbers only, nothing that could become markup. */
export const SVG_PATH_DATA = /^[MLml0-9 .,-]*$/;

const optionId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);

/** The pick read from a query or a form: an option id and ticked extras (unknown ones are judged later). */
export function readPick(values: URLSearchParams | FormData): { optionId: string | null; extraIds: string[] } {
  const option = values.get("option");
  const extras = values
    .getAll("extra")
    .filter((v): v is string => typeof v === "string")
    .slice(0, 2000);
  return { optionId: typeof option === "string" && optionId.safeParse(option).success ? option : null, extraIds: [...new Set(extras)] };
}

export const QuoteAskSchema = z.object({
  kind: z.enum(["question", "changes"], { error: "kind" }),
  message: z
    .string()
    .transform((value) => cleanMultiLineText(value).trim())
    .pipe(z.string().min(1, { error: "message-required" }).max(quotePageLimits.message.max, { error: "message-too-long" })),
});
export type QuoteAsk = z.infer<typeof QuoteAskSchema>;

export const QuoteSignSchema = z.object({
  version: z.coerce.number().int().min(1),
  shownSha256: z.string().regex(/^[0-9a-f]{64}$/, { error: "changed" }),
  consent: z.literal("yes", { error: "consent" }),
  fullName: z
    .string()
    .transform((value) => cleanSingleLineText(value).trim())
    .pipe(z.string().min(2, { error: "name-required" }).max(quotePageLimits.fullName.max, { error: "name-too-long" })),
  useTypedMark: z.boolean(),
  mark: z
    .string()
    .max(quotePageLimits.mark.max, { error: "mark-too-long" })
    .regex(SVG_PATH_DATA, { error: "mark-invalid" })
    .refine((value) => value === "" || /^\s*M/.test(value), { error: "mark-invalid" }),
});
export type QuoteSign = z.infer<typeof QuoteSignSchema>;

/** Why a post was refused, as the page words it. */
export const quoteRefusals = [
  "kind",
  "message-required",
  "message-too-long",
  "consent",
  "name-required",
  "name-too-long",
  "mark-too-long",
  "mark-invalid",
  "option",
  "extra",
  "changed",
  "not-current",
  "intent",
] as const;
export type QuoteRefusal = (typeof quoteRefusals)[number];

export function toRefusal(message: string | undefined): QuoteRefusal {
  return (quoteRefusals as readonly string[]).includes(message ?? "") ? (message as QuoteRefusal) : "intent";
}

/** "M10 20L12 22…" in at most `max` characters: the mark kind the signature records. */
export function markKindOf(sign: Pick<QuoteSign, "useTypedMark" | "mark">): "keyboard" | "drawn" | "none" {
  if (sign.useTypedMark) return "keyboard";
  return sign.mark.trim() ? "drawn" : "none";
}
