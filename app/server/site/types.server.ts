/** The site's words: what its verbs answer, and the service's shape (`Site`). docs/decisions/017-business-profile.md */
import type { GalleryPhoto } from "#app/schemas/photo-view.ts";
import type { SiteProfile } from "#app/content/profile.ts";
import type { SiteTexts, TextKind } from "#app/content/texts.ts";
import type {
  BusinessProfile,
  PhotoChoices,
  PhotoSlot,
  SetupBusinessValues,
  Testimonial,
  TestimonialFormValues,
  TestimonialProject,
} from "#app/schemas/site.ts";
import type { GoLiveCheck } from "#app/server/site/checklist.server.ts";
import type { ProjectWithoutSpanish } from "#app/server/repos/spanish-gaps.server.ts";
import type { ShareImage } from "#app/schemas/share-image.ts";
import type { Locale } from "#app/i18n/locale.ts";

/** What the public pages show that lacks its Spanish: the first projects and how many, the photos' count. */
export interface SpanishGaps {
  projects: { total: number; items: ProjectWithoutSpanish[] };
  photos: number;
}

/** Everything the public pages show of the business, resolved and ready to render. */
export interface SiteContent {
  profile: SiteProfile;
  texts: SiteTexts;
  testimonials: Testimonial[];
  /** The owner's Spanish versions of the texts, by key, as stored (ADR 064): only those written. */
  spanishTexts: Readonly<Record<string, string>>;
  /** The chosen photos, when still published; null shows the drawing. */
  photos: Record<PhotoSlot, GalleryPhoto | null>;
}

/** One editable text as the admin's list shows it. */
export interface AdminText {
  key: string;
  group: string;
  label: string;
  kind: TextKind;
  hint: string;
  value: string;
  defaultValue: string;
  isDefault: boolean;
  /** The owner's Spanish version, "" when there is none (the Spanish page shows the English then). */
  spanish: string;
}

/** A change that went through, or why not (status and a sentence for the owner). */
export type SiteChange = { ok: true } | { ok: false; status: 400 | 404 | 409; error: string };

export interface Site {
  /** The content every public page reads; cached in this process for CACHE_MS. */
  content(): Promise<SiteContent>;
  /** Where estimate requests go: LEADS_TO when set, else the profile's lead inbox. */
  leadInbox(): Promise<string>;
  /** The stored profile merged over the defaults, for the form. */
  profile(): Promise<BusinessProfile>;
  /** When the owner last saved the profile (null: never, the placeholders show). */
  profileSavedAt(): Promise<string | null>;
  saveProfile(input: { profile: BusinessProfile; by: string | null }): Promise<SiteChange>;
  /** The first-run business step: the essentials, over what is stored. */
  saveEssentials(input: { values: SetupBusinessValues; by: string | null }): Promise<SiteChange>;
  adminTexts(): Promise<AdminText[]>;
  /** English by default; `locale: "es"` saves the optional Spanish version ("" removes it). */
  saveText(input: { key: string; value: string; by: string | null; locale?: Locale }): Promise<SiteChange>;
  restoreText(input: { key: string }): Promise<SiteChange>;
  testimonials(): Promise<Testimonial[]>;
  addTestimonial(input: { values: TestimonialFormValues }): Promise<SiteChange>;
  updateTestimonial(input: { id: string; values: TestimonialFormValues }): Promise<SiteChange>;
  removeTestimonial(input: { id: string }): Promise<SiteChange>;
  moveTestimonial(input: { id: string; direction: string }): Promise<SiteChange>;
  /** The projects a testimonial can be about (the form's choices). */
  testimonialProjects(): Promise<TestimonialProject[]>;
  photoChoices(): Promise<PhotoChoices>;
  /** Chooses a published photo for a slot, or clears it (photoId "" or null: the drawing again). */
  choosePhoto(input: { slot: string; photoId: string | null }): Promise<SiteChange>;
  /** The published projects and photos still missing their Spanish (ADR 064), for the checklist. */
  spanishGaps(input: { projectLimit: number }): Promise<SpanishGaps>;
  /** What still makes the site a template, each item with its fix (ADR 018); the dashboard shows it. */
  goLiveChecklist(): Promise<GoLiveCheck[]>;
  /**
   * What a page's shared link shows when the page has no photo of its own big enough: the home
   * photo, else the card drawn from the business name (ADR 058).
   */
  shareImage(): Promise<ShareImage>;
  /** The card drawn from the business name as it is now: a 1200 × 630 PNG and its version. */
  shareCard(): Promise<{ version: string; png: Buffer }>;
  /** Drops the in-process copy (the public-pages hub calls it on every change). */
  dropCache(): void;
}
