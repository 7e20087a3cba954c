/**
 * A project's details as the admin edits them (issue 16, ADR 039). Shared by the browser (limits
 * for the fields) and the server, which checks them again before saving or publishing.
 */
import { z } from "zod";
import { serviceSlugs } from "#app/schemas/content.ts";
import { cleanMultiLineText, cleanSingleLineText } from "#app/schemas/text.ts";

/** A draft is being put together; a published project is on /projects, home and its service page. */
const projectStatuses = ["draft", "published"] as const;
export type ProjectStatus = (typeof projectStatuses)[number];

export const PROJECT_TITLE_MAX_LENGTH = 120;
export const PROJECT_PLACE_MAX_LENGTH = 80;
export const PROJECT_DESCRIPTION_MAX_LENGTH = 2000;
export const PAIR_CAPTION_MAX_LENGTH = 200;
/** The oldest year a project may say it was finished in. */
export const PROJECT_FIRST_YEAR = 1990;

/**
 * What looks like a street address: a house number followed by a word ("1234 Elm St"), or a
 * street word after a name ("Elm Street"). A project says where only as a neighbourhood or city.
 */
const STREET_ADDRESS =
  /(^|\s)#?\d{1,6}[a-z]?\s+\p{L}|\b(street|st\.|avenue|ave\.?|road|rd\.?|drive|dr\.|lane|ln\.?|boulevard|blvd\.?|court|ct\.|circle|cir\.?|parkway|pkwy\.?|suite|apt\.?)(\s|$)/iu;

function looksLikeStreetAddress(place: string): boolean {
  return STREET_ADDRESS.test(place);
}

const singleLine = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).overwrite(cleanSingleLineText).trim().min(1, { error: required }).max(max, { error: tooLong });

export const ProjectDetailsSchema = z
  .object({
    title: singleLine(
      PROJECT_TITLE_MAX_LENGTH,
      "Please give the project a title, like “Kitchen opened up in the Heights”.",
      `Please keep the title under ${PROJECT_TITLE_MAX_LENGTH + 1} characters.`,
    ),
    service: z.enum(serviceSlugs, { error: "Please choose which service this project was." }),
    place: singleLine(
      PROJECT_PLACE_MAX_LENGTH,
      "Please say where the job was: a neighbourhood or city, like “Heights, Houston”.",
      `Please keep the place under ${PROJECT_PLACE_MAX_LENGTH + 1} characters.`,
    ).refine((place) => !looksLikeStreetAddress(place), {
      error:
        "Please give only the neighbourhood or city (like “Heights, Houston”), not a street address: the homeowner's address stays private.",
    }),
    month: z.coerce
      .number({ error: "Please choose the month the job was finished." })
      .int({ error: "Please choose the month the job was finished." })
      .min(1, { error: "Please choose the month the job was finished." })
      .max(12, { error: "Please choose the month the job was finished." }),
    year: z.coerce
      .number({ error: "Please give the year the job was finished, like 2026." })
      .int({ error: "Please give the year the job was finished, like 2026." })
      .min(PROJECT_FIRST_YEAR, { error: `Please give a year from ${PROJECT_FIRST_YEAR}, like 2026.` })
      .max(2100, { error: "Please give the year the job was finished, like 2026." }),
    description: z
      .string()
      .overwrite(cleanMultiLineText)
      .trim()
      .max(PROJECT_DESCRIPTION_MAX_LENGTH, {
        error: `Please keep the description under ${PROJECT_DESCRIPTION_MAX_LENGTH + 1} characters.`,
      })
      .default(""),
    // The Spanish versions (ADR 064): optional; the Spanish page needs both.
    titleEs: z
      .string()
      .overwrite(cleanSingleLineText)
      .trim()
      .max(PROJECT_TITLE_MAX_LENGTH, { error: `Please keep the Spanish title under ${PROJECT_TITLE_MAX_LENGTH + 1} characters.` })
      .default(""),
    descriptionEs: z
      .string()
      .overwrite(cleanMultiLineText)
      .trim()
      .max(PROJECT_DESCRIPTION_MAX_LENGTH, {
        error: `Please keep the Spanish story under ${PROJECT_DESCRIPTION_MAX_LENGTH + 1} characters.`,
      })
      .default(""),
  })
  .refine((p) => `${p.year}-${String(p.month).padStart(2, "0")}` <= nextMonth(), {
    error: "The month the job was finished can't be in the future.",
    path: ["month"],
  });

/** The details form's fields as posted or shown again after a refusal (month and year as typed). */
export interface ProjectFormValues {
  title: string;
  service: string;
  place: string;
  month: string;
  year: string;
  description: string;
  /** "" when the form has no Spanish fields (a new project). */
  titleEs: string;
  descriptionEs: string;
}

const PROJECT_FORM_FIELDS = ["title", "service", "place", "month", "year", "description", "titleEs", "descriptionEs"] as const;

/** The details form's values as posted, each read with `text` (the action's reader of a posted field). */
export function projectFormValues(text: (name: string) => string): ProjectFormValues {
  return Object.fromEntries(PROJECT_FORM_FIELDS.map((name) => [name, text(name)])) as Record<(typeof PROJECT_FORM_FIELDS)[number], string>;
}

/** "YYYY-MM" of next month (UTC): a job finished "this month" in Houston is never refused near midnight. */
function nextMonth(now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** "2026-04" from a month and year. */
export function finishedOn({ month, year }: { month: number; year: number }): string {
  return `${year}-${String(month).padStart(2, "0")}`;
}

const pairCaption = (tooLong: string) =>
  z.string().overwrite(cleanSingleLineText).trim().max(PAIR_CAPTION_MAX_LENGTH, { error: tooLong }).default("");

export const PairCaptionSchema = pairCaption(`Please keep the pair's caption under ${PAIR_CAPTION_MAX_LENGTH + 1} characters.`);
export const PairCaptionEsSchema = pairCaption(`Please keep the pair's Spanish caption under ${PAIR_CAPTION_MAX_LENGTH + 1} characters.`);
