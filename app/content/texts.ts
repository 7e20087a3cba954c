/**
 * The site's editable texts: each has a key (stored per language in the database), a form, and a
 * default, which is what a fresh install shows and what "Restore the default" brings back. The
 * spec's fixed texts (page titles such as 'Ceramic & Porcelain Tiles') are not in this list.
 */
import { services } from "#app/content/services.ts";
import { joinSections, parseLines, parseSections } from "#app/content/markdown.ts";
import { experienceClaim } from "#app/content/profile.ts";
import type { BusinessProfile } from "#app/schemas/site-rules.ts";
import type { ServiceSlug } from "#app/schemas/content.ts";

/**
 * - line: one line of words, no Markdown (headings, summaries used in search results).
 * - markdown: paragraphs with bold, italic, lists and links.
 * - list: one item per line.
 * - sections: "## Title" lines, each followed by its text (the values, the FAQ).
 */
export type TextKind = "line" | "markdown" | "list" | "sections";

interface TextDefinition {
  key: string;
  /** Where the text shows, for the admin's list: "Home page", "About page", "Service: Fences", "FAQ". */
  group: string;
  label: string;
  kind: TextKind;
  /** What the owner should know when editing it. */
  hint: string;
  /** The default words; some follow the profile (the hero headline is the business name). */
  defaultValue(profile: BusinessProfile): string;
}

/** An id for the admin's Texts page from a text's key ("service.kitchen.body" → "text-service-kitchen-body"). */
export const textAnchor = (key: string) => `text-${key.replace(/[^a-z0-9]+/gi, "-")}`;

/** The language the texts are written in; a Spanish site adds "es" per text, in the same table. */
export const DEFAULT_LOCALE = "en";

/**
 * The about page's and the FAQ's defaults. They claim nothing for the owner (ADR 056): years,
 * licences, insurance, warranty, permits, payments and "family-run" appear only as the owner
 * entered them in the profile, and a sentence that would need one is left out while it is empty.
 */
const defaultAbout = {
  paragraphs: [
    "We handle kitchens, bathrooms, floors, tile, fences and outdoor living spaces from start to finish, and the repairs that keep a house in good shape.",
    "Most of our work is residential: homeowners who want a dated bathroom brought up to date, a kitchen that works for the way they cook, or a floor that can take kids, pets and Houston humidity. We also work for commercial clients such as offices, small shops and rental property owners who need dependable repairs and tidy upgrades done with as little disruption to their business as possible.",
    "Every job starts the same way. We come out for a free estimate, look at the space, take measurements and listen to what you want. Then you get a written quote that spells out the scope, the materials and the schedule, so there are no surprises later. If something unexpected turns up once the walls or floors are open, we stop, show you, and agree on the change in writing before we go on.",
    "We treat your home like it is lived in, because it is. We protect floors and furniture, keep the job site clean at the end of every day, haul away our debris, and finish with a walkthrough so you can check every detail.",
    "Houston is a demanding place to build: heat, humidity, heavy storms and shifting clay soil all test a house. We choose materials and methods that hold up here, and we will tell you honestly when a cheaper option will not last. Call us or send the form for a free estimate, and we will help you plan the project, whatever its size.",
  ],
  values: [
    {
      title: "Free, honest estimates",
      body: "We visit, measure and listen before we price anything, and you get a clear written quote with no pressure to sign.",
    },
    {
      title: "A clean job site",
      body: "Floors and furniture protected, debris hauled away, and the work area swept at the end of every day.",
    },
    {
      title: "A walkthrough at the end",
      body: "Every job ends with a walkthrough, so you can check every detail with us before we call it done.",
    },
  ],
} as const;

function aboutHeading(profile: BusinessProfile): string {
  return profile.familyRun ? `A family-run ${profile.city} contractor` : `Repair and remodeling in ${profile.city}`;
}

function aboutStory(profile: BusinessProfile): string {
  const claim = experienceClaim(profile.yearsInBusiness);
  const who = profile.familyRun ? "a family-run repair and remodeling company" : "a repair and remodeling company";
  const opening = `We are ${who} based in ${profile.city}${claim ? `, with ${claim}` : ""}, working in the homes and businesses of the Greater Houston area.`;
  const [first, ...rest] = defaultAbout.paragraphs;
  return [`${opening} ${first}`, ...rest].join("\n\n");
}

/**
 * The promises. The licences, insurance and warranty the owner entered have their own section on
 * the about page (components/credentials.tsx), so they are not repeated here (ADR 061).
 */
function aboutValues(): string {
  return joinSections(defaultAbout.values);
}

