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

/** The language the texts are written in; a Spanish site adds "es" per text, in the same table. */
export const DEFAULT_LOCALE = "en";

/** The about page's defaults (the story's first sentence follows the profile's city and years). */
const defaultAbout = {
  heading: "A family-run Houston contractor",
  paragraphs: [
    "What started as a small repair business grew, one referral at a time, into a company that handles kitchens, bathrooms, floors, tile, fences and outdoor living spaces from start to finish.",
    "Most of our work is residential: homeowners who want a dated bathroom brought up to date, a kitchen that works for the way they cook, or a floor that can take kids, pets and Houston humidity. We also work for commercial clients such as offices, small shops and rental property owners who need dependable repairs and tidy upgrades done with as little disruption to their business as possible.",
    "Every job starts the same way. We come out for a free estimate, look at the space, take measurements and listen to what you want. Then you get a written quote that spells out the scope, the materials and the schedule, so there are no surprises later. If something unexpected turns up once the walls or floors are open, we stop, show you, and agree on the change in writing before we go on.",
    "Our crews are licensed and insured, and they treat your home like it is lived in, because it is. We protect floors and furniture, keep the job site clean at the end of every day, haul away our debris, and finish with a walkthrough so you can check every detail. We stand behind our workmanship with a written warranty, and if something we built is not right, we come back and fix it.",
    "Houston is a demanding place to build: heat, humidity, heavy storms and shifting clay soil all test a house. We choose materials and methods that hold up here, and we will tell you honestly when a cheaper option will not last. Call us or send the form for a free estimate, and we will help you plan the project, whatever its size.",
  ],
  values: [
    {
      title: "Free, honest estimates",
      body: "We visit, measure and listen before we price anything, and you get a clear written quote with no pressure to sign.",
    },
    {
      title: "Licensed & insured crews",
      body: "Experienced, licensed and insured crews who show up when they say they will and explain what they are doing.",
    },
    {
      title: "A clean job site",
      body: "Floors and furniture protected, debris hauled away, and the work area swept at the end of every day.",
    },
    {
      title: "Workmanship warranty",
      body: "Every job ends with a walkthrough, and our workmanship is covered by a written warranty.",
    },
  ],
} as const;

function aboutStory(profile: BusinessProfile): string {
  const claim = experienceClaim(profile.yearsInBusiness);
  const opening = `We are a family-run repair and remodeling company based in ${profile.city}${claim ? `, with ${claim}` : ""} in the homes and businesses of the Greater Houston area.`;
  const [first, ...rest] = defaultAbout.paragraphs;
  return [`${opening} ${first}`, ...rest].join("\n\n");
}

const defaultFaq = joinSections([
  {
    title: "Is the estimate really free?",
    body: "Yes. We come out, measure, talk through options and send you a written quote. There is no charge and no obligation to hire us.",
  },
  {
    title: "How soon can you come out?",
    body: "Usually within a few business days. Send the form or call, and we will offer you a time that suits you.",
  },
  {
    title: "Do you pull permits?",
    body: "Yes. Where the City of Houston or your suburb requires a permit for the work, we apply for it and schedule the inspections.",
  },
  {
    title: "How do payments work?",
    body: "Your written quote lists the price and the payment schedule: a deposit to order materials, then payments as the work is done. You never pay in full before the job is finished.",
  },
  {
    title: "What if something unexpected turns up?",
    body: "We stop, show you what we found and agree on the change in writing before we go on.",
  },
]);

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
    hint: "The heading above the story.",
    defaultValue: () => defaultAbout.heading,
  },
  {
    key: "about.body",
    group: "About page",
    label: "Story",
    kind: "markdown",
    hint: "Who you are and how you work. A blank line starts a new paragraph.",
    defaultValue: aboutStory,
  },
  {
    key: "about.values",
    group: "About page",
    label: "What you can expect",
    kind: "sections",
    hint: 'Each promise starts with a line "## Title", followed by a sentence or two.',
    defaultValue: () => joinSections(defaultAbout.values),
  },
  {
    key: "faq",
    group: "Questions and answers",
    label: "Questions and answers",
    kind: "sections",
    hint: 'Each question starts with a line "## Question?", followed by the answer.',
    defaultValue: () => defaultFaq,
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
