/**
 * The site feature: the business profile, the editable texts, the testimonials and the photos
 * chosen for the home hero and the about page. `content()` is the one function pages, emails,
 * the sitemap and structured data read company facts through; it keeps the result in memory for
 * a few seconds, and every change here (or in the gallery) drops it together with the cached
 * pages, so a save shows on the next request. docs/decisions/017-business-profile.md
 */
import { randomUUID } from "node:crypto";
import type { Config } from "../env.server.ts";
import type { Database } from "../db/index.server.ts";
import type { Logger } from "../logger.server.ts";
import type { Gallery } from "../gallery/gallery.server.ts";
import type { PublicPagesHub } from "../public-pages.server.ts";
import { isUuid } from "../ids.server.ts";
import type { GalleryPhoto } from "../../gallery/photo.ts";
import { defaultProfile } from "../../content/company.ts";
import { describeProfile, type SiteProfile } from "../../content/profile.ts";
import { DEFAULT_LOCALE, getTextDefinition, resolveTexts, textDefinitions, type SiteTexts, type TextKind } from "../../content/texts.ts";
import { serviceSlugs } from "../../content/types.ts";
import {
  photoSlots,
  profileLinkKinds,
  testimonialLimits,
  weekdays,
  type BusinessProfile,
  type DayHours,
  type Licence,
  type PhotoChoices,
  type PhotoSlot,
  type SetupBusinessValues,
  type Testimonial,
  type TestimonialFormValues,
} from "../../schemas/site.ts";
import { getStoredProfile, saveStoredProfile, getPhotoChoices, setPhotoChoice } from "../repos/site-profile.server.ts";
import { deleteText, listTexts, saveText } from "../repos/site-texts.server.ts";
import {
  addTestimonial,
  countTestimonials,
  deleteTestimonial,
  listTestimonials,
  moveTestimonial,
  updateTestimonial,
  type TestimonialInput,
} from "../repos/testimonials.server.ts";

/** Everything the public pages show of the business, resolved and ready to render. */
export interface SiteContent {
  profile: SiteProfile;
  texts: SiteTexts;
  testimonials: Testimonial[];
  /** The chosen photos, when still published; null shows the drawing. */
  photos: { hero: GalleryPhoto | null; about: GalleryPhoto | null };
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
  saveText(input: { key: string; value: string; by: string | null }): Promise<SiteChange>;
  restoreText(input: { key: string }): Promise<SiteChange>;
  testimonials(): Promise<Testimonial[]>;
  addTestimonial(input: { values: TestimonialFormValues }): Promise<SiteChange>;
  updateTestimonial(input: { id: string; values: TestimonialFormValues }): Promise<SiteChange>;
  removeTestimonial(input: { id: string }): Promise<SiteChange>;
  moveTestimonial(input: { id: string; direction: string }): Promise<SiteChange>;
  photoChoices(): Promise<PhotoChoices>;
  /** Chooses a published photo for a slot, or clears it (photoId "" or null: the drawing again). */
  choosePhoto(input: { slot: string; photoId: string | null }): Promise<SiteChange>;
  /** Drops the in-process copy (the public-pages hub calls it on every change). */
  dropCache(): void;
}

export interface SiteOptions {
  config: Pick<Config, "env">;
  database: Pick<Database, "db">;
  logger: Logger;
  gallery: Pick<Gallery, "publishedPhoto">;
  publicPages: PublicPagesHub;
  /** How long a read stays fresh without a change (a backstop: every change, on any instance, drops it; ADR 021). */
  cacheMs?: number;
}

const CACHE_MS = 10_000;

const refused = (status: 400 | 404 | 409, error: string): SiteChange => ({ ok: false, status, error });

