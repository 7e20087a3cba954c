/**
 * The business profile's shape and limits, without Zod: the admin forms use them for their HTML
 * attributes (so the browser checks what the server checks), and the public pages use the types.
 * site.ts builds the schemas on these.
 */
import type { ServiceSlug } from "#app/schemas/content.ts";
import type { SpanishProfile } from "#app/schemas/site-spanish.ts";

export const weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof weekdays)[number];

export const weekdayLabels: Record<Weekday, { short: string; long: string }> = {
  mon: { short: "Mon", long: "Monday" },
  tue: { short: "Tue", long: "Tuesday" },
  wed: { short: "Wed", long: "Wednesday" },
  thu: { short: "Thu", long: "Thursday" },
  fri: { short: "Fri", long: "Friday" },
  sat: { short: "Sat", long: "Saturday" },
  sun: { short: "Sun", long: "Sunday" },
};

/** Opening hours of one day, as "HH:MM" in the site's time zone; null when closed. */
export type DayHours = { open: string; close: string } | null;

/** The pages where the business is listed or reviewed, in the order the site shows them. */
export const profileLinkKinds = ["google", "facebook", "instagram", "nextdoor", "yelp", "bbb"] as const;
export type ProfileLinkKind = (typeof profileLinkKinds)[number];

export const profileLinkLabels: Record<ProfileLinkKind, string> = {
  google: "Google Business Profile",
  facebook: "Facebook",
  instagram: "Instagram",
  nextdoor: "Nextdoor",
  yelp: "Yelp",
  bbb: "Better Business Bureau",
};

/** A service's typical price, in whole dollars: what most of its jobs cost, never a quote. */
export interface PriceRange {
  from: number;
  to: number;
}

export interface Licence {
  /** What the number is, e.g. "TDLR electrical contractor". */
  label: string;
  /** The number as issued, e.g. "TECL 12345". */
  number: string;
}

/** What the owner sets at /admin/site; the defaults live in app/content/company.ts. */
export interface BusinessProfile {
  name: string;
  slogan: string;
  /** As shown, e.g. "(713) 555-0147": a US number (the server normalises it). */
  phone: string;
  /** The address the site shows. */
  publicEmail: string;
  /** Where estimate requests go (LEADS_TO still wins when set). */
  leadInbox: string;
  /** Empty when the business shows only its city. */
  street: string;
  city: string;
  /** Two-letter state, e.g. "TX". */
  region: string;
  postalCode: string;
  serviceCities: string[];
  serviceZips: string[];
  hours: Record<Weekday, DayHours>;
  /**
   * The claims (ADR 056): each is shown only when the owner entered it, never by default.
   * Null when the owner would rather not say.
   */
  yearsInBusiness: number | null;
  /** "Licensed" appears on the site only when there is at least one. */
  licences: Licence[];
  /** The owner's sentence about insurance; "" says nothing. */
  insurance: string;
  warranty: string;
  /** Who applies for permits and books inspections, in the owner's words; "" says nothing. */
  permits: string;
  /** How payments work (deposit, schedule, last payment), in the owner's words; "" says nothing. */
  paymentTerms: string;
  /** The owner said the business is family-run. */
  familyRun: boolean;
  /**
   * The owner saved the whole profile form, where every claim is shown with its field, since
   * claims stopped having defaults: an older install's stored copy of an old default (the setup
   * step stored them all) counts as theirs only from then on (ADR 056).
   */
  claimsReviewed: boolean;
  links: Record<ProfileLinkKind, string>;
  /**
   * The services the home page's cards and /services' tiles feature, in the owner's order; the
   * estimate form lists them first (ADR 060). Never empty.
   */
  featuredServices: ServiceSlug[];
  /**
   * The facts homeowners compare on (ADR 061): each optional, shown only once entered. How soon
   * the business answers, in the owner's words, e.g. "We answer within one business day".
   */
  answerPromise: string;
  /** The rating shown by a review site (0.0–5.0, one decimal), with its count, site and page; null: none shown. */
  reviewRating: number | null;
  reviewCount: number | null;
  /** The review site's name, e.g. "Google". */
  reviewSource: string;
  /** The page on that site that shows the rating (https). */
  reviewLink: string;
  /**
   * Where a customer writes a review (issue 29): a Google Place ID (the review address is built
   * from it), or any review page's address (https). "" for none; see review-address.ts.
   */
  reviewPlaceId: string;
  reviewWriteLink: string;
  /** A typical price per service slug; a service without one says nothing about price. */
  priceRanges: Partial<Record<ServiceSlug, PriceRange>>;
  /** The lender's own page (https) and a short label with no figures (Truth in Lending; ADR 061). */
  financingLink: string;
  financingLabel: string;
  /** The owner's Spanish version of the sentences above that visitors read (ADR 064; site-spanish.ts). */
  spanish: SpanishProfile;
}

