/**
 * The /admin/site forms (business profile, first-run business step, texts, testimonials, photo
 * choices): one schema per form, read by the server; the browser checks the same limits through
 * the HTML attributes built from site-rules.ts. Field names are the forms' own (snake_case).
 */
import { z } from "zod";
import {
  LICENCE_ROWS,
  profileLimits,
  profileLinkKinds,
  testimonialLimits,
  TEXT_MAX_LENGTH,
  isSafeLinkTarget,
  isWebAddress,
  weekdays,
  type BusinessProfile,
  type DayHours,
  type Licence,
  type ProfileLinkKind,
  type Weekday,
} from "#app/schemas/site-rules.ts";
import { HTML_TAG, cleanMultiLineText, cleanSingleLineText } from "#app/schemas/text.ts";
import { featuredFields, featuredOrder, featuredProblems, featuredToFields } from "#app/schemas/site-featured.ts";
import { proofFields, proofProblems, proofToFields, proofValues } from "#app/schemas/site-proof.ts";
import { spanishFields, spanishQuote, spanishToFields, spanishValues } from "#app/schemas/site-spanish.ts";

export * from "#app/schemas/site-rules.ts";
export { featuredOrder } from "#app/schemas/site-featured.ts";

/** "(713) 555-0147" from any way of writing a US number; null when it is not one. */
export function normalizeUsPhone(input: string): string | null {
  let digits = input.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  if (digits.length !== 10 || !/^[2-9]\d{2}[2-9]/.test(digits)) return null;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** A Markdown link's target: `[words](target)`. */
const MARKDOWN_LINK = /\[[^\]\n]*\]\(\s*([^)\s]*)[^)]*\)/g;

/** Why a text cannot be saved, in words; null when it can. */
function textProblem(value: string): string | null {
  if (HTML_TAG.test(value)) {
    return "Texts cannot contain HTML tags such as <b> or <a>. Use **bold**, *italic*, - lists and [words](https://…) links instead.";
  }
  for (const match of value.matchAll(MARKDOWN_LINK)) {
    if (!isSafeLinkTarget(match[1] ?? "")) {
      return `The link to "${match[1]}" cannot be used: links must start with https://, http://, mailto:, tel: or /.`;
    }
  }
  return null;
}

/** A field's text: one line (names, addresses, links), or several (statements, quotes); see text.ts. */
type Lines = "single" | "multi";

const trimmed = (max: number, label: string, lines: Lines = "single") =>
  z
    .string()
    .overwrite(lines === "multi" ? cleanMultiLineText : cleanSingleLineText)
    .trim()
    .max(max, { error: `Please keep ${label} under ${max + 1} characters.` });

const required = (max: number, label: string, missing: string, lines: Lines = "single") =>
  trimmed(max, label, lines).min(1, { error: missing });

const email = (missing: string) =>
  required(profileLimits.email.max, "the email address", missing).pipe(
    z.email({ error: "Please enter a valid email address, like name@yourcompany.com." }),
  );

const phone = required(profileLimits.phone.max, "the phone number", "Please enter the business phone number.").transform((value, ctx) => {
  const normalized = normalizeUsPhone(value);
  if (!normalized) {
    ctx.addIssue({ code: "custom", message: "Please enter a US phone number with area code, like (713) 555-0147." });
    return z.NEVER;
  }
  return normalized;
});

const webLink = (label: string) =>
  trimmed(profileLimits.link.max, "the address").refine((value) => value === "" || isWebAddress(value), {
    error: `The ${label} link must be a full web address starting with https://.`,
  });

/** Cities: one per line or separated by commas; blanks and repeats dropped. */
const cityList = z
  .string()
  .overwrite(cleanMultiLineText)
  .max(profileLimits.serviceCities.max * (profileLimits.serviceCities.itemMax + 2), {
    error: "That list of cities is too long.",
  })
  .transform((value, ctx) => {
    const cities = uniqueItems(value.split(/[\n,;]+/));
    if (cities.length > profileLimits.serviceCities.max) {
      ctx.addIssue({ code: "custom", message: `Please list at most ${profileLimits.serviceCities.max} cities.` });
    }
    const long = cities.find((city) => city.length > profileLimits.serviceCities.itemMax);
    if (long) ctx.addIssue({ code: "custom", message: `"${long.slice(0, 30)}…" is too long for a city name.` });
    if (cities.some((city) => /[<>]/.test(city))) ctx.addIssue({ code: "custom", message: "City names cannot contain < or >." });
    return cities;
  });

