/**
 * The site's content as every public page reads it: kept in memory for a few seconds, dropped on
 * every change (here, in the gallery, or on another instance: ADR 021); while the database is
 * away, pages keep the last good content or the defaults. docs/decisions/017-business-profile.md
 */
import type { Logger } from "#app/server/logger.server.ts";
import type { PublicPagesHub } from "#app/server/public-pages.server.ts";
import { defaultProfile } from "#app/content/company.ts";
import { describeProfile } from "#app/content/profile.ts";
import { DEFAULT_LOCALE, resolveTexts } from "#app/content/texts.ts";
import type { PhotoSlot } from "#app/schemas/site.ts";
import { getPhotoChoices } from "#app/server/repos/site-profile.server.ts";
import { listTexts } from "#app/server/repos/site-texts.server.ts";
import { listTestimonials } from "#app/server/repos/testimonials.server.ts";
import { readProfile } from "#app/server/site/profile.server.ts";
import type { SiteContext } from "#app/server/site/site-context.server.ts";
import type { SiteContent } from "#app/server/site/types.server.ts";

interface ContentCache {
  content(): Promise<SiteContent>;
  drop(): void;
}

async function loadContent({ db, gallery }: SiteContext): Promise<SiteContent> {
  const [profile, stored, storedSpanish, testimonials, choices] = await Promise.all([
    readProfile({ db }),
    listTexts({ db, locale: DEFAULT_LOCALE }),
    listTexts({ db, locale: "es" }),
    listTestimonials({ db }),
    getPhotoChoices({ db }),
  ]);
  const photo = async (slot: PhotoSlot) => {
    const id = choices.get(slot);
    return id ? gallery.publishedPhoto(id) : null;
  };
  const [hero, about, contact] = await Promise.all([photo("hero"), photo("about"), photo("contact")]);
  return {
    profile: describeProfile(profile),
    texts: resolveTexts(new Map(stored.map((text) => [text.key, text.value])), profile),
    testimonials,
    spanishTexts: Object.fromEntries(storedSpanish.map((text) => [text.key, text.value])),
    photos: { hero, about, contact },
  };
}

export function createContentCache(
  ctx: SiteContext,
  { logger, publicPages, cacheMs }: { logger: Logger; publicPages: Pick<PublicPagesHub, "onInvalidate">; cacheMs: number },
): ContentCache {
  let cached: { content: SiteContent; at: number } | null = null;
  let loading: Promise<SiteContent> | null = null;
  let lastGood: SiteContent | null = null;
  // Bumped by every drop: a read that started before a change must not be kept after it.
  let generation = 0;

  function drop() {
    generation += 1;
    cached = null;
    loading = null;
  }
  publicPages.onInvalidate(drop);

  async function content(): Promise<SiteContent> {
    if (cached && Date.now() - cached.at < cacheMs) return cached.content;
    if (!loading) {
      const started = generation;
      const attempt = loadContent(ctx).then(
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

  return { content, drop };
}

/** What a fresh install shows: the defaults, no testimonials, the drawings. */
export function defaultContent(): SiteContent {
  return {
    profile: describeProfile(defaultProfile),
    texts: resolveTexts(new Map(), defaultProfile),
    testimonials: [],
    spanishTexts: {},
    photos: { hero: null, about: null, contact: null },
  };
}
