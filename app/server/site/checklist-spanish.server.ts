/**
 * The go-live checklist's item about Spanish (ADR 064): the built-in words come in both languages,
 * but what the owner wrote has a Spanish version only when the owner writes one. Everything still
 * missing it is listed by kind (site texts, profile lines, testimonials, projects, photos), each
 * with a link to where it is written; a long kind shows its first few and "and N more" with a link
 * to its whole list. Until then the Spanish pages show the English (a project or photo without its
 * Spanish has no Spanish page). Optional: a site may go live in English only.
 */
import type { AdminText } from "#app/server/site/types.server.ts";
import type { BusinessProfile, Testimonial } from "#app/schemas/site-rules.ts";
import { spanishProfileAnchor, spanishProfileKeys, type SpanishProfileKey } from "#app/schemas/site-spanish.ts";
import { textAnchor } from "#app/content/texts.ts";
import { defaultProfile } from "#app/content/company.ts";
import type { ProjectWithoutSpanish } from "#app/server/repos/spanish-gaps.server.ts";

/** How many things of one kind the checklist names before "and N more". */
export const SHOWN_PER_KIND = 5;

export interface MissingLink {
  label: string;
  href: string;
}

/** One kind of thing missing its Spanish: how many, the first few, and the page listing them all. */
export interface MissingGroup {
  kind: "texts" | "profile" | "testimonials" | "projects" | "photos";
  title: string;
  count: number;
  items: MissingLink[];
  /** What is not named, and where all of them are; null when every one is named. */
  more: { count: number; href: string; label: string } | null;
}

export interface SpanishCheck {
  id: "spanish";
  label: string;
  status: "done" | "optional";
  detail: string;
  fix: string;
  href: string | null;
  /** Each kind of thing still missing its Spanish, with the pages that fix them. */
  missing: MissingGroup[];
}

/** What the item reads: the site's texts, the profile, the testimonials, and the columns of 0020. */
export interface SpanishSources {
  texts: readonly Pick<AdminText, "key" | "label" | "group" | "isDefault" | "spanish">[];
  profile: Pick<BusinessProfile, SpanishProfileKey | "spanish">;
  testimonials: readonly Pick<Testimonial, "id" | "name" | "place" | "quoteEs">[];
  /** The published projects missing Spanish: the first few and how many in all. */
  projects: { total: number; items: readonly ProjectWithoutSpanish[] };
  /** How many published photos have no Spanish description. */
  photos: number;
}

/** Where a text's Spanish field is: its group open, the page scrolled to it. */
export const spanishTextHref = (key: string) => `/admin/site/texts?key=${encodeURIComponent(key)}#${textAnchor(key)}-es`;
/** Where a profile line's Spanish field is, in the profile form. */
export const spanishProfileHref = (key: SpanishProfileKey) => `/admin/site#${spanishProfileAnchor(key)}`;
/** A testimonial's edit form, scrolled to its Spanish quote. */
export const spanishTestimonialHref = (id: string) => `/admin/site/testimonials?edit=${id}#testimonial-${id}-es`;
/** A project's Spanish title and story on its admin page. */
export const spanishProjectHref = (id: string) => `/admin/projects/${id}#project-spanish`;
/** The gallery's published photos that have no Spanish description. */
export const SPANISH_PHOTOS_HREF = "/admin/gallery?spanish=missing";

/** The profile lines as the checklist names them (the admin stays English). */
const PROFILE_LINE_NAMES: Record<SpanishProfileKey, string> = {
  slogan: "Slogan",
  answerPromise: "Answer-time promise",
  insurance: "Insurance statement",
  warranty: "Warranty statement",
  permits: "Permits statement",
  paymentTerms: "Payment terms",
  financingLabel: "Financing link's words",
};

const plural = (count: number, one: string, many: string) => (count === 1 ? `1 ${one}` : `${count} ${many}`);