const zipList = z
  .string()
  .overwrite(cleanMultiLineText)
  .max(profileLimits.serviceZips.max * 7, { error: "That list of ZIP codes is too long." })
  .transform((value, ctx) => {
    const zips = uniqueItems(value.split(/[\s,;]+/));
    const bad = zips.find((zip) => !/^\d{5}$/.test(zip));
    if (bad) ctx.addIssue({ code: "custom", message: `"${bad.slice(0, 12)}" is not a 5-digit ZIP code.` });
    if (zips.length > profileLimits.serviceZips.max) {
      ctx.addIssue({ code: "custom", message: `Please list at most ${profileLimits.serviceZips.max} ZIP codes.` });
    }
    return zips;
  });

const isZip = (item: string) => /^\d{5}$/.test(item);

/** A list that mixes cities and ZIP codes ("Katy, 77494"), as the first-run step takes it, split in two. */
function separateZips(items: string[]): { cities: string[]; zips: string[] } {
  return { cities: items.filter((item) => !isZip(item)), zips: items.filter(isZip) };
}

function uniqueItems(items: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of items) {
    const item = raw.trim().replace(/\s+/g, " ");
    if (item && !seen.has(item.toLowerCase())) {
      seen.add(item.toLowerCase());
      out.push(item);
    }
  }
  return out;
}

const time = z
  .string()
  .trim()
  .refine((value) => value === "" || /^([01]\d|2[0-3]):[0-5]\d$/.test(value), {
    error: "Please enter a time like 07:00.",
  });

const hoursFields = Object.fromEntries(
  weekdays.flatMap((day) => [
    [`hours_${day}_open`, time.optional().default("")],
    [`hours_${day}_close`, time.optional().default("")],
  ]),
) as Record<`hours_${Weekday}_${"open" | "close"}`, z.ZodDefault<z.ZodOptional<typeof time>>>;

const licenceFields = Object.fromEntries(
  Array.from({ length: LICENCE_ROWS }, (_, i) => [
    [`licence_label_${i}`, trimmed(profileLimits.licences.labelMax, "the licence name").optional().default("")],
    [`licence_number_${i}`, trimmed(profileLimits.licences.numberMax, "the licence number").optional().default("")],
  ]).flat(),
) as Record<string, z.ZodDefault<z.ZodOptional<z.ZodString>>>;

const linkFields = Object.fromEntries(
  profileLinkKinds.map((kind) => [`link_${kind}`, webLink(linkName(kind)).optional().default("")]),
) as Record<`link_${ProfileLinkKind}`, z.ZodDefault<z.ZodOptional<z.ZodString>>>;

function linkName(kind: ProfileLinkKind): string {
  return {
    google: "Google Business Profile",
    facebook: "Facebook",
    instagram: "Instagram",
    nextdoor: "Nextdoor",
    yelp: "Yelp",
    bbb: "BBB",
  }[kind];
}

/** The fields the first-run business step asks for: what a lead needs to reach the business. */
const essentials = {
  name: required(profileLimits.name.max, "the business name", "Please enter the business name."),
  phone,
  public_email: email("Please enter the email address the site shows."),
  lead_inbox: email("Please enter the inbox that should receive estimate requests."),
  city: required(profileLimits.city.max, "the city", "Please enter the city the business is in."),
  service_cities: cityList,
};

export const SetupBusinessSchema = z.object(essentials).transform((values) => {
  const { cities, zips } = separateZips(values.service_cities);
  return { ...values, service_cities: cities, service_zips: zips };
});
export type SetupBusinessValues = z.output<typeof SetupBusinessSchema>;

/** A form value by a computed name ("" when absent). */
function field(values: object, name: string): string {
  const value = (values as Record<string, unknown>)[name];
  return typeof value === "string" ? value : "";
}

