/**
 * The site's editable texts: each has a key (stored per language in the database), a form, and a
 * default, which is what a fresh install shows and what "Restore the default" brings back. The
 * spec's fixed texts (page titles such as 'Ceramic & Porcelain Tiles') are not in this list.
 */
import { company } from "./company.ts";
import { services } from "./services.ts";
import { joinSections, parseLines, parseSections } from "./markdown.ts";
import { experienceClaim } from "./profile.ts";
import type { BusinessProfile } from "../schemas/site-rules.ts";
import type { ServiceSlug } from "./types.ts";

/**
 * - line: one line of words, no Markdown (headings, summaries used in search results).
 * - markdown: paragraphs with bold, italic, lists and links.
 * - list: one item per line.
 * - sections: "## Title" lines, each followed by its text (the values, the FAQ).
 */
export type TextKind = "line" | "markdown" | "list" | "sections";

export interface TextDefinition {
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
    defaultValue: () => company.about.heading,
  },
  {
    key: "about.body",
    group: "About page",
    label: "Story",
    kind: "markdown",
    hint: "Who you are and how you work. A blank line starts a new paragraph.",
    defaultValue: () => company.about.paragraphs.join("\n\n"),
  },
  {
    key: "about.values",
    group: "About page",
    label: "What you can expect",
    kind: "sections",
    hint: 'Each promise starts with a line "## Title", followed by a sentence or two.',
    defaultValue: () => joinSections(company.about.values.map((value) => ({ title: value.title, body: value.text }))),
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

export interface ServiceTexts {
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