/** A kind's group: its first few named, the rest counted with the link to their list. */
function group(
  kind: MissingGroup["kind"],
  names: { one: string; many: string; list: string },
  count: number,
  items: readonly MissingLink[],
): MissingGroup | null {
  if (count === 0) return null;
  const shown = items.slice(0, SHOWN_PER_KIND);
  const rest = count - shown.length;
  return {
    kind,
    title: plural(count, names.one, names.many),
    count,
    items: shown,
    more: rest > 0 ? { count: rest, href: names.list, label: `and ${plural(rest, `more ${names.one}`, `more ${names.many}`)}` } : null,
  };
}

/** The profile's written English lines whose Spanish is empty; the built-in slogan has its own Spanish. */
function missingProfileLines(profile: SpanishSources["profile"]): SpanishProfileKey[] {
  return spanishProfileKeys.filter((key) => {
    const english = profile[key].trim();
    if (english === "" || (key === "slogan" && english === defaultProfile.slogan)) return false;
    return !profile.spanish[key]?.trim();
  });
}

function projectLabel(project: ProjectWithoutSpanish): string {
  const what = project.noTitle && project.noStory ? "title and story" : project.noTitle ? "title" : "story";
  return `${project.title}: no Spanish ${what}`;
}

/** Every kind that has something missing its Spanish, in the order the owner meets them. */
export function missingSpanish({ texts, profile, testimonials, projects, photos }: SpanishSources): MissingGroup[] {
  const ownTexts = texts.filter((text) => !text.isDefault && text.spanish.trim() === "");
  const lines = missingProfileLines(profile);
  const quotes = testimonials.filter((testimonial) => testimonial.quoteEs.trim() === "");
  const groups = [
    group(
      "texts",
      { one: "site text", many: "site texts", list: "/admin/site/texts" },
      ownTexts.length,
      ownTexts.map((text) => ({ label: `${text.label} (${text.group})`, href: spanishTextHref(text.key) })),
    ),
    group(
      "profile",
      { one: "profile sentence", many: "profile sentences", list: "/admin/site#profile-spanish" },
      lines.length,
      lines.map((key) => ({ label: PROFILE_LINE_NAMES[key], href: spanishProfileHref(key) })),
    ),
    group(
      "testimonials",
      { one: "testimonial", many: "testimonials", list: "/admin/site/testimonials" },
      quotes.length,
      quotes.map((t) => ({ label: `From ${t.place ? `${t.name}, ${t.place}` : t.name}`, href: spanishTestimonialHref(t.id) })),
    ),
    group(
      "projects",
      { one: "published project", many: "published projects", list: "/admin/projects" },
      projects.total,
      projects.items.map((project) => ({ label: projectLabel(project), href: spanishProjectHref(project.id) })),
    ),
    // The photos are one line: the gallery lists them, many to a page.
    photos === 0
      ? null
      : {
          kind: "photos" as const,
          title: plural(photos, "published photo", "published photos"),
          count: photos,
          items: [{ label: `${photos === 1 ? "1 photo has" : `${photos} photos have`} no Spanish description`, href: SPANISH_PHOTOS_HREF }],
          more: null,
        },
  ];
  return groups.filter((g): g is MissingGroup => g !== null);
}

export function spanishCheck(sources: SpanishSources): SpanishCheck {
  const missing = missingSpanish(sources);
  const base = { id: "spanish", label: "Your own words are in Spanish too", href: null } as const;
  if (missing.length === 0) {
    const own = sources.texts.some((text) => !text.isDefault) || sources.testimonials.length > 0;
    return {
      ...base,
      status: "done",
      detail: own ? "Everything you wrote has its Spanish version." : "The site's texts are the built-in ones, which come in Spanish too.",
      fix: "Nothing to do.",
      missing: [],
    };
  }
  const total = missing.reduce((sum, g) => sum + g.count, 0);
  return {
    ...base,
    status: "optional",
    detail: `${total === 1 ? "One thing you wrote has" : `${total} things you wrote have`} no Spanish version yet: the Spanish pages show your English instead, and a project or photo without its Spanish has no Spanish page.`,
    fix: "Write the Spanish next to the English of each one listed below.",
    missing,
  };
}