/** The whole profile form at /admin/site. */
export const ProfileFormSchema = z
  .object({
    ...essentials,
    slogan: trimmed(profileLimits.slogan.max, "the slogan").optional().default(""),
    street: trimmed(profileLimits.street.max, "the street address").optional().default(""),
    region: trimmed(profileLimits.region.max, "the state")
      .optional()
      .default("TX")
      .transform((value) => value.toUpperCase())
      .refine((value) => /^[A-Z]{2}$/.test(value), { error: "Please enter the state as two letters, like TX." }),
    postal_code: trimmed(profileLimits.postalCode.max, "the ZIP code")
      .optional()
      .default("")
      .refine((value) => value === "" || /^\d{5}(-\d{4})?$/.test(value), { error: "Please enter a 5-digit ZIP code." }),
    service_zips: zipList.optional().default([]),
    years_in_business: z
      .string()
      .trim()
      .optional()
      .default("")
      .transform((value, ctx) => {
        if (value === "") return null;
        const years = Number(value);
        if (!Number.isInteger(years) || years < profileLimits.yearsInBusiness.min || years > profileLimits.yearsInBusiness.max) {
          ctx.addIssue({ code: "custom", message: "Please enter the years in business as a whole number, like 20." });
          return z.NEVER;
        }
        return years;
      }),
    insurance: trimmed(profileLimits.statement.max, "the insurance statement", "multi").optional().default(""),
    warranty: trimmed(profileLimits.statement.max, "the warranty statement", "multi").optional().default(""),
    permits: trimmed(profileLimits.statement.max, "the permits statement", "multi").optional().default(""),
    payment_terms: trimmed(profileLimits.statement.max, "the payment terms", "multi").optional().default(""),
    // A checkbox: present ("yes") when ticked, absent when not.
    family_run: z.string().trim().optional().default(""),
    ...hoursFields,
    ...licenceFields,
    ...linkFields,
    ...featuredFields,
    ...proofFields,
    ...spanishFields,
  })
  .superRefine((values, ctx) => {
    [...featuredProblems(values), ...proofProblems(values)].forEach(([path, message]) =>
      ctx.addIssue({ code: "custom", path: [path], message }),
    );
    for (const day of weekdays) {
      const open = values[`hours_${day}_open`] ?? "";
      const close = values[`hours_${day}_close`] ?? "";
      if ((open === "") !== (close === "")) {
        ctx.addIssue({
          code: "custom",
          path: [`hours_${day}_${open ? "close" : "open"}`],
          message: "Please give both the opening and the closing time, or neither for a day off.",
        });
      } else if (open && close && close <= open) {
        ctx.addIssue({
          code: "custom",
          path: [`hours_${day}_close`],
          message: "The closing time must be after the opening time.",
        });
      }
    }
    for (let i = 0; i < LICENCE_ROWS; i++) {
      const label = field(values, `licence_label_${i}`);
      const number = field(values, `licence_number_${i}`);
      if (label === "" && number !== "") {
        ctx.addIssue({
          code: "custom",
          path: [`licence_label_${i}`],
          message: 'Please say what this number is, like "TDLR electrical contractor".',
        });
      }
    }
  })
  .transform((values): BusinessProfile => {
    const hours = Object.fromEntries(
      weekdays.map((day): [Weekday, DayHours] => {
        const open = values[`hours_${day}_open`] ?? "";
        const close = values[`hours_${day}_close`] ?? "";
        return [day, open && close ? { open, close } : null];
      }),
    ) as Record<Weekday, DayHours>;
    const licences: Licence[] = [];
    for (let i = 0; i < LICENCE_ROWS; i++) {
      const label = field(values, `licence_label_${i}`);
      if (label) licences.push({ label, number: field(values, `licence_number_${i}`) });
    }
    const links = Object.fromEntries(profileLinkKinds.map((kind) => [kind, values[`link_${kind}`] ?? ""])) as Record<
      ProfileLinkKind,
      string
    >;
    return {
      name: values.name,
      slogan: values.slogan,
      phone: values.phone,
      publicEmail: values.public_email,
      leadInbox: values.lead_inbox,
      street: values.street,
      city: values.city,
      region: values.region,
      postalCode: values.postal_code,
      // A ZIP code typed among the cities joins the ZIP codes.
      serviceCities: separateZips(values.service_cities).cities,
      serviceZips: uniqueItems([...values.service_zips, ...separateZips(values.service_cities).zips]),
      hours,
      yearsInBusiness: values.years_in_business,
      licences,
      insurance: values.insurance,
      warranty: values.warranty,
      permits: values.permits,
      paymentTerms: values.payment_terms,
      familyRun: values.family_run === "yes",
      // The whole form shows every claim with its field: what it keeps is the owner's (ADR 056).
      claimsReviewed: true,
      links,
      featuredServices: featuredOrder((slug) => values[`featured_${slug}`]),
      ...proofValues(values),
      ...spanishValues(values),
    };
  });

