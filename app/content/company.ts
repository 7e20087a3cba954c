/**
 * The defaults a fresh install shows until the owner sets the business profile at /admin/site
 * (stored in the database, read through app/server/site/site.server.ts). Nothing renders these
 * directly: pages read the profile, and the profile falls back to these values.
 */
import type { BusinessProfile } from "#app/schemas/site-rules.ts";
import type { Artwork } from "#app/schemas/content.ts";

const heroImage: Artwork = {
  src: "/images/hero.svg",
  width: 1600,
  height: 900,
  alt: "Illustration of a two-story Houston home with a front porch and a live oak, a brick and lap-siding exterior, and an open garage with new cabinets and a stepladder beside a stack of lumber on the driveway",
};

const aboutImage: Artwork = {
  src: "/images/about.svg",
  width: 1200,
  height: 800,
  alt: "Illustration of a contractor's workshop: a workbench with a circular saw, a hard hat and rolled-up plans, a pegboard of hand tools, lumber leaning against the wall and a tool box beside a window",
};

/**
 * The placeholders: the go-live checklist flags every one the owner has not replaced. The claims
 * (years, licences, insurance, warranty, permits, payments, family-run) are empty: a fresh
 * install says nothing the owner did not say (ADR 056).
 */
export const defaultProfile: BusinessProfile = {
  name: "Example Home Remodeling",
  slogan: "Better homes for Houston, one room at a time.",
  phone: "(713) 555-0147",
  publicEmail: "estimates@example.com",
  leadInbox: "estimates@example.com",
  street: "",
  city: "Houston",
  region: "TX",
  postalCode: "",
  serviceCities: [
    "Houston",
    "Katy",
    "Sugar Land",
    "Pearland",
    "The Woodlands",
    "Spring",
    "Cypress",
    "Pasadena",
    "Bellaire",
    "Humble",
    "Missouri City",
    "League City",
    "Friendswood",
    "Tomball",
  ],
  serviceZips: [],
  hours: {
    mon: { open: "07:00", close: "18:00" },
    tue: { open: "07:00", close: "18:00" },
    wed: { open: "07:00", close: "18:00" },
    thu: { open: "07:00", close: "18:00" },
    fri: { open: "07:00", close: "18:00" },
    sat: { open: "07:00", close: "18:00" },
    sun: null,
  },
  // No claim is made for the owner: each shows only once they enter it (ADR 056).
  yearsInBusiness: null,
  licences: [],
  insurance: "",
  warranty: "",
  permits: "",
  paymentTerms: "",
  familyRun: false,
  claimsReviewed: false,
  links: { google: "", facebook: "", instagram: "", nextdoor: "", yelp: "", bbb: "" },
  // Kitchen, the slogan's first word, then the specification's four cards (ADR 060).
  featuredServices: ["kitchen", "repair", "bathroom", "floor", "fences"],
  // Nor a rating, a price or financing (ADR 061).
  answerPromise: "",
  reviewRating: null,
  reviewCount: null,
  reviewSource: "",
  reviewLink: "",
  reviewPlaceId: "",
  reviewWriteLink: "",
  priceRanges: {},
  financingLink: "",
  financingLabel: "",
  spanish: {},
};

/** The drawings the site shows until the owner picks photos of their own work. */
export const defaultArtwork = { hero: heroImage, about: aboutImage, contact: heroImage } as const;
