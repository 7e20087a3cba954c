/**
 * The site feature: the business profile, the editable texts, the testimonials and the photos
 * chosen for the home hero and the about page. `content()` is the one function pages, emails,
 * the sitemap and structured data read company facts through; it keeps the result in memory for
 * a few seconds, and every change here (or in the gallery) drops it together with the cached
 * pages, so a save shows on the next request (the share card drawn from the name with them:
 * share-card.server.ts). docs/decisions/017-business-profile.md
 */
import { listTestimonials } from "#app/server/repos/testimonials.server.ts";
import { countPublishedPhotosWithoutSpanish, publishedProjectsWithoutSpanish } from "#app/server/repos/spanish-gaps.server.ts";
import { goLiveChecklist } from "#app/server/site/checklist.server.ts";
import { createContentCache } from "#app/server/site/content-cache.server.ts";
import { profileSavedAt, readProfile, saveEssentials, saveProfile } from "#app/server/site/profile.server.ts";
import { adminTexts, restoreText, saveText } from "#app/server/site/texts.server.ts";
import {
  addTestimonial,
  moveTestimonial,
  removeTestimonial,
  testimonialProjects,
  updateTestimonial,
} from "#app/server/site/testimonials.server.ts";
import { choosePhoto, photoChoices } from "#app/server/site/photo-choices.server.ts";
import type { SiteContext, SiteOptions } from "#app/server/site/site-context.server.ts";
import { createShareCards } from "#app/server/site/share-card.server.ts";
import type { Site } from "#app/server/site/types.server.ts";

export type * from "#app/server/site/types.server.ts";
export type { SiteOptions } from "#app/server/site/site-context.server.ts";
export { defaultContent } from "#app/server/site/content-cache.server.ts";
export { mergeProfile } from "#app/server/site/profile.server.ts";

const CACHE_MS = 10_000;

export function createSite({ config, database, logger, gallery, publicPages, cacheMs = CACHE_MS, goLive }: SiteOptions): Site {
  const ctx: SiteContext = { db: database.db, gallery, publicPages };
  const cache = createContentCache(ctx, { logger, publicPages, cacheMs });
  const shareCards = createShareCards();
  const site: Site = {
    content: cache.content,
    leadInbox: async () => config.env.LEADS_TO ?? (await cache.content()).profile.leadInbox,
    profile: () => readProfile(ctx),
    profileSavedAt: () => profileSavedAt(ctx),
    saveProfile: (input) => saveProfile(ctx, input),
    saveEssentials: (input) => saveEssentials(ctx, input),
    adminTexts: () => adminTexts(ctx),
    saveText: (input) => saveText(ctx, input),
    restoreText: (input) => restoreText(ctx, input),
    testimonials: () => listTestimonials({ db: ctx.db }),
    addTestimonial: (input) => addTestimonial(ctx, input),
    updateTestimonial: (input) => updateTestimonial(ctx, input),
    removeTestimonial: (input) => removeTestimonial(ctx, input),
    moveTestimonial: (input) => moveTestimonial(ctx, input),
    testimonialProjects: () => testimonialProjects(ctx),
    photoChoices: () => photoChoices(ctx),
    choosePhoto: (input) => choosePhoto(ctx, input),
    async spanishGaps({ projectLimit }) {
      const [projects, photos] = await Promise.all([
        publishedProjectsWithoutSpanish({ db: ctx.db, limit: projectLimit }),
        countPublishedPhotosWithoutSpanish({ db: ctx.db }),
      ]);
      return { projects, photos };
    },
    async goLiveChecklist() {
      if (!goLive) throw new Error("This site was built without what the go-live checklist reads (createSite's goLive).");
      return goLiveChecklist({ ...goLive, site });
    },
    shareImage: async () => shareCards.fallback(await cache.content()),
    shareCard: async () => shareCards.card((await cache.content()).profile),
    dropCache: cache.drop,
  };
  return site;
}