export function createSite({ config, database, logger, gallery, publicPages, cacheMs = CACHE_MS }: SiteOptions): Site {
  const { db } = database;
  let cached: { content: SiteContent; at: number } | null = null;
  let loading: Promise<SiteContent> | null = null;
  let lastGood: SiteContent | null = null;
  // Bumped by every drop: a read that started before a change must not be kept after it.
  let generation = 0;

  publicPages.onInvalidate(() => {
    generation += 1;
    cached = null;
    loading = null;
  });

  async function readProfile(): Promise<BusinessProfile> {
    const stored = await getStoredProfile({ db });
    return mergeProfile(stored?.data ?? {});
  }

  async function load(): Promise<SiteContent> {
    const [profile, stored, testimonials, choices] = await Promise.all([
      readProfile(),
      listTexts({ db, locale: DEFAULT_LOCALE }),
      listTestimonials({ db }),
      getPhotoChoices({ db }),
    ]);
    const photo = async (slot: PhotoSlot) => {
      const id = choices.get(slot);
      return id ? gallery.publishedPhoto(id) : null;
    };
    const [hero, about] = await Promise.all([photo("hero"), photo("about")]);
    return {
      profile: describeProfile(profile),
      texts: resolveTexts(new Map(stored.map((text) => [text.key, text.value])), profile),
      testimonials,
      photos: { hero, about },
    };
  }

  /** Runs a change and, when it went through, drops every cached page and this cache. */
  async function change(run: () => Promise<SiteChange>): Promise<SiteChange> {
    const result = await run();
    if (result.ok) await publicPages.invalidate();
    return result;
  }

  async function content(): Promise<SiteContent> {
      if (cached && Date.now() - cached.at < cacheMs) return cached.content;
      if (!loading) {
        const started = generation;
        const attempt = load().then(
          (fresh) => {
            if (started === generation) cached = { content: fresh, at: Date.now() };
            lastGood = fresh;
            return fresh;
          },
          (error: unknown) => {
            // Pages keep showing the last good content (or the defaults) while the database is away.
            logger.error("site content could not be read", { error });
            return lastGood ?? defaultContent();
          },
        );
        loading = attempt;
        void attempt.finally(() => {
          if (loading === attempt) loading = null;
        });
      }
      return loading;
  }

  return {
    content,

    async leadInbox() {
      return config.env.LEADS_TO ?? (await content()).profile.leadInbox;
    },

    profile: readProfile,

    async profileSavedAt() {
      return (await getStoredProfile({ db }))?.updatedAt ?? null;
    },

    saveProfile: ({ profile, by }) =>
      change(async () => {
        await saveStoredProfile({ db, data: { ...profile }, updatedBy: by });
        return { ok: true };
      }),

    saveEssentials: ({ values, by }) =>
      change(async () => {
        const current = await readProfile();
        const next: BusinessProfile = {
          ...current,
          name: values.name,
          phone: values.phone,
          publicEmail: values.public_email,
          leadInbox: values.lead_inbox,
          city: values.city,
          serviceCities: values.service_cities.length > 0 ? values.service_cities : current.serviceCities,
          serviceZips: values.service_zips.length > 0 ? values.service_zips : current.serviceZips,
        };
        await saveStoredProfile({ db, data: { ...next }, updatedBy: by });
        return { ok: true };
      }),

    async adminTexts() {
      const [profile, stored] = await Promise.all([readProfile(), listTexts({ db, locale: DEFAULT_LOCALE })]);
      const values = new Map(stored.map((text) => [text.key, text.value]));
      return textDefinitions.map((definition) => {
        const defaultValue = definition.defaultValue(profile);
        const value = values.get(definition.key);
        return {
          key: definition.key,
          group: definition.group,
          label: definition.label,
          kind: definition.kind,
          hint: definition.hint,
          value: value ?? defaultValue,
          defaultValue,
          isDefault: value === undefined,
        };
      });
    },

    saveText: ({ key, value, by }) =>
      change(async () => {
        const definition = getTextDefinition(key);
        if (!definition) return refused(404, "That text does not exist: reload the page and try again.");
        if (definition.kind === "line" && value.includes("\n")) {
          return refused(400, `The ${definition.label.toLowerCase()} is one line: please remove the line breaks.`);
        }
        // Saving the default words keeps following the default (the headline follows the name).
        if (value === definition.defaultValue(await readProfile())) {
          await deleteText({ db, key, locale: DEFAULT_LOCALE });
        } else {
          await saveText({ db, key, locale: DEFAULT_LOCALE, value, updatedBy: by });
        }
        return { ok: true };
      }),

    restoreText: ({ key }) =>
      change(async () => {
        if (!getTextDefinition(key)) return refused(404, "That text does not exist: reload the page and try again.");
        await deleteText({ db, key, locale: DEFAULT_LOCALE });
        return { ok: true };
      }),

    testimonials: () => listTestimonials({ db }),

    addTestimonial: ({ values }) =>
      change(async () => {
        const input = toInput(values);
        if (typeof input === "string") return refused(400, input);
        if ((await countTestimonials({ db })) >= testimonialLimits.count.max) {
          return refused(409, `The site keeps at most ${testimonialLimits.count.max} testimonials: please delete an old one first.`);
        }
        await addTestimonial({ db, id: randomUUID(), values: input });
        return { ok: true };
      }),

    updateTestimonial: ({ id, values }) =>
      change(async () => {
        const input = toInput(values);
        if (typeof input === "string") return refused(400, input);
        if (!isUuid(id) || !(await updateTestimonial({ db, id, values: input }))) {
          return refused(404, "That testimonial is no longer there: it may have been deleted.");
        }
        return { ok: true };
      }),

    removeTestimonial: ({ id }) =>
      change(async () => {
        if (!isUuid(id) || !(await deleteTestimonial({ db, id }))) {
          return refused(404, "That testimonial is no longer there: it may have been deleted.");
        }
        return { ok: true };
      }),

    moveTestimonial: ({ id, direction }) =>
      change(async () => {
        if (direction !== "up" && direction !== "down") return refused(400, "Please move the testimonial up or down.");
        if (!isUuid(id)) return refused(404, "That testimonial is no longer there: it may have been deleted.");
        if (!(await moveTestimonial({ db, id, direction }))) {
          return refused(409, `That testimonial is already ${direction === "up" ? "first" : "last"}.`);
        }
        return { ok: true };
      }),

    async photoChoices() {
      const choices = await getPhotoChoices({ db });
      return Object.fromEntries(photoSlots.map((slot) => [slot, choices.get(slot) ?? null])) as PhotoChoices;
    },

    choosePhoto: ({ slot, photoId }) =>
      change(async () => {
        if (!(photoSlots as readonly string[]).includes(slot)) return refused(400, "Please choose where the photo goes: the home page or the about page.");
        if (!photoId) {
          await setPhotoChoice({ db, slot, photoId: null });
          return { ok: true };
        }
        if (!(await gallery.publishedPhoto(photoId))) {
          return refused(404, "That photo is not published in the gallery: publish it first, then choose it.");
        }
        await setPhotoChoice({ db, slot, photoId });
        return { ok: true };
      }),

    dropCache() {
      generation += 1;
      cached = null;
      loading = null;
    },
  };
}

