/**
 * What the pages show of the business profile: the stored profile plus the forms derived from it
 * (the phone as a tel: link, the hours as one line, the location line). Pure and browser-safe:
 * the root loader builds it once per request from the cached profile.
 */
import {
  profileLinkKinds,
  profileLinkLabels,
  weekdayLabels,
  weekdays,
  type BusinessProfile,
  type DayHours,
  type ProfileLinkKind,
  type Weekday,
} from "#app/schemas/site-rules.ts";

export interface SiteProfile extends BusinessProfile {
  phoneHref: string;
  /** "+17135550147", for structured data. */
  phoneE164: string;
  /** "Houston TX, USA": the line the original site showed. */
  location: string;
  /** The street address when there is one, e.g. "1200 Main St, Houston, TX 77002". */
  streetAddress: string | null;
  /** "Mon–Sat, 7 am – 6 pm". */
  hoursSummary: string;
  /** "20 years of experience", or null when the years are not given. */
  experienceClaim: string | null;
  /** The footer's "Licensed and insured.", from what the owner entered; null when nothing (ADR 056). */
  credentialsClaim: string | null;
  /** The links the owner set, labelled, in display order. */
  profileLinks: { kind: ProfileLinkKind; label: string; href: string }[];
}

export function describeProfile(profile: BusinessProfile): SiteProfile {
  const digits = profile.phone.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
  const e164 = `+1${digits}`;
  return {
    ...profile,
    phoneHref: `tel:${e164}`,
    phoneE164: e164,
    location: `${profile.city} ${profile.region}, USA`,
    streetAddress: profile.street
      ? `${profile.street}, ${profile.city}, ${profile.region}${profile.postalCode ? ` ${profile.postalCode}` : ""}`
      : null,
    hoursSummary: summarizeHours(profile.hours),
    experienceClaim: experienceClaim(profile.yearsInBusiness),
    credentialsClaim: credentialsClaim(profile),
    profileLinks: profileLinkKinds
      .filter((kind) => profile.links[kind] !== "")
      .map((kind) => ({ kind, label: profileLinkLabels[kind], href: profile.links[kind] })),
  };
}

/** Exactly the number the owner gave: never rounded up to "over". */
export function experienceClaim(years: number | null): string | null {
  if (years === null || years < 1) return null;
  return years === 1 ? "a year of experience" : `${years} years of experience`;
}

/**
 * "Licensed" only with a licence entered, "insured" only with the owner's insurance sentence:
 * Texas has no state licence for general remodelers, so neither word is ever implied.
 */
export function credentialsClaim({ licences, insurance }: Pick<BusinessProfile, "licences" | "insurance">): string | null {
  const licensed = licences.length > 0;
  const insured = insurance.trim() !== "";
  if (licensed && insured) return "Licensed and insured.";
  if (licensed) return "Licensed.";
  if (insured) return "Insured.";
  return null;
}

/** "7 am", "6:30 pm", "12 pm" from "07:00", "18:30", "12:00". */
export function formatClock(time: string): string {
  const [h = 0, m = 0] = time.split(":").map(Number);
  const suffix = h < 12 ? "am" : "pm";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return m === 0 ? `${hour} ${suffix}` : `${hour}:${String(m).padStart(2, "0")} ${suffix}`;
}

function sameHours(a: DayHours, b: DayHours): boolean {
  return a === null ? b === null : b !== null && a.open === b.open && a.close === b.close;
}

/** Runs of consecutive days with the same hours: "Mon–Fri, 7 am – 6 pm; Sat, 8 am – 12 pm". */
export function summarizeHours(hours: Record<Weekday, DayHours>): string {
  const runs: { from: Weekday; to: Weekday; hours: NonNullable<DayHours> }[] = [];
  let previous: Weekday | null = null;
  for (const day of weekdays) {
    const today = hours[day];
    const last = runs.at(-1);
    if (today && last && previous === last.to && sameHours(last.hours, today)) last.to = day;
    else if (today) runs.push({ from: day, to: day, hours: today });
    previous = day;
  }
  if (runs.length === 0) return "By appointment";
  return runs
    .map(({ from, to, hours: { open, close } }) => {
      const days = from === to ? weekdayLabels[from].short : `${weekdayLabels[from].short}–${weekdayLabels[to].short}`;
      return `${days}, ${formatClock(open)} – ${formatClock(close)}`;
    })
    .join("; ");
}
