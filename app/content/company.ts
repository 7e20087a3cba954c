/**
 * The defaults a fresh install shows until the owner sets the business profile at /admin/site
 * (stored in the database, read through app/server/site/site.server.ts). Nothing renders these
 * directly: pages read the profile, and the profile falls back to these values.
 */
import type { BusinessProfile } from "../schemas/site-rules.ts";
import type { Artwork } from "./types.ts";

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

/** The placeholders: the go-live checklist flags every one the owner has not replaced. */
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
  yearsInBusiness: 20,
  licences: [],
  insurance: "Our crews are licensed and insured.",
  warranty: "Our workmanship is covered by a written warranty.",
  links: { google: "", facebook: "", instagram: "", nextdoor: "", yelp: "", bbb: "" },
};

/** The drawings the site shows until the owner picks photos of their own work. */
export const defaultArtwork = { hero: heroImage, about: aboutImage } as const;

export const company = {
  name: "Example Home Remodeling",
  slogan: "Better homes for Houston, one room at a time.",
  phone: {
    display: "(713) 555-0147",
    href: "tel:+17135550147",
    e164: "+17135550147",
  },
  email: "estimates@example.com",
  location: "Houston TX, USA",
  address: { locality: "Houston", region: "TX", country: "US" },
  areaServed: [
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
  yearsOfExperience: 20,
  experienceClaim: "over 20 years of experience",
  hours: "Mon–Sat, 7 am – 6 pm",
  heroImage,
  about: {
    heading: "A family-run Houston contractor",
    paragraphs: [
      "We are a family-run repair and remodeling company based in Houston, with over 20 years of experience in the homes and businesses of the Greater Houston area. What started as a small repair business grew, one referral at a time, into a company that handles kitchens, bathrooms, floors, tile, fences and outdoor living spaces from start to finish.",
      "Most of our work is residential: homeowners who want a dated bathroom brought up to date, a kitchen that works for the way they cook, or a floor that can take kids, pets and Houston humidity. We also work for commercial clients such as offices, small shops and rental property owners who need dependable repairs and tidy upgrades done with as little disruption to their business as possible.",
      "Every job starts the same way. We come out for a free estimate, look at the space, take measurements and listen to what you want. Then you get a written quote that spells out the scope, the materials and the schedule, so there are no surprises later. If something unexpected turns up once the walls or floors are open, we stop, show you, and agree on the change in writing before we go on.",
      "Our crews are licensed and insured, and they treat your home like it is lived in, because it is. We protect floors and furniture, keep the job site clean at the end of every day, haul away our debris, and finish with a walkthrough so you can check every detail. We stand behind our workmanship with a written warranty, and if something we built is not right, we come back and fix it.",
      "Houston is a demanding place to build: heat, humidity, heavy storms and shifting clay soil all test a house. We choose materials and methods that hold up here, and we will tell you honestly when a cheaper option will not last. Call us or send the form for a free estimate, and we will help you plan the project, whatever its size.",
    ],
    values: [
      {
        title: "Free, honest estimates",
        text: "We visit, measure and listen before we price anything, and you get a clear written quote with no pressure to sign.",
      },
      {
        title: "Licensed & insured crews",
        text: "Experienced, licensed and insured crews who show up when they say they will and explain what they are doing.",
      },
      {
        title: "A clean job site",
        text: "Floors and furniture protected, debris hauled away, and the work area swept at the end of every day.",
      },
      {
        title: "Workmanship warranty",
        text: "Every job ends with a walkthrough, and our workmanship is covered by a written warranty.",
      },
    ],
    image: aboutImage,
  },
} as const;

export type Company = typeof company;