/** The profile as form fields: what the form shows, and what the CLI turns its flags into. */
export function profileToFields(profile: BusinessProfile): Record<string, string> {
  const fields: Record<string, string> = {
    name: profile.name,
    slogan: profile.slogan,
    phone: profile.phone,
    public_email: profile.publicEmail,
    lead_inbox: profile.leadInbox,
    street: profile.street,
    city: profile.city,
    region: profile.region,
    postal_code: profile.postalCode,
    service_cities: profile.serviceCities.join("\n"),
    service_zips: profile.serviceZips.join(" "),
    years_in_business: profile.yearsInBusiness === null ? "" : String(profile.yearsInBusiness),
    insurance: profile.insurance,
    warranty: profile.warranty,
    permits: profile.permits,
    payment_terms: profile.paymentTerms,
    family_run: profile.familyRun ? "yes" : "",
  };
  for (const day of weekdays) {
    fields[`hours_${day}_open`] = profile.hours[day]?.open ?? "";
    fields[`hours_${day}_close`] = profile.hours[day]?.close ?? "";
  }
  for (let i = 0; i < LICENCE_ROWS; i++) {
    fields[`licence_label_${i}`] = profile.licences[i]?.label ?? "";
    fields[`licence_number_${i}`] = profile.licences[i]?.number ?? "";
  }
  for (const kind of profileLinkKinds) fields[`link_${kind}`] = profile.links[kind];
  return { ...fields, ...featuredToFields(profile.featuredServices), ...proofToFields(profile), ...spanishToFields(profile.spanish) };
}

/** One editable text: its key (see app/content/texts.ts) and the words. */
export const TextFormSchema = z.object({
  key: z.string().overwrite(cleanSingleLineText).trim().min(1, { error: "Please choose a text to change." }).max(100),
  value: z
    .string()
    .max(TEXT_MAX_LENGTH, { error: `Please keep the text under ${TEXT_MAX_LENGTH + 1} characters.` })
    .transform((value) => cleanMultiLineText(value).trim())
    .superRefine((value, ctx) => {
      if (value === "")
        ctx.addIssue({
          code: "custom",
          message: "The text cannot be empty: use “Restore the default” to go back to the original words.",
        });
      const problem = textProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
});

const isoDate = z
  .string()
  .trim()
  .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
    error: "Please enter the date of the review, like 2026-03-14.",
  });

/** A testimonial as the form posts it; `service` is a service slug or "" for the business. */
export const TestimonialFormSchema = z.object({
  quote: required(testimonialLimits.quote.max, "the quote", "Please enter what the customer said.", "multi").refine(
    (value) => !HTML_TAG.test(value),
    { error: "The quote cannot contain HTML tags." },
  ),
  quote_es: spanishQuote,
  name: required(testimonialLimits.name.max, "the name", 'Please enter the customer\'s name as they agreed to show it, like "Maria G.".'),
  place: trimmed(testimonialLimits.place.max, "the neighbourhood or city").optional().default(""),
  service: z.string().trim().max(40).optional().default(""),
  /** A project's id, or "" for none. */
  project: z.string().trim().max(40).optional().default(""),
  given_on: isoDate,
  link: trimmed(testimonialLimits.link.max, "the address")
    .optional()
    .default("")
    .refine((value) => value === "" || isWebAddress(value), {
      error: "The review link must be a full web address starting with https://.",
    }),
});
export type TestimonialFormValues = z.output<typeof TestimonialFormSchema>;

export { fieldErrors, type FormErrors } from "#app/schemas/account.ts";
