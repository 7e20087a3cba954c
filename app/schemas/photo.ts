/**
 * A gallery photo's details, as the admin edits them. Shared by the browser (limits for the
 * fields) and the server, which checks them again before saving or publishing.
 */
import { z } from "zod";
import { serviceSlugs } from "../content/types.ts";
import { ALT_MAX_LENGTH, CAPTION_MAX_LENGTH } from "../gallery/photo.ts";
import { cleanMultiLineText, cleanSingleLineText } from "./text.ts";

/** A draft is uploaded but not yet public; a published photo is on the gallery and service pages. */
export const photoStatuses = ["draft", "published"] as const;
export type PhotoStatus = (typeof photoStatuses)[number];

export const PhotoDetailsSchema = z.object({
  caption: z
    .string()
    .overwrite(cleanMultiLineText)
    .trim()
    .max(CAPTION_MAX_LENGTH, { error: `Please keep the caption under ${CAPTION_MAX_LENGTH + 1} characters.` })
    .default(""),
  alt: z
    .string({ error: "Please describe the photo for people who cannot see it (alt text)." })
    .overwrite(cleanSingleLineText)
    .trim()
    .min(1, { error: "Please describe the photo for people who cannot see it (alt text)." })
    .max(ALT_MAX_LENGTH, { error: `Please keep the alt text under ${ALT_MAX_LENGTH + 1} characters.` }),
  category: z.enum(serviceSlugs, { error: "Please choose which service this photo shows." }),
});

export type PhotoDetailsInput = z.infer<typeof PhotoDetailsSchema>;