function defaultFaq(profile: BusinessProfile): string {
  return joinSections([
    {
      title: "Is the estimate really free?",
      body: "Yes. We come out, measure, talk through options and send you a written quote. There is no charge and no obligation to hire us.",
    },
    {
      title: "How soon can you come out?",
      body: "Send the form or call, and we will offer you a time that suits you.",
    },
    ...(profile.permits ? [{ title: "Do you pull permits?", body: profile.permits }] : []),
    ...(profile.paymentTerms ? [{ title: "How do payments work?", body: profile.paymentTerms }] : []),
    {
      title: "What if something unexpected turns up?",
      body: "We stop, show you what we found and agree on the change in writing before we go on.",
    },
  ]);
}

function serviceTexts(slug: ServiceSlug, name: string): TextDefinition[] {
  const service = services.find((s) => s.slug === slug);
  if (!service) throw new Error(`Missing content for service "${slug}"`);
  const group = `Service: ${name}`;
  return [
    {
      key: `service.${slug}.summary`,
      group,
      label: "Summary",
      kind: "line",
      hint: "One or two sentences under the page title; also the text search engines show.",
      defaultValue: () => service.summary,
    },
    {
      key: `service.${slug}.body`,
      group,
      label: "Page text",
      kind: "markdown",
      hint: "What the work includes and how a job runs. A blank line starts a new paragraph.",
      defaultValue: () => service.body.join("\n\n"),
    },
    {
      key: `service.${slug}.list`,
      group,
      label: `List: "${service.listTitle}"`,
      kind: "list",
      hint: "One item per line.",
      defaultValue: () => service.list.join("\n"),
    },
  ];
}

export const textDefinitions: readonly TextDefinition[] = [
  {
    key: "home.headline",
    group: "Home page",
    label: "Headline",
    kind: "line",
    hint: "The big words at the top of the home page. By default, the business name.",
    defaultValue: (profile) => profile.name,
  },
  {
    key: "home.intro",
    group: "Home page",
    label: "Introduction",
    kind: "markdown",
    hint: "A sentence or two under the slogan: what you do and where.",
    defaultValue: (profile) => {
      const claim = experienceClaim(profile.yearsInBusiness);
      return `Home repair and remodeling in ${profile.city}${claim ? ` with ${claim}` : ""}, for homeowners and businesses alike.`;
    },
  },
  {
    key: "about.heading",
    group: "About page",
    label: "Heading",
    kind: "line",
    hint: "The heading above the story. By default it says “family-run” only if you ticked it in the business profile.",
    defaultValue: aboutHeading,
  },
  {
    key: "about.body",
    group: "About page",
    label: "Story",
    kind: "markdown",
    hint: "Who you are and how you work. A blank line starts a new paragraph. By default it follows the business profile (years, family-run); once you change it, it is your words alone.",
    defaultValue: aboutStory,
  },
  {
    key: "about.values",
    group: "About page",
    label: "What you can expect",
    kind: "sections",
    hint: 'Each promise starts with a line "## Title", followed by a sentence or two. The licences, insurance and warranty you entered in the business profile show in a section of their own, next to these.',
    defaultValue: aboutValues,
  },
  {
    key: "faq",
    group: "Questions and answers",
    label: "Questions and answers",
    kind: "sections",
    hint: 'Each question starts with a line "## Question?", followed by the answer. By default, permits and payments are answered with your sentences from the business profile, and left out while those are empty.',
    defaultValue: defaultFaq,
  },
  ...services.flatMap((service) => serviceTexts(service.slug, service.title)),
];

const byKey = new Map(textDefinitions.map((definition) => [definition.key, definition]));

export function getTextDefinition(key: string): TextDefinition | undefined {
  return byKey.get(key);
}

interface ServiceTexts {
  summary: string;
  /** Markdown. */
  body: string;
  list: string[];
}

/** Every editable text, resolved: the stored words where the owner set them, else the defaults. */
export interface SiteTexts {
  home: { headline: string; intro: string };
  about: { heading: string; body: string; values: { title: string; body: string }[] };
  faq: { title: string; body: string }[];
  services: Record<ServiceSlug, ServiceTexts>;
}

export function resolveTexts(stored: ReadonlyMap<string, string>, profile: BusinessProfile): SiteTexts {
  const text = (key: string): string => {
    const definition = byKey.get(key);
    if (!definition) throw new Error(`Unknown text "${key}"`);
    return stored.get(key) ?? definition.defaultValue(profile);
  };
  return {
    home: { headline: text("home.headline"), intro: text("home.intro") },
    about: { heading: text("about.heading"), body: text("about.body"), values: parseSections(text("about.values")) },
    faq: parseSections(text("faq")),
    services: Object.fromEntries(
      services.map((service) => [
        service.slug,
        {
          summary: text(`service.${service.slug}.summary`),
          body: text(`service.${service.slug}.body`),
          list: parseLines(text(`service.${service.slug}.list`)),
        },
      ]),
    ) as Record<ServiceSlug, ServiceTexts>,
  };
}
