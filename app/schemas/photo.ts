/**
 * A gallery photo's details, as the admin edits them. Shared by the browser (limits for the
 * fields) and the server, which checks them again before saving or publishing.
 */
import { z } from "zod";
import { serviceSlugs } from "#app/schemas/content.ts";
import { ALT_MAX_LENGTH, CAPTION_MAX_LENGTH } from "#app/schemas/photo-view.ts";
import { cleanMultiLineText, cleanSingleLineText } from "#app/schemas/text.ts";

/** A draft is uploaded but not yet public; a published photo is on the gallery and service pages. */
const photoStatuses = ["draft", "published"] as const;
export type PhotoStatus = (typeof photoStatuses)[number];

/** The admin's word for alt text (ADR 041): a label and its error say it the same way. */
export const DESCRIBE_LABEL = "Describe the photo for people who can't see it";
const DESCRIBE_MESSAGE = "Please describe the photo for people who can't see it.";

export const PhotoDetailsSchema = z.object({
  caption: z
    .string()
    .overwrite(cleanMultiLineText)
    .trim()
    .max(CAPTION_MAX_LENGTH, { error: `Please keep the caption under ${CAPTION_MAX_LENGTH + 1} characters.` })
    .default(""),
  alt: z
    .string({ error: DESCRIBE_MESSAGE })
    .overwrite(cleanSingleLineText)
    .trim()
    .min(1, { error: DESCRIBE_MESSAGE })
    .max(ALT_MAX_LENGTH, {
      error: `Please keep the description for people who can't see the photo under ${ALT_MAX_LENGTH + 1} characters.`,
    }),
  // Optional: while empty, the Spanish pages show the English, marked as English (ADR 064).
  captionEs: z
    .string()
    .overwrite(cleanMultiLineText)
    .trim()
    .max(CAPTION_MAX_LENGTH, { error: `Please keep the Spanish caption under ${CAPTION_MAX_LENGTH + 1} characters.` })
    .default(""),
  altEs: z
    .string()
    .overwrite(cleanSingleLineText)
    .trim()
    .max(ALT_MAX_LENGTH, {
      error: `Please keep the Spanish description under ${ALT_MAX_LENGTH + 1} characters.`,
    })
    .default(""),
  category: z.enum(serviceSlugs, { error: "Please choose which service this photo shows." }),
});

/** The Spanish fields' labels in the admin (the admin itself stays English). */
export const CAPTION_ES_LABEL = "Caption in Spanish (optional)";
export const DESCRIBE_ES_LABEL = "Description in Spanish (optional)";