/** The form's values as the repository stores them, or why they cannot be. */
function toInput(values: TestimonialFormValues): TestimonialInput | string {
  const service = values.service === "" ? null : values.service;
  if (service !== null && !(serviceSlugs as readonly string[]).includes(service)) {
    return "Please choose one of the services, or “The business as a whole”.";
  }
  return {
    quote: values.quote,
    name: values.name,
    place: values.place,
    service,
    givenOn: values.given_on,
    link: values.link === "" ? null : values.link,
  };
}

/** What a fresh install shows: the defaults, no testimonials, the drawings. */
export function defaultContent(): SiteContent {
  return {
    profile: describeProfile(defaultProfile),
    texts: resolveTexts(new Map(), defaultProfile),
    testimonials: [],
    photos: { hero: null, about: null },
  };
}

const isString = (value: unknown): value is string => typeof value === "string";
const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);

/**
 * The stored profile over the defaults, field by field: a field missing or of the wrong shape
 * (written by an older version) reads as its default, so a partial row never breaks a page.
 */
export function mergeProfile(data: Record<string, unknown>): BusinessProfile {
  const pick = <K extends keyof BusinessProfile>(key: K, ok: (value: unknown) => boolean): BusinessProfile[K] =>
    ok(data[key]) ? (data[key] as BusinessProfile[K]) : defaultProfile[key];
  const hoursData = typeof data.hours === "object" && data.hours !== null ? (data.hours as Record<string, unknown>) : null;
  const linksData = typeof data.links === "object" && data.links !== null ? (data.links as Record<string, unknown>) : {};
  const isDay = (value: unknown): value is DayHours =>
    value === null ||
    (typeof value === "object" && isString((value as { open?: unknown }).open) && isString((value as { close?: unknown }).close));
  const isLicences = (value: unknown): value is Licence[] =>
    Array.isArray(value) && value.every((item) => isString(item?.label) && isString(item?.number));
  return {
    name: pick("name", isString),
    slogan: pick("slogan", isString),
    phone: pick("phone", isString),
    publicEmail: pick("publicEmail", isString),
    leadInbox: pick("leadInbox", isString),
    street: pick("street", isString),
    city: pick("city", isString),
    region: pick("region", isString),
    postalCode: pick("postalCode", isString),
    serviceCities: pick("serviceCities", isStringArray),
    serviceZips: pick("serviceZips", isStringArray),
    hours: Object.fromEntries(
      weekdays.map((day) => {
        const value = hoursData?.[day];
        return [day, hoursData && isDay(value) ? value : defaultProfile.hours[day]];
      }),
    ) as BusinessProfile["hours"],
    yearsInBusiness: pick("yearsInBusiness", (value) => value === null || Number.isInteger(value)),
    licences: pick("licences", isLicences),
    insurance: pick("insurance", isString),
    warranty: pick("warranty", isString),
    links: Object.fromEntries(
      profileLinkKinds.map((kind) => [kind, isString(linksData[kind]) ? linksData[kind] : defaultProfile.links[kind]]),
    ) as BusinessProfile["links"],
  };
}