export const profileLimits = {
  name: { max: 80 },
  slogan: { max: 160 },
  phone: { max: 30 },
  email: { max: 254 },
  street: { max: 120 },
  city: { max: 60 },
  region: { max: 2 },
  postalCode: { max: 10 },
  serviceCities: { max: 40, itemMax: 60 },
  serviceZips: { max: 120 },
  yearsInBusiness: { min: 0, max: 150 },
  licences: { max: 6, labelMax: 100, numberMax: 60 },
  statement: { max: 500 },
  link: { max: 300 },
  answerPromise: { max: 80 },
  reviewRating: { min: 0, max: 5 },
  reviewCount: { min: 1, max: 100_000 },
  reviewSource: { max: 40 },
  /** Google Place IDs are about 27 characters; some are longer. */
  reviewPlaceId: { max: 200 },
  /** Whole dollars. */
  price: { min: 1, max: 10_000_000 },
  financingLabel: { max: 60 },
} as const;

/** How many licence rows the profile form shows (filled ones plus blanks, without JavaScript). */
export const LICENCE_ROWS = profileLimits.licences.max;

export const testimonialLimits = {
  quote: { max: 1200 },
  /** The Spanish says the same in more letters. */
  quoteEs: { max: 1500 },
  name: { max: 80 },
  place: { max: 80 },
  link: { max: 300 },
  /** At most this many testimonials are kept. */
  count: { max: 60 },
} as const;

export interface Testimonial {
  id: string;
  quote: string;
  /** The quote in Spanish (ADR 064), as the customer said it or the owner's translation; "" when not written. */
  quoteEs: string;
  /** The customer's name as they agreed to show it, e.g. "Maria G." */
  name: string;
  /** Neighbourhood or city, e.g. "Heights, Houston". */
  place: string;
  /** A service slug, or null for the business as a whole. */
  service: string | null;
  /** "YYYY-MM-DD": when the review was given. */
  givenOn: string;
  /** Where the review was posted, or null. */
  link: string | null;
  /** The project the review is about, or null (cleared when the project is deleted). */
  projectId: string | null;
  /** That project's public page, while it is published; null otherwise. Its Spanish title and story are "" when not written. */
  project: { slug: string; title: string; titleEs: string; descriptionEs: string } | null;
  position: number;
  /**
   * Set when it came from a homeowner's feedback (issue 29): published by the owner from a comment
   * the homeowner let the business quote; `at` is when that feedback was sent (null if it is gone).
   */
  fromFeedback?: { feedbackId: string; at: string | null };
}

/** A project the testimonial form offers: a draft's page is linked once it is published. */
export interface TestimonialProject {
  id: string;
  title: string;
  isPublished: boolean;
}

/**
 * The photo slots the owner fills from the published gallery; service covers live in the gallery.
 * `contact`: a photo on /contact (the owner, the crew, the truck), kept small on a phone (ADR 060).
 */
export const photoSlots = ["hero", "about", "contact"] as const;

export type PhotoSlot = (typeof photoSlots)[number];
export type PhotoChoices = Record<PhotoSlot, string | null>;

/** The longest editable text, in characters (a service body is about 3,000). */
export const TEXT_MAX_LENGTH = 12_000;

/** True for http(s) addresses with a host: never `javascript:`, `data:` or a bare word. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/** True for https addresses with a host: a page a homeowner is sent to off the site (a rating, a lender). */
export function isHttpsAddress(value: string): boolean {
  return isWebAddress(value) && value.toLowerCase().startsWith("https://");
}

/** Link targets a text may use: web pages, email, phone, or a page of this site. */
export function isSafeLinkTarget(target: string): boolean {
  if (/^\/(?!\/)/.test(target)) return true;
  if (/^(mailto|tel):[^\s]+$/i.test(target)) return true;
  return isWebAddress(target);
}
